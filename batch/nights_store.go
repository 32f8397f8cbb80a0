package batch

import (
	"context"
	"database/sql"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The night-part table records what each night started: one row per leads
// file of the night (its run, folder and file, or why it has no lead), so
// the night job that finishes the night, on whatever worker and however
// often River runs it again, summarises the runs the night began with and
// never reads the files again.
const (
	nightPartCreateSQLite = `CREATE TABLE IF NOT EXISTS citeloop_night_part (
	night TEXT NOT NULL,
	part  TEXT NOT NULL,
	run   TEXT NOT NULL,
	dir   TEXT NOT NULL,
	file  TEXT NOT NULL,
	error TEXT NOT NULL,
	leads INTEGER NOT NULL,
	invalid TEXT NOT NULL,
	PRIMARY KEY (night, part)
)`
	nightPartCreatePostgres = `CREATE TABLE IF NOT EXISTS citeloop_night_part (
	night TEXT NOT NULL,
	part  TEXT NOT NULL,
	run   TEXT NOT NULL,
	dir   TEXT NOT NULL,
	file  TEXT NOT NULL,
	error TEXT NOT NULL,
	leads BIGINT NOT NULL,
	invalid TEXT NOT NULL,
	PRIMARY KEY (night, part)
)`
	nightPartPut = `INSERT INTO citeloop_night_part (night, part, run, dir, file, error, leads, invalid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (night, part) DO NOTHING`
	nightPartList = `SELECT part, run, dir, file, error, leads, invalid FROM citeloop_night_part WHERE night = $1 ORDER BY part`
)

// nightPart is one leads file of a night: its run, or why it has none.
type nightPart struct {
	Part, Run, Dir, File, Err string
	Leads                     int
	// Invalid are its skipped rows, one a line.
	Invalid string
}

// nightParts reads and writes the night-part table.
type nightParts interface {
	put(ctx context.Context, night time.Time, p nightPart) error
	list(ctx context.Context, night time.Time) ([]nightPart, error)
}

func nightKey(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// partRows are *sql.Rows and pgx.Rows alike.
type partRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

func scanParts(rows partRows) ([]nightPart, error) {
	var out []nightPart
	for rows.Next() {
		var p nightPart
		if err := rows.Scan(&p.Part, &p.Run, &p.Dir, &p.File, &p.Err, &p.Leads, &p.Invalid); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

type sqliteNightParts struct{ db *sql.DB }

func (s sqliteNightParts) create(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, nightPartCreateSQLite)
	return err
}

func (s sqliteNightParts) put(ctx context.Context, night time.Time, p nightPart) error {
	_, err := s.db.ExecContext(ctx, sqlitePlaceholders(nightPartPut), nightKey(night), p.Part, p.Run, p.Dir, p.File, p.Err, p.Leads, p.Invalid)
	return err
}

func (s sqliteNightParts) list(ctx context.Context, night time.Time) ([]nightPart, error) {
	rows, err := s.db.QueryContext(ctx, sqlitePlaceholders(nightPartList), nightKey(night))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanParts(rows)
}

type pgNightParts struct{ pool *pgxpool.Pool }

func (s pgNightParts) create(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, nightPartCreatePostgres)
	return err
}

func (s pgNightParts) put(ctx context.Context, night time.Time, p nightPart) error {
	_, err := s.pool.Exec(ctx, nightPartPut, nightKey(night), p.Part, p.Run, p.Dir, p.File, p.Err, p.Leads, p.Invalid)
	return err
}

func (s pgNightParts) list(ctx context.Context, night time.Time) ([]nightPart, error) {
	rows, err := s.pool.Query(ctx, nightPartList, nightKey(night))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return scanParts(rows)
}
