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
	"unicode"

	"github.com/google/shlex"

	"github.com/citeloop/citeloop/contract"
)

const readmePath = "../../README.md"

// docPaths are the README and every guide in docs/, in that order.
func docPaths(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{readmePath}, guides...)
}

// readmeCommands returns the citeloop command lines of the README's sh code
// blocks; see docCommands.
func readmeCommands(t *testing.T) [][]string {
	t.Helper()
	return docCommands(t, readmePath)
}

// docCommands returns the citeloop command lines of a doc's sh code blocks
// ("go run ./cmd/citeloop ..." or "citeloop ..."), continuation lines
// joined, as argument lists without the program and comments. Blocks
// marked text are shown, not run.
func docCommands(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
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
			t.Fatalf("%s line %q: %v", path, line, err)
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

// TestDocsExamplesRun runs every offline citeloop command of the README and
// of each guide in docs/ through the CLI, in order, one working folder per
// document, as a reader who
// copies them would: a key made by `keygen` signs the next brief, the brief
// written to out/ is verified by the next command. Absolute --out paths
// are moved into the working folder; files named from the repository
// (sources, leads, a corpus, documents to check) are read from it. The
// others are skipped, each saying why: they need an API key or the network
// (no --offline), a pipe, or a file of the user's that neither the
// repository nor an earlier example has.
func TestDocsExamplesRun(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, doc := range docPaths(t) {
		cmds := docCommands(t, doc)
		t.Run(filepath.Base(doc), func(t *testing.T) { ran += runDocExamples(t, repo, cmds) })
	}
	if ran < 5 {
		t.Errorf("ran %d examples, want at least the offline brief examples, check --offline, keygen and verify --offline", ran)
	}
}

// runDocExamples runs one document's commands in a fresh working folder and
// returns how many it ran.
func runDocExamples(t *testing.T, repo string, cmds [][]string) int {
	work := t.TempDir()
	t.Chdir(work)
	// offlineCommands need neither a key nor the network by themselves.
	offlineCommands := []string{"keygen"}
	ran := 0
	for _, words := range cmds {
		name := strings.Join(words, " ")
		t.Run(name, func(t *testing.T) {
			switch {
			case words[0] == "citeloop" && slices.Contains(words, "-") || !strings.HasPrefix(words[0], "citeloop") && words[0] != "brief" && words[0] != "check":
				t.Skip("not run: a pipe or environment variables (needs other programs or keys)")
			}
			args := slices.Clone(words)
			if args[0] == "citeloop" {
				args = args[1:]
			}
			if !slices.Contains(args, "--offline") && !slices.Contains(offlineCommands, args[0]) {
				t.Skip("not run: needs an API key or the network (no --offline)")
			}
			for i := 1; i < len(args); i++ {
				switch {
				case (args[i] == "--out" || args[i] == "-o") && i+1 < len(args):
					if filepath.IsAbs(args[i+1]) {
						args[i+1] = filepath.Join(work, filepath.Base(args[i+1]))
					}
					i++
				case strings.HasPrefix(args[i], "-"):
				case args[i-1] == "--sources" || args[i-1] == "--leads" || args[i-1] == "--corpus" || args[i-1] == "--signing-key" ||
					args[i-1] == "--public-key" || !strings.HasPrefix(args[i-1], "-") || slices.Contains([]string{"--offline", "--json"}, args[i-1]):
					if _, err := os.Stat(args[i]); err == nil || args[0] == "keygen" {
						continue // written by an earlier example, or to be written
					}
					path := filepath.Join(repo, args[i])
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
				// A document may cite DOIs the corpus lacks: offline those
				// are unknown (4), and a wrong one is not verified (3).
				want = []int{exitOK, exitNotVerified, exitOracleUnavailable}
			}
			if !slices.Contains(want, code) {
				t.Errorf("exit %d (%v), want one of %v\nstdout: %s\nstderr: %s", code, err, want, stdout, stderr)
			}
		})
	}
	return ran
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
			if got := endReasonCode(contract.EndReason(r[1])); got != code {
				t.Errorf("README: %s exits %d, the CLI exits %d", r[1], code, got)
			}
		}
		if !strings.Contains(exitCodesHelp, "\n  "+m[1]+" ") && !strings.Contains(exitCodesHelp, "\n  "+m[1]+"  ") {
			t.Errorf("README lists exit %d, --help does not", code)
		}
	}
	if want := []int{0, 1, 2, 3, 4, 5, 6, 7, 130}; !slices.Equal(codes, want) {
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

// TestReadmeSizeAndLinks: the README is short enough to scan (at most
// 10 KB; the rest lives in docs/), and every relative link of the README and
// of the guides resolves: to a file of the repository, and an anchor to a
// heading of the file it names.
func TestReadmeSizeAndLinks(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 10*1024 {
		t.Errorf("README.md is %d bytes, want at most 10 KB: move detail to docs/", len(data))
	}
	checkCoverageStated(t, "README.md", string(data))
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, doc := range docPaths(t) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(stripCode(string(text)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := doc
			if file != "" {
				path = filepath.Join(filepath.Dir(doc), file)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: link %s: %v", doc, target, err)
					continue
				}
			}
			if anchor == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			md, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(headingAnchors(string(md)), anchor) {
				t.Errorf("%s: link %s: no heading with that anchor in %s", doc, target, path)
			}
		}
	}
}

// stripCode drops fenced code blocks, whose brackets are not links.
func stripCode(md string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// headingAnchors are the anchors GitHub gives a document's headings:
// lower case, punctuation dropped but hyphens and underscores, spaces as
// hyphens.
func headingAnchors(md string) []string {
	var out []string
	for _, line := range strings.Split(stripCode(md), "\n") {
		h := strings.TrimLeft(line, "#")
		if h == line || !strings.HasPrefix(h, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}
