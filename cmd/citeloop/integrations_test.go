package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// buildCiteloop builds the command into a temporary folder once per test
// and returns that folder, to put on PATH.
func buildCiteloop(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := t.TempDir()
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", filepath.Join(bin, "citeloop"), ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// integrationFixture is a folder with a config pointing at a fake Crossref
// and a bibliography holding one good and one unregistered DOI.
func integrationFixture(t *testing.T) (dir, cfg, bib string) {
	t.Helper()
	srv, _ := fakeCrossrefServer(t, map[string]string{doiA: crossrefWork(doiA, "Charges ride the spin wave", false)}, nil)
	dir = t.TempDir()
	cfg = checkConfig(t, dir, "any_of", srv.URL, "")
	bib = writeFile(t, dir, "refs.bib", "@article{a, doi = {10.1038/nnano.2014.279}}\n@article{b, doi = {10.1371/notarealdoi}}\n")
	return dir, cfg, bib
}

func exitStatus(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestPreCommitHook parses .pre-commit-hooks.yaml and runs its entry the way
// pre-commit does: the entry, then the matching changed files.
func TestPreCommitHook(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Entry, Language, Files string
	}
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "citeloop-check" || hooks[0].Language != "golang" {
		t.Fatalf("hooks %+v", hooks)
	}
	entry := strings.Fields(hooks[0].Entry)
	if entry[0] != "citeloop" || entry[1] != "check" {
		t.Fatalf("entry %q does not run citeloop check", hooks[0].Entry)
	}
	for _, name := range []string{"refs.bib", "paper.bbl", "refs.ris", "refs.json", "CITATION.cff", "notes.md", "notes.txt"} {
		if ok, _ := regexp.MatchString(hooks[0].Files, name); !ok {
			t.Errorf("files %q does not match %s", hooks[0].Files, name)
		}
	}
	bin := buildCiteloop(t)
	dir, cfg, bib := integrationFixture(t)
	empty := writeFile(t, dir, "README.md", "no references here\n")
	run := func(files ...string) (int, string) {
		args := append(append(entry[1:], "--config", cfg), files...)
		cmd := exec.Command(filepath.Join(bin, "citeloop"), args...)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		return exitStatus(cmd.Run()), out.String()
	}
	if code, out := run(bib, empty); code != exitNotVerified || !strings.Contains(out, "notarealdoi") || strings.Contains(out, "nnano") {
		t.Errorf("hook on a bad bibliography: exit %d, want %d, only the problem shown:\n%s", code, exitNotVerified, out)
	}
	if code, out := run(empty); code != exitOK {
		t.Errorf("hook on a file without DOI: exit %d, want 0:\n%s", code, out)
	}
}

// TestGitHubAction parses action.yml and runs its check step's script with
// bash, as the runner would: given files, the files a commit changed, and,
// with no base to compare with (a zero before, a shallow clone's missing
// base), every reference file; the SARIF log is written for upload-sarif.
// The action builds citeloop at its own ref with Go's caches on.
func TestGitHubAction(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct {
			Using string
			Steps []struct {
				Name, Shell, Run, Uses string
				WorkingDirectory       string            `yaml:"working-directory"`
				With                   map[string]string `yaml:"with"`
			}
		}
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" {
		t.Fatalf("runs.using %q, want composite", action.Runs.Using)
	}
	var script string
	built, cached := false, false
	for _, s := range action.Runs.Steps {
		if strings.Contains(s.Run, "citeloop check") {
			script = s.Run
		}
		if strings.Contains(s.Run, "go build") && strings.Contains(s.Run, "./cmd/citeloop") && s.WorkingDirectory == "${{ github.action_path }}" {
			built = true
		}
		if strings.HasPrefix(s.Uses, "actions/setup-go") && s.With["cache"] == "true" && strings.Contains(s.With["cache-dependency-path"], "github.action_path") {
			cached = true
		}
		if strings.Contains(s.Run, "go install") || strings.Contains(s.Run, "@latest") {
			t.Errorf("step %q installs another version than the action's own ref:\n%s", s.Name, s.Run)
		}
	}
	if script == "" || !built || !cached {
		t.Fatalf("check step %v, built at the action's ref %v, Go caches %v: want all", script != "", built, cached)
	}
	for _, ext := range []string{"*.bib", "*.bbl", "*.ris", "*.json", "*.cff", "*.md"} {
		if !strings.Contains(action.Inputs["pattern"].Default, ext) {
			t.Errorf("pattern %q lacks %s", action.Inputs["pattern"].Default, ext)
		}
	}
	bin := buildCiteloop(t)
	dir, cfg, bib := integrationFixture(t)
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "citeloop.yaml")
	git("commit", "-qm", "config")
	base := git("rev-parse", "HEAD")
	git("add", "refs.bib")
	git("commit", "-qm", "references")
	writeFile(t, dir, "notes.md", "no references here\n")
	git("add", "notes.md")
	git("commit", "-qm", "notes")
	notes := git("rev-parse", "HEAD~1")

	tests := []struct {
		name     string
		files    string
		base     string
		wantCode int
		want     string
	}{
		{"given files", filepath.Base(bib), base, exitNotVerified, "::error file=refs.bib,line=2,"},
		{"changed files", "", base, exitNotVerified, "::error file=refs.bib,line=2,"},
		{"changed files without references", "", notes, exitOK, ""},
		{"a new branch: before is all zeros", "", "0000000000000000000000000000000000000000", exitNotVerified, "checking every reference file"},
		{"a shallow clone: the base is not there", "", "1234567890abcdef1234567890abcdef12345678", exitNotVerified, "checking every reference file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sarif := filepath.Join(dir, "citeloop.sarif")
			os.Remove(sarif)
			cmd := exec.Command("bash", "-e", "-c", script)
			cmd.Dir = dir
			cmd.Env = []string{
				"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + dir,
				"FILES=" + tt.files, "PATTERN=" + action.Inputs["pattern"].Default,
				"FORMAT=" + action.Inputs["format"].Default, "SARIF=" + action.Inputs["sarif"].Default,
				"NO_DOI=" + action.Inputs["no-doi"].Default, "ARGS=--config " + cfg, "BASE=" + tt.base,
			}
			out, err := cmd.CombinedOutput()
			if code := exitStatus(err); code != tt.wantCode || !strings.Contains(string(out), tt.want) {
				t.Errorf("exit %d, want %d; output lacks %q:\n%s", code, tt.wantCode, tt.want, out)
			}
			if strings.Contains(string(out), "nnano") {
				t.Errorf("found DOI annotated:\n%s", out)
			}
			if tt.wantCode != exitNotVerified {
				return
			}
			log, err := os.ReadFile(sarif)
			if err != nil || !strings.Contains(string(log), `"ruleId": "not_found"`) || !strings.Contains(string(log), "partialFingerprints") {
				t.Errorf("citeloop.sarif (%v):\n%s", err, log)
			}
		})
	}
}
