// Command testenv tells what a full run of citeloop's tests needs and
// which tests skip without it, since `go test` prints only "ok" for a
// package whose tests skipped:
//
//	go run ./internal/testenv
//
// It checks this machine for each requirement (a PostgreSQL server named
// by CITELOOP_TEST_DATABASE_URL, Chromium, the MCP Inspector named by
// CITELOOP_MCP_INSPECTOR), and lists the tests that need each one, found by
// reading the test sources: a test needs what it, or a test helper it
// calls, asks for. .ci/run installs and starts all three and sets CI=true,
// under which a missing requirement fails its tests instead of skipping
// them.
package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// requirement is a program a full test run needs.
type requirement struct {
	name string
	// calls are the calls, as "pkg.Func" or a string literal, that mark a
	// function as needing it.
	calls []string
	// check reports whether this machine has it, with how to get it.
	check func(getenv func(string) string) (ok bool, how string)
}

var requirements = []requirement{
	{
		name:  "PostgreSQL",
		calls: []string{"batchtest.PostgresURL"},
		check: func(getenv func(string) string) (bool, string) {
			if getenv("CITELOOP_TEST_DATABASE_URL") != "" {
				return true, "CITELOOP_TEST_DATABASE_URL is set"
			}
			return false, "set CITELOOP_TEST_DATABASE_URL to a server's URL (.ci/run starts a throwaway one; Debian: apt-get install postgresql)"
		},
	},
	{
		name:  "Chromium",
		calls: []string{"browsertest.Chromium"},
		check: func(func(string) string) (bool, string) {
			for _, n := range []string{"chromium", "chromium-browser"} {
				if p, err := exec.LookPath(n); err == nil {
					return true, p
				}
			}
			return false, "install it (Debian: apt-get install chromium)"
		},
	},
	{
		name:  "MCP Inspector",
		calls: []string{`"CITELOOP_MCP_INSPECTOR"`},
		check: func(getenv func(string) string) (bool, string) {
			p := getenv("CITELOOP_MCP_INSPECTOR")
			if p == "" {
				return false, "npm install @modelcontextprotocol/inspector@0.15.0 and set CITELOOP_MCP_INSPECTOR to its bin/mcp-inspector (see .ci/run)"
			}
			if _, err := os.Stat(p); err != nil {
				return false, "CITELOOP_MCP_INSPECTOR names " + p + ", which is not there"
			}
			return true, p
		},
	},
}

func main() {
	if err := run(os.Stdout, ".", os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "testenv:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, root string, getenv func(string) string) error {
	needs, short, err := scan(root)
	if err != nil {
		return err
	}
	missing := 0
	for _, req := range requirements {
		ok, how := req.check(getenv)
		state := "found"
		if !ok {
			state, missing = "MISSING", missing+1
		}
		tests := needs[req.name]
		fmt.Fprintf(w, "%s: %s (%s)\n", req.name, state, how)
		verb := "need it"
		if !ok {
			verb = "skip without it"
		}
		fmt.Fprintf(w, "  %s %s:\n", count(len(tests), "test"), verb)
		for _, t := range tests {
			fmt.Fprintf(w, "    %s\n", t)
		}
	}
	fmt.Fprintf(w, "go test -short also skips %s that build the binary or start processes:\n", count(len(short), "test"))
	for _, t := range short {
		fmt.Fprintf(w, "    %s\n", t)
	}
	if missing == 0 {
		fmt.Fprintln(w, "This machine can run every test: go test -race -timeout 25m ./...")
	} else {
		fmt.Fprintf(w, "%d of %d requirements are missing here; .ci/run installs them all and runs every test.\n", missing, len(requirements))
	}
	return nil
}

// count writes "1 test", "2 tests".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// rel names a test as "pkg/dir.TestName".
func rel(root, dir, fn string) string {
	r, err := filepath.Rel(root, dir)
	if err != nil {
		r = dir
	}
	return strings.TrimPrefix(filepath.ToSlash(r), "./") + "." + fn
}
