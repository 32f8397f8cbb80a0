package batch

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The run table lists the runs whose summary a batch owes its output
// folder: a run is added when its leads start to be worked here and marked
// summarised once summary.json and the report are written. A process killed
// after the last lead ended but before the summary was whole leaves its run
// unsummarised, and the same command resumes that run to write it, instead
// of starting a new run of every lead. Runs only enqueued here (workers
// elsewhere run them) are not listed: their summary is batch export's.
const (
	runCreateSQLite = `CREATE TABLE IF NOT EXISTS citeloop_run (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	run        TEXT NOT NULL UNIQUE,
	source     TEXT NOT NULL,
	summarized INTEGER NOT NULL DEFAULT 0
)`
	runCreatePostgres = `CREATE TABLE IF NOT EXISTS citeloop_run (
	id         BIGSERIAL PRIMARY KEY,
	run        TEXT NOT NULL UNIQUE,
	source     TEXT NOT NULL,
	summarized BOOLEAN NOT NULL DEFAULT false
)`
	runBeginSQL      = `INSERT INTO citeloop_run (run, source) VALUES ($1, $2) ON CONFLICT (run) DO NOTHING`
	runSummarizedSQL = `UPDATE citeloop_run SET summarized = $1 WHERE run = $2`
	runOwedSQL       = `SELECT run FROM citeloop_run WHERE source = $1 AND summarized = $2 ORDER BY id DESC LIMIT 1`
)

// runIndex reads and writes the run table.
type runIndex interface {
	// begin lists run, of source, as owing its summary.
	begin(ctx context.Context, run, source string) error
	// summarized marks run's summary as written.
	summarized(ctx context.Context, run string) error
	// unsummarized is the newest run of source whose summary is owed, or "".
	unsummarized(ctx context.Context, source string) (string, error)
}

type sqliteRuns struct{ db *sql.DB }

func (s sqliteRuns) create(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, runCreateSQLite)
	return err
}

func (s sqliteRuns) begin(ctx context.Context, run, source string) error {
	_, err := s.db.ExecContext(ctx, sqlitePlaceholders(runBeginSQL), run, source)
	return err
}

func (s sqliteRuns) summarized(ctx context.Context, run string) error {
	_, err := s.db.ExecContext(ctx, sqlitePlaceholders(runSummarizedSQL), 1, run)
	return err
}

func (s sqliteRuns) unsummarized(ctx context.Context, source string) (string, error) {
	var run string
	err := s.db.QueryRowContext(ctx, sqlitePlaceholders(runOwedSQL), source, 0).Scan(&run)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return run, err
}

type pgRuns struct{ pool *pgxpool.Pool }

func (s pgRuns) create(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, runCreatePostgres)
	return err
}

func (s pgRuns) begin(ctx context.Context, run, source string) error {
	_, err := s.pool.Exec(ctx, runBeginSQL, run, source)
	return err
}

func (s pgRuns) summarized(ctx context.Context, run string) error {
	_, err := s.pool.Exec(ctx, runSummarizedSQL, true, run)
	return err
}

func (s pgRuns) unsummarized(ctx context.Context, source string) (string, error) {
	var run string
	err := s.pool.QueryRow(ctx, runOwedSQL, source, false).Scan(&run)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return run, err
}
