package batch

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The standing table maps each lead to the job whose verified brief
// stands, so the "unchanged" check is one keyed read however many nights
// the queue holds. River's tables hold the outcomes; this is only an index
// into them, and a stale row (a job that was run again) is detected by
// reading the job.
const (
	standingCreate = `CREATE TABLE IF NOT EXISTS citeloop_standing (
	lead_key    TEXT PRIMARY KEY,
	run         TEXT NOT NULL,
	job_id      BIGINT NOT NULL,
	fingerprint TEXT NOT NULL
)`
	standingGet = `SELECT run, job_id, fingerprint FROM citeloop_standing WHERE lead_key = $1`
	// A later job never yields to an earlier one that ends after it.
	standingPut = `INSERT INTO citeloop_standing (lead_key, run, job_id, fingerprint) VALUES ($1, $2, $3, $4)
ON CONFLICT (lead_key) DO UPDATE SET run = excluded.run, job_id = excluded.job_id, fingerprint = excluded.fingerprint
WHERE citeloop_standing.job_id <= excluded.job_id`
)

// standing is a lead's standing verified brief.
type standing struct {
	Ref
	Fingerprint string
}

// standingIndex reads the standing table. Rows are written with a lead's
// files, in one transaction (see outcome_files.go).
type standingIndex interface {
	get(ctx context.Context, key string) (standing, bool, error)
}

// sqliteStanding is the standing table in the embedded database. SQLite
// takes $N placeholders as names; "?" keeps the arguments positional.
type sqliteStanding struct{ db *sql.DB }

func sqlitePlaceholders(q string) string {
	for i := 9; i >= 1; i-- { // at most nine: "$1" would also match "$10"
		q = strings.ReplaceAll(q, fmt.Sprintf("$%d", i), "?")
	}
	return q
}

func (s sqliteStanding) create(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, standingCreate)
	return err
}

func (s sqliteStanding) get(ctx context.Context, key string) (standing, bool, error) {
	var st standing
	err := s.db.QueryRowContext(ctx, sqlitePlaceholders(standingGet), key).Scan(&st.Run, &st.Job, &st.Fingerprint)
	if errors.Is(err, sql.ErrNoRows) {
		return st, false, nil
	}
	return st, err == nil, err
}

// pgStanding is the standing table in PostgreSQL.
type pgStanding struct{ pool *pgxpool.Pool }

func (s pgStanding) create(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, standingCreate)
	return err
}

func (s pgStanding) get(ctx context.Context, key string) (standing, bool, error) {
	var st standing
	err := s.pool.QueryRow(ctx, standingGet, key).Scan(&st.Run, &st.Job, &st.Fingerprint)
	if errors.Is(err, pgx.ErrNoRows) {
		return st, false, nil
	}
	return st, err == nil, err
}
