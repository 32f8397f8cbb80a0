package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
)

const helpDir = "testdata/help"

// helpGolden names the golden file of a command path ("citeloop config
// init" → citeloop_config_init.txt).
func helpGolden(path string) string {
	return filepath.Join(helpDir, strings.ReplaceAll(path, " ", "_")+".txt")
}

// commandPaths lists every command of the tree, hidden ones and cobra's
// generated help left out.
func commandPaths(c *cobra.Command) []string {
	out := []string{c.CommandPath()}
	for _, sub := range c.Commands() {
		if sub.Hidden || sub.Name() == "help" {
			continue
		}
		out = append(out, commandPaths(sub)...)
	}
	return out
}

// TestHelpGolden compares `--help` of every command with its golden file.
// A new command fails here until its golden exists: review the help, then
// write it with `go test ./cmd/citeloop -run TestHelpGolden -update`.
func TestHelpGolden(t *testing.T) {
	a, _, _ := testApp(nil)
	root := newRootCmd(a)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	paths := commandPaths(root)
	if *update {
		if err := os.MkdirAll(helpDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for _, path := range paths {
		want = append(want, helpGolden(path))
		t.Run(path, func(t *testing.T) {
			a, stdout, stderr := testApp(nil)
			args := append(strings.Fields(path)[1:], "--help")
			if err := runApp(context.Background(), a, args); err != nil {
				t.Fatalf("%s --help: %v", path, err)
			}
			if stderr.Len() > 0 {
				t.Errorf("%s --help wrote to stderr: %q", path, stderr)
			}
			golden := helpGolden(path)
			if *update {
				if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden help for %q (%v): review its --help, then run go test ./cmd/citeloop -run TestHelpGolden -update", path, err)
			}
			if diff := cmp.Diff(string(data), stdout.String()); diff != "" {
				t.Errorf("%s --help changed (-golden +got); if intended, run with -update:\n%s", path, diff)
			}
		})
	}
	// A golden whose command is gone is stale.
	have, _ := filepath.Glob(filepath.Join(helpDir, "*.txt"))
	for _, f := range have {
		if !slices.Contains(want, f) {
			t.Errorf("%s has no command any more: remove it", f)
		}
	}
}

// TestHelpFitsIn80Columns: rendered where stdout is not a terminal (the
// goldens), no line of any command's help is wider than 80 columns; flag
// lines wrap with their text aligned.
func TestHelpFitsIn80Columns(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(helpDir, "*.txt"))
	if len(files) == 0 {
		t.Fatal("no help goldens")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s:%d is %d columns: %q", f, i+1, n, line)
			}
		}
	}
	if got := wrapLines("  a long line of words that does not fit", 20); got != "  a long line of\n  words that does\n  not fit" {
		t.Errorf("wrapLines = %q", got)
	}
}
