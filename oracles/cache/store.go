package cache

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver, pure Go

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// FileName is the store's file in its directory.
const FileName = "oracle-cache.db"

// Path is the store's file for a cache directory.
func Path(dir string) string { return filepath.Join(dir, FileName) }

// Store is the on-disk cache: one SQLite database for every oracle and
// every process that names the same directory (a batch's workers share
// it), keyed by oracle identity and DOI. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
}

const schema = `
CREATE TABLE IF NOT EXISTS answers (
	identity  TEXT    NOT NULL,
	doi       TEXT    NOT NULL,
	status    INTEGER NOT NULL,
	record    TEXT,
	stored_at INTEGER NOT NULL,
	PRIMARY KEY (identity, doi)
) WITHOUT ROWID;`

// Open opens (creating it if need be) the store in dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	path := Path(dir)
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=mmap_size(268435456)&_pragma=cache_size(-65536)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("cache: open %s: %w", path, err)
	}
	if _, err := db.Exec(schema + fullTextSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("cache: open %s: %w", path, err)
	}
	return &Store{db: db, path: path}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// row is one stored answer.
type row struct {
	status   oracles.Status
	record   oracles.Record
	storedAt time.Time
}

// maxParams is the most DOIs one query names, below SQLite's limit of
// host parameters.
const maxParams = 500

// get returns the stored answers of identity for dois, whatever their age.
func (s *Store) get(ctx context.Context, identity string, dois []string) (map[string]row, error) {
	out := make(map[string]row, len(dois))
	for start := 0; start < len(dois); start += maxParams {
		chunk := dois[start:min(start+maxParams, len(dois))]
		args := make([]any, 0, len(chunk)+1)
		args = append(args, identity)
		for _, d := range chunk {
			args = append(args, d)
		}
		q := `SELECT doi, status, record, stored_at FROM answers WHERE identity = ? AND doi IN (?` +
			strings.Repeat(",?", len(chunk)-1) + `)`
		rows, err := s.db.QueryContext(ctx, q, args...)
		if err != nil {
			return out, fmt.Errorf("cache: read %s: %w", s.path, err)
		}
		for rows.Next() {
			var (
				d      string
				status int
				rec    sql.NullString
				stored int64
			)
			if err := rows.Scan(&d, &status, &rec, &stored); err != nil {
				rows.Close()
				return out, fmt.Errorf("cache: read %s: %w", s.path, err)
			}
			r := row{status: oracles.Status(status), storedAt: time.UnixMilli(stored).UTC()}
			if r.status == oracles.Found {
				if !rec.Valid || json.Unmarshal([]byte(rec.String), &r.record) != nil {
					continue // a row this version cannot read is a miss
				}
			} else if r.status != oracles.NotFound {
				continue
			}
			out[d] = r
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return out, fmt.Errorf("cache: read %s: %w", s.path, err)
		}
	}
	return out, nil
}

// put stores answers of identity in one transaction.
func (s *Store) put(ctx context.Context, identity string, answers map[string]row) error {
	if len(answers) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("cache: write %s: %w", s.path, err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO answers (identity, doi, status, record, stored_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (identity, doi) DO UPDATE SET status = excluded.status, record = excluded.record, stored_at = excluded.stored_at`)
	if err != nil {
		return fmt.Errorf("cache: write %s: %w", s.path, err)
	}
	defer stmt.Close()
	for d, r := range answers {
		var rec sql.NullString
		if r.status == oracles.Found {
			b, err := json.Marshal(r.record)
			if err != nil {
				return fmt.Errorf("cache: encode %s: %w", d, err)
			}
			rec = sql.NullString{String: string(b), Valid: true}
		}
		if _, err := stmt.ExecContext(ctx, identity, d, int(r.status), rec, r.storedAt.UnixMilli()); err != nil {
			return fmt.Errorf("cache: write %s: %w", s.path, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("cache: write %s: %w", s.path, err)
	}
	return nil
}

// legacyFile is a file of the cache before the store: one JSON file per
// DOI, named by its hash, in a folder per oracle.
var legacyFile = regexp.MustCompile(`^(?:[0-9a-f]{64}\.json|\.tmp-[0-9]+)$`)

// Clear removes the cache in dir: the store's files and the folders of the
// one-file-per-DOI cache that came before it. It removes nothing else: a
// folder holding any other file is left as it is, and so is dir.
func Clear(dir string) (removed []string, err error) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		p := Path(dir) + suffix
		if err := os.Remove(p); err == nil {
			removed = append(removed, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return removed, fmt.Errorf("cache clear: %w", err)
		}
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return removed, nil
	} else if err != nil {
		return removed, fmt.Errorf("cache clear: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		if ok, err := onlyLegacy(sub); err != nil {
			return removed, fmt.Errorf("cache clear: %w", err)
		} else if !ok {
			continue
		}
		if err := os.RemoveAll(sub); err != nil {
			return removed, fmt.Errorf("cache clear: %w", err)
		}
		removed = append(removed, sub)
	}
	return removed, nil
}

// onlyLegacy reports whether dir holds nothing but legacy cache files.
func onlyLegacy(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if e.IsDir() || !legacyFile.MatchString(e.Name()) {
			return false, nil
		}
	}
	return true, nil
}

// sameDOI compares two DOIs as the oracles do.
func sameDOI(a, b string) bool { return doi.Same(a, b) }
