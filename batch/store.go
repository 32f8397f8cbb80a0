package batch

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, no cgo
	"riverqueue.com/riverui"
)

// ErrDatabase marks a database that cannot be opened, reached or migrated.
var ErrDatabase = errors.New("batch database")

// client is the part of a River client the batch uses. Its methods do not
// depend on the driver's transaction type, so one engine serves SQLite and
// PostgreSQL.
type client interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
	Stopped() <-chan struct{}
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	Subscribe(kinds ...river.EventKind) (<-chan *river.Event, func())
	JobGet(ctx context.Context, id int64) (*rivertype.JobRow, error)
}

// Store is a River database: the embedded SQLite file or a PostgreSQL
// server shared by several machines.
type Store struct {
	// Name says which database it is, for messages: the file or the
	// server's host and database (never the password).
	Name      string
	embedded  bool
	executor  riverdriver.Executor
	standing  standingIndex
	files     outcomeFiles
	runs      runIndex
	nights    nightParts
	pending   pendingCounter
	newClient func(cfg *river.Config) (client, error)
	// newUI builds River's UI over the same database (see ui.go).
	newUI func(log *slog.Logger) (*riverui.Handler, error)
	close func() error
}

// OpenSQLite opens (creating it if needed) the SQLite database at path and
// migrates River's tables. It uses one connection, as River's SQLite driver
// advises: SQLite runs one writer at a time, and a pool only adds
// SQLITE_BUSY errors.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, path, err)
	}
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, path, err)
	}
	driver := riversqlite.New(db)
	idx, files, runs, nights := sqliteStanding{db}, sqliteOutcomeFiles{db}, sqliteRuns{db}, sqliteNightParts{db}
	err = migrate(ctx, driver)
	if err == nil {
		err = idx.create(ctx)
	}
	if err == nil {
		err = files.create(ctx)
	}
	if err == nil {
		err = runs.create(ctx)
	}
	if err == nil {
		err = nights.create(ctx)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, path, err)
	}
	return &Store{
		Name:     path,
		embedded: true,
		executor: driver.GetExecutor(),
		standing: idx,
		files:    files,
		runs:     runs,
		nights:   nights,
		pending:  sqlitePending{db},
		newClient: func(cfg *river.Config) (client, error) {
			return river.NewClient(driver, cfg)
		},
		newUI: func(log *slog.Logger) (*riverui.Handler, error) {
			c, err := river.NewClient(driver, &river.Config{Logger: log})
			if err != nil {
				return nil, err
			}
			return riverui.NewHandler(&riverui.HandlerOpts{Endpoints: riverui.NewEndpoints(c, nil), Logger: log})
		},
		close: db.Close,
	}, nil
}

// OpenPostgres connects to the PostgreSQL database at databaseURL and
// migrates River's tables under an advisory lock, so several machines may
// start at once.
func OpenPostgres(ctx context.Context, databaseURL string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		// The parse error may quote the URL with its password: leave it out.
		return nil, fmt.Errorf("%w: --database-url is not a valid PostgreSQL URL", ErrDatabase)
	}
	name := fmt.Sprintf("postgres://%s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	if !strings.Contains(databaseURL, "pool_max_conns") {
		// pgx's default (4 on a small machine) starves River's fetch and
		// completion loops behind the leads' own queries.
		cfg.MaxConns = 16
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, name, oneLine{err})
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, name, oneLine{err})
	}
	driver := riverpgxv5.New(pool)
	idx, files, runs, nights := pgStanding{pool}, pgOutcomeFiles{pool}, pgRuns{pool}, pgNightParts{pool}
	err = migrateAlone(ctx, pool, func() error {
		if err := migrate(ctx, driver); err != nil {
			return err
		}
		if err := idx.create(ctx); err != nil {
			return err
		}
		if err := files.create(ctx); err != nil {
			return err
		}
		if err := runs.create(ctx); err != nil {
			return err
		}
		return nights.create(ctx)
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("%w %s: %w", ErrDatabase, name, oneLine{err})
	}
	return &Store{
		Name:     name,
		executor: driver.GetExecutor(),
		standing: idx,
		files:    files,
		runs:     runs,
		nights:   nights,
		pending:  pgPending{pool},
		newClient: func(cfg *river.Config) (client, error) {
			return river.NewClient[pgx.Tx](driver, cfg)
		},
		newUI: func(log *slog.Logger) (*riverui.Handler, error) {
			c, err := river.NewClient[pgx.Tx](driver, &river.Config{Logger: log})
			if err != nil {
				return nil, err
			}
			return riverui.NewHandler(&riverui.HandlerOpts{Endpoints: riverui.NewEndpoints(c, nil), Logger: log})
		},
		close: func() error { pool.Close(); return nil },
	}, nil
}

func migrate[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrateLock is the PostgreSQL advisory lock key under which citeloop
// migrates a database ("citeloop" in ASCII).
const migrateLock int64 = 0x636974656c6f6f70

// migrateAlone runs fn holding a session-level advisory lock, so that
// machines starting at once migrate one after the other: on an empty
// database, two concurrent CREATE TABLE IF NOT EXISTS race on PostgreSQL's
// catalog ("duplicate key value violates unique constraint
// pg_type_typname_nsp_index") even though River's migrator runs each
// migration in a transaction.
func migrateAlone(ctx context.Context, pool *pgxpool.Pool, fn func() error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrateLock); err != nil {
		return fmt.Errorf("migrate: take the migration lock: %w", err)
	}
	defer func() {
		// On a context of its own: a cancelled start still unlocks (the
		// lock would otherwise last as long as the pooled connection).
		_, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrateLock)
	}()
	return fn()
}

// Close closes the database. Stop every engine on it first.
func (s *Store) Close() error { return s.close() }

// oneLine keeps an error's chain but prints it on one line: pgx lists one
// failed address a line, and the CLI's errors are one line.
type oneLine struct{ err error }

func (o oneLine) Error() string { return strings.Join(strings.Fields(o.err.Error()), " ") }
func (o oneLine) Unwrap() error { return o.err }
