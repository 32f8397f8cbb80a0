package batch

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/rivertype"
)

// A lead's outcome is stored with its job in two parts: the job's output
// (River's metadata) holds the outcome with each file's SHA-256, and the
// outcome-file table holds the files themselves, keyed by job and name, in
// the same database. Briefs are tens of kilobytes; River carries a job's
// output through its completer's backlog, its completion query, the
// completion events and every job listing, so with the files inline the
// batch's memory and the database's completion work grew with the backlog
// (a 10,000-lead PostgreSQL run peaked at 109 MB of heap, 18 MB of it one
// completion query's parameters). The worker writes the files itself, on
// its own connection, before River records the output: a lead's slot is
// freed only once its files are durable.
const (
	outcomeFileCreateSQLite = `CREATE TABLE IF NOT EXISTS citeloop_outcome_file (
	job_id INTEGER NOT NULL,
	name   TEXT NOT NULL,
	data   BLOB NOT NULL,
	PRIMARY KEY (job_id, name)
)`
	outcomeFileCreatePostgres = `CREATE TABLE IF NOT EXISTS citeloop_outcome_file (
	job_id BIGINT NOT NULL,
	name   TEXT NOT NULL,
	data   BYTEA NOT NULL,
	PRIMARY KEY (job_id, name)
)`
	outcomeFileDelete = `DELETE FROM citeloop_outcome_file WHERE job_id = $1`
	outcomeFileInsert = `INSERT INTO citeloop_outcome_file (job_id, name, data) VALUES ($1, $2, $3)`

	// The outcome table holds each job's output as the worker recorded it,
	// in the transaction of its files, before River completes the job: a
	// lead whose process died between the two (SIGKILL, a lost database)
	// is not run again when River gives its job back, but ends with the
	// recorded outcome (no second model call).
	outcomeCreateSQLite = `CREATE TABLE IF NOT EXISTS citeloop_outcome (
	job_id INTEGER PRIMARY KEY,
	output BLOB NOT NULL
)`
	outcomeCreatePostgres = `CREATE TABLE IF NOT EXISTS citeloop_outcome (
	job_id BIGINT PRIMARY KEY,
	output BYTEA NOT NULL
)`
	outcomePut = `INSERT INTO citeloop_outcome (job_id, output) VALUES ($1, $2)
ON CONFLICT (job_id) DO UPDATE SET output = excluded.output`
	outcomeGet = `SELECT output FROM citeloop_outcome WHERE job_id = $1`
)

// output is a record as its job's output holds it: the files' digests in
// place of the files. An output written before the files moved out has its
// files inline (Files) and no digests; it reads as it did.
type output struct {
	recordJSON
	Files    map[string][]byte `json:"files,omitempty"`
	FileSums map[string]string `json:"file_sha256,omitempty"`
}

// outputOf splits r into what its job's output holds and its files.
func outputOf(r Record) output {
	o := output{recordJSON: jsonOf(r)}
	if len(r.Files) > 0 {
		o.FileSums = make(map[string]string, len(r.Files))
		for name, data := range r.Files {
			o.FileSums[name] = fileSum(data)
		}
	}
	return o
}

func fileSum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// leadStanding is the standing brief a verified lead's job becomes.
type leadStanding struct {
	key string
	standing
}

// outcomeFiles reads and writes the outcome-file table.
type outcomeFiles interface {
	// put records out, job's output, replaces the files stored for job
	// with files and, when st is not nil, makes job the lead's standing
	// brief, in one transaction: one commit (one WAL flush) per lead, and
	// a standing brief whose files are always there.
	put(ctx context.Context, job int64, out []byte, files map[string][]byte, st *leadStanding) error
	// get returns the files stored for each of jobs, by job and name.
	get(ctx context.Context, jobs []int64) (map[int64]map[string][]byte, error)
	// recorded returns the output put recorded for job, if any.
	recorded(ctx context.Context, job int64) ([]byte, bool, error)
}

// decodeRecords reads the records of jobs and joins each to its files,
// checking that they are the files its output names, byte for byte. With
// files nil it reads no file: the records come without them.
func decodeRecords(ctx context.Context, files outcomeFiles, jobs []*rivertype.JobRow) ([]Record, error) {
	ids := make([]int64, len(jobs))
	outs := make([][]byte, len(jobs))
	for i, j := range jobs {
		ids[i], outs[i] = j.ID, j.Output()
		if len(outs[i]) == 0 {
			return nil, fmt.Errorf("batch: job %d completed without an outcome", j.ID)
		}
	}
	return decodeOutputs(ctx, files, ids, outs)
}

