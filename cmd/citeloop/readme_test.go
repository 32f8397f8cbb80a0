package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/shlex"

	"github.com/citeloop/citeloop/pipeline"
)

const readmePath = "../../README.md"

// readmeCommands returns the citeloop command lines of the README's sh code
// blocks ("go run ./cmd/citeloop ..." or "citeloop ..."), continuation
// lines joined, as argument lists without the program and comments.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	inBlock := false
	var pending string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = strings.HasPrefix(line, "```sh") && !inBlock
			continue
		}
		if !inBlock {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(line), `\`) {
			pending += strings.TrimSuffix(strings.TrimSpace(line), `\`) + " "
			continue
		}
		line, pending = pending+line, ""
		words, err := shlex.Split(line)
		if err != nil {
			t.Fatalf("README line %q: %v", line, err)
		}
		switch {
		case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/citeloop":
			out = append(out, words[3:])
		case len(words) >= 1 && (words[0] == "citeloop" || strings.Contains(line, "| citeloop")):
			out = append(out, words)
		case slices.ContainsFunc(words, func(w string) bool { return strings.HasSuffix(w, "citeloop") }):
			out = append(out, words) // e.g. an environment variable first
		}
	}
	return out
}

// TestReadmeOfflineExamplesRun runs every offline citeloop command of the
// README through the CLI, --out redirected to a temporary directory. The
// others are skipped, each saying why: they need an API key or the network
// (no --offline), a pipe, or a file of the user's that the repository does
// not have.
func TestReadmeOfflineExamplesRun(t *testing.T) {
	cmds := readmeCommands(t)
	ran := 0
	for _, words := range cmds {
		name := strings.Join(words, " ")
		t.Run(name, func(t *testing.T) {
			switch {
			case words[0] == "citeloop" && slices.Contains(words, "-") || !strings.HasPrefix(words[0], "citeloop") && words[0] != "brief" && words[0] != "check":
				t.Skip("not run: a pipe or environment variables (needs other programs or keys)")
			case !slices.Contains(words, "--offline"):
				t.Skip("not run: needs an API key or the network (no --offline)")
			}
			args := slices.Clone(words)
			if args[0] == "citeloop" {
				args = args[1:]
			}
			for i := 0; i < len(args); i++ {
				switch {
				case (args[i] == "--out" || args[i] == "-o") && i+1 < len(args):
					args[i+1] = filepath.Join(t.TempDir(), "out")
					i++
				case strings.HasPrefix(args[i], "-"):
				case i > 0 && (args[i-1] == "--sources" || args[i-1] == "--leads" || args[i-1] == "--corpus" || args[0] == "check"):
					path := filepath.Join("..", "..", args[i])
					if _, err := os.Stat(path); err != nil {
						t.Skipf("not run: needs the user's file %s", args[i])
					}
					args[i] = path
				}
			}
			ran++
			a, stdout, stderr := testApp(nil)
			err := runApp(context.Background(), a, args)
			code := exitCode(err)
			want := []int{exitOK}
			if args[0] == "check" {
				want = []int{exitOK, exitNotVerified} // a document may cite DOIs the corpus lacks
			}
			if !slices.Contains(want, code) {
				t.Errorf("exit %d (%v), want one of %v\nstdout: %s\nstderr: %s", code, err, want, stdout, stderr)
			}
		})
	}
	if ran < 3 {
		t.Errorf("ran %d README examples, want at least the offline brief examples and check --offline", ran)
	}
}

var exitRow = regexp.MustCompile(`^\|\s*(\d+)\s*\|([^|]*)\|([^|]*)\|$`)

// TestReadmeExitCodeTable checks the README's exit-code table against the
// CLI: each end reason maps to its row's code, the table lists the codes of
// exitCodesHelp, and the codes a test can cause offline are caused through
// the CLI.
func TestReadmeExitCodeTable(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	var codes []int
	for _, line := range strings.Split(string(data), "\n") {
		m := exitRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		code, _ := strconv.Atoi(m[1])
		codes = append(codes, code)
		for _, r := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(m[2], -1) {
			if got := endReasonCode(pipeline.EndReason(r[1])); got != code {
				t.Errorf("README: %s exits %d, the CLI exits %d", r[1], code, got)
			}
		}
		if !strings.Contains(exitCodesHelp, "\n  "+m[1]+" ") && !strings.Contains(exitCodesHelp, "\n  "+m[1]+"  ") {
			t.Errorf("README lists exit %d, --help does not", code)
		}
	}
	if want := []int{0, 1, 2, 3, 4, 5, 6, 130}; !slices.Equal(codes, want) {
		t.Fatalf("README exit codes = %v, want %v", codes, want)
	}

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	runs := []struct {
		code int
		ctx  context.Context
		args []string
	}{
		{exitOK, context.Background(), []string{"brief", "--offline", "--topic", "breast cancer"}},
		{exitUsage, context.Background(), []string{"brief", "--offline", "--topc", "breast cancer"}},
		{exitRefused, context.Background(), []string{"brief", "--offline", "--topic", "zebrafishquantum"}},
		{exitInterrupted, cancelled, []string{"brief", "--offline", "--topic", "breast cancer"}},
	}
	for _, r := range runs {
		a, _, _ := testApp(nil)
		err := runApp(r.ctx, a, append(r.args, "-o", filepath.Join(t.TempDir(), "out")))
		if got := exitCode(err); got != r.code {
			t.Errorf("%v: exit %d (%v), the README says %d", r.args, got, err, r.code)
		}
	}
}
