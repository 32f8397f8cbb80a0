package batchtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Cluster is a PostgreSQL server a test owns: its own data folder and
// port on loopback, so the test may stop it abruptly (a crash, a lost
// database) without touching the server other tests share. It is stopped
// and removed when the test ends.
type Cluster struct {
	// URL is the cluster's postgres database.
	URL  string
	bin  string
	dir  string
	opts string
	run  func(args ...string) error
}

// OwnCluster starts a throwaway PostgreSQL server (initdb and pg_ctl as
// .ci/run runs them, as the postgres user when run as root). Without
// PostgreSQL's programs it skips the test, or fails it under CI=true
// (.ci/run installs them).
func OwnCluster(t testing.TB) *Cluster {
	t.Helper()
	bin := pgBin()
	if bin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("initdb is not installed: CI must run the tests that own a PostgreSQL cluster (.ci/run installs postgresql)")
		}
		t.Skip("initdb is not installed: no PostgreSQL cluster of this test's own")
	}
	dir, err := os.MkdirTemp("", "citeloop-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &Cluster{bin: bin, dir: dir}
	c.run = func(args ...string) error {
		cmd := exec.Command(filepath.Join(bin, args[0]), args[1:]...)
		if os.Geteuid() == 0 {
			// initdb refuses root: the cluster runs as postgres.
			quoted := make([]string, len(args))
			for i, a := range args {
				quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
			}
			quoted[0] = "'" + filepath.Join(bin, args[0]) + "'"
			cmd = exec.Command("su", "postgres", "-s", "/bin/sh", "-c", strings.Join(quoted, " "))
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %w\n%s", args[0], err, out)
		}
		return nil
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root without a postgres user: %v", err)
		}
		if out, err := exec.Command("chown", u.Username, dir).CombinedOutput(); err != nil {
			t.Fatalf("chown: %v %s", err, out)
		}
	}
	t.Cleanup(func() {
		_ = c.run("pg_ctl", "-D", filepath.Join(dir, "data"), "-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	port := freePort(t)
	if err := c.run("initdb", "-D", filepath.Join(dir, "data"), "-A", "trust", "-U", "postgres"); err != nil {
		t.Fatal(err)
	}
	c.opts = fmt.Sprintf("-k %s -c listen_addresses=127.0.0.1 -p %d", dir, port)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	return c
}

// Start starts the cluster (again).
func (c *Cluster) Start() error {
	return c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-l", filepath.Join(c.dir, "log"), "-w", "-o", c.opts, "start")
}

// Crash stops the cluster at once, as a crash or a pulled cable would
// (pg_ctl -m immediate): connections drop and nothing is shut down
// cleanly.
func (c *Cluster) Crash() error {
	return c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "stop")
}

// pgBin is the newest PostgreSQL's bin folder, "" when none is installed.
func pgBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