// decodeOutputs is decodeRecords of the outputs outs of the jobs ids.
func decodeOutputs(ctx context.Context, files outcomeFiles, jobs []int64, raw [][]byte) ([]Record, error) {
	outs := make([]output, len(jobs))
	var ids []int64
	for i, id := range jobs {
		if err := json.Unmarshal(raw[i], &outs[i]); err != nil {
			return nil, fmt.Errorf("batch: job %d: outcome: %w", id, err)
		}
		if len(outs[i].FileSums) > 0 {
			ids = append(ids, id)
		}
	}
	recs := make([]Record, len(jobs))
	if files == nil {
		for i, o := range outs {
			recs[i] = o.record(o.Files)
		}
		return recs, nil
	}
	var stored map[int64]map[string][]byte
	if len(ids) > 0 {
		var err error
		if stored, err = files.get(ctx, ids); err != nil {
			return nil, fmt.Errorf("batch: files of jobs %d to %d: %w", ids[0], ids[len(ids)-1], err)
		}
	}
	for i, o := range outs {
		fs := o.Files
		if len(o.FileSums) > 0 {
			fs = make(map[string][]byte, len(o.FileSums))
			for _, name := range slices.Sorted(maps.Keys(o.FileSums)) {
				data, ok := stored[jobs[i]][name]
				switch {
				case !ok:
					return nil, fmt.Errorf("batch: job %d: file %q of its outcome is missing", jobs[i], name)
				case fileSum(data) != o.FileSums[name]:
					return nil, fmt.Errorf("batch: job %d: file %q is not the one its outcome recorded (SHA-256 differs)", jobs[i], name)
				}
				fs[name] = data
			}
		}
		recs[i] = o.record(fs)
	}
	return recs, nil
}

// recordedOutcome returns the outcome the worker recorded for job before
// River completed it, with its files, if it recorded one.
func recordedOutcome(ctx context.Context, files outcomeFiles, job int64) (Record, bool, error) {
	out, ok, err := files.recorded(ctx, job)
	if err != nil || !ok {
		return Record{}, false, err
	}
	recs, err := decodeOutputs(ctx, files, []int64{job}, [][]byte{out})
	if err != nil {
		return Record{}, false, err
	}
	return recs[0], true, nil
}

// fileRows are the rows of a job_id, name, data query: *sql.Rows and
// pgx.Rows alike.
type fileRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanFiles reads rows into files by job and name.
func scanFiles(rows fileRows) (map[int64]map[string][]byte, error) {
	got := map[int64]map[string][]byte{}
	for rows.Next() {
		var (
			id   int64
			name string
			data []byte
		)
		if err := rows.Scan(&id, &name, &data); err != nil {
			return nil, err
		}
		if got[id] == nil {
			got[id] = map[string][]byte{}
		}
		if data == nil {
			data = []byte{} // an empty file, as the runner gave it
		}
		got[id][name] = data
	}
	return got, rows.Err()
}

// sqliteOutcomeFiles is the outcome-file table in the embedded database.
type sqliteOutcomeFiles struct{ db *sql.DB }

func (s sqliteOutcomeFiles) create(ctx context.Context) error {
	for _, q := range []string{outcomeFileCreateSQLite, outcomeCreateSQLite} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

func (s sqliteOutcomeFiles) put(ctx context.Context, job int64, out []byte, files map[string][]byte, st *leadStanding) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, sqlitePlaceholders(outcomeFileDelete), job); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, sqlitePlaceholders(outcomePut), job, out); err != nil {
		return err
	}
	for name, data := range files {
		if _, err := tx.ExecContext(ctx, sqlitePlaceholders(outcomeFileInsert), job, name, data); err != nil {
			return err
		}
	}
	if st != nil {
		if _, err := tx.ExecContext(ctx, sqlitePlaceholders(standingPut), st.key, st.Run, st.Job, st.Fingerprint); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (s sqliteOutcomeFiles) get(ctx context.Context, jobs []int64) (map[int64]map[string][]byte, error) {
	args := make([]any, len(jobs))
	for i, id := range jobs {
		args[i] = id
	}
	q := "SELECT job_id, name, data FROM citeloop_outcome_file WHERE job_id IN (?" + strings.Repeat(", ?", len(jobs)-1) + ")"
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanFiles(rows)
}

// pgOutcomeFiles is the outcome-file table in PostgreSQL.
type pgOutcomeFiles struct{ pool *pgxpool.Pool }

func (s pgOutcomeFiles) create(ctx context.Context) error {
	for _, q := range []string{outcomeFileCreatePostgres, outcomeCreatePostgres} {
		if _, err := s.pool.Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

func (s pgOutcomeFiles) put(ctx context.Context, job int64, out []byte, files map[string][]byte, st *leadStanding) error {
	// One round trip for the statements, one for the commit.
	b := &pgx.Batch{}
	b.Queue(outcomeFileDelete, job)
	b.Queue(outcomePut, job, out)
	for name, data := range files {
		b.Queue(outcomeFileInsert, job, name, data)
	}
	if st != nil {
		b.Queue(standingPut, st.key, st.Run, st.Job, st.Fingerprint)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.SendBatch(ctx, b).Close()
	})
}

func (s pgOutcomeFiles) get(ctx context.Context, jobs []int64) (map[int64]map[string][]byte, error) {
	rows, err := s.pool.Query(ctx, "SELECT job_id, name, data FROM citeloop_outcome_file WHERE job_id = ANY($1)", jobs)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanFiles(rows)
}

func (s sqliteOutcomeFiles) recorded(ctx context.Context, job int64) ([]byte, bool, error) {
	var out []byte
	err := s.db.QueryRowContext(ctx, sqlitePlaceholders(outcomeGet), job).Scan(&out)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	return out, err == nil, err
}

func (s pgOutcomeFiles) recorded(ctx context.Context, job int64) ([]byte, bool, error) {
	var out []byte
	err := s.pool.QueryRow(ctx, outcomeGet, job).Scan(&out)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	return out, err == nil, err
}
