// Package batchtest gives batch tests and benchmarks what they share: a
// throwaway PostgreSQL database, an accelerated clock and a heap sampler.
package batchtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// DatabaseEnv names the PostgreSQL server tests use. CI must set it
// (.ci/run starts a throwaway server): with CI=true and no server the
// PostgreSQL tests fail rather than silently pass.
const DatabaseEnv = "CITELOOP_TEST_DATABASE_URL"

// PostgresURL returns a fresh, empty database on the test server, dropped
// when the test ends. Without a server it skips the test, or fails it under
// CI=true.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(DatabaseEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the PostgreSQL tests (.ci/run starts a server)", DatabaseEnv)
		}
		t.Skipf("%s is not set: no PostgreSQL server to test on (.ci/run starts one)", DatabaseEnv)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", DatabaseEnv, err)
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
