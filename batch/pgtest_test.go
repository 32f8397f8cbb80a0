package batch

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// testDatabaseEnv names the PostgreSQL server tests use. CI must set it
// (.ci/run starts a throwaway server): with CI=true and no server the
// PostgreSQL tests fail rather than silently pass.
const testDatabaseEnv = "CITELOOP_TEST_DATABASE_URL"

// postgresURL returns a fresh, empty database on the test server, dropped
// when the test ends.
func postgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(testDatabaseEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the PostgreSQL tests (.ci/run starts a server)", testDatabaseEnv)
		}
		t.Skipf("%s is not set: no PostgreSQL server to test on (.ci/run starts one)", testDatabaseEnv)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", testDatabaseEnv, err)
	}
	defer admin.Close(ctx)
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "citeloop_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Error(err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

func openTestPostgres(t testing.TB) *Store {
	t.Helper()
	s, err := OpenPostgres(context.Background(), postgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stores runs fn once per database kind.
func stores(t *testing.T, fn func(t *testing.T, open func(testing.TB) *Store)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, openTestSQLite) })
	t.Run("postgres", func(t *testing.T) { fn(t, openTestPostgres) })
}
