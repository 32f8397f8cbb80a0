package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap"
)

func TestUsageErrorsExit2AndSuggest(t *testing.T) {
	tests := []struct {
		give []string
		want string // in the error
	}{
		{[]string{"brief", "--topc", "x"}, "unknown flag: --topc; did you mean --topic?"},
		{[]string{"brief", "--ofline"}, "did you mean --offline?"},
		{[]string{"brief", "--confg", "x"}, "did you mean --config?"}, // a persistent flag
		{[]string{"check", "--jsn", "a.md"}, "did you mean --json?"},
		{[]string{"brief", "--zzzzzz"}, "unknown flag: --zzzzzz (see citeloop brief --help)"},
		{[]string{"brief", "-o"}, "flag needs an argument: 'o' in -o"},
		{[]string{"breif"}, `unknown command "breif"; did you mean "brief"?`},
		{[]string{"chek", "a.md"}, `did you mean "check"?`},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (citeloop --help lists the commands)`},
		{[]string{"brief", "extra"}, `unknown command "extra" for "citeloop brief"`},
		{[]string{"-q", "-v", "brief"}, "-q (--quiet) and -v (--verbose) contradict each other"},
		{[]string{"-q", "--log-level", "debug", "brief"}, "--log-level and -q/-v both set the log level"},
		{[]string{"--log-format", "xml", "brief"}, "--log-format: want auto, console or json"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			err := runApp(context.Background(), a, tt.give)
			if code := exitCode(err); code != exitUsage {
				t.Fatalf("exit %d (%v), want %d", code, err, exitUsage)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("a usage error wrote to stdout: %q", stdout)
			}
		})
	}
}

func TestShortFlags(t *testing.T) {
	a, stdout, stderr := testApp(nil)
	out := t.TempDir()
	err := runApp(context.Background(), a, []string{"-q", "brief", "--offline", "--topic", "breast cancer", "-o", out})
	if code := exitCode(err); code != exitOK {
		t.Fatalf("exit %d (%v)\n%s", code, err, stderr)
	}
	if !strings.Contains(stdout.String(), out) {
		t.Errorf("-o %s: stdout does not list files there: %q", out, stdout)
	}
	if stderr.Len() != 0 {
		t.Errorf("-q logged below error level: %q", stderr)
	}

	if a.logger.Core().Enabled(zap.WarnLevel) || !a.logger.Core().Enabled(zap.ErrorLevel) {
		t.Errorf("-q: the logger is not at error level")
	}

	for _, flag := range []string{"-v", "--verbose"} {
		a, _, _ = testApp(nil)
		if err := runApp(context.Background(), a, []string{flag, "brief", "--offline", "--topic", "breast cancer", "-o", t.TempDir()}); err != nil {
			t.Fatal(err)
		}
		if !a.logger.Core().Enabled(zap.DebugLevel) {
			t.Errorf("%s: the logger is not at debug level", flag)
		}
	}
}

func TestVersion(t *testing.T) {
	a, stdout, _ := testApp(nil)
	if err := runApp(context.Background(), a, []string{"--version"}); err != nil {
		t.Fatal(err)
	}
	bi, _ := debug.ReadBuildInfo()
	if want := "citeloop " + version(debug.ReadBuildInfo) + "\n"; stdout.String() != want || !strings.Contains(want, bi.GoVersion) {
		t.Errorf("--version = %q, want %q", stdout, want)
	}
	a, alias, _ := testApp(nil)
	if err := runApp(context.Background(), a, []string{"version"}); err != nil || alias.String() != stdout.String() {
		t.Errorf("citeloop version = %q (%v), want what --version says, %q", alias, err, stdout)
	}

	tests := []struct {
		name string
		give *debug.BuildInfo
		want string
	}{
		{"release", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0 go1.26.0"},
		{"source build", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-30T09:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}, "(devel) 0123456789ab 2026-11-30T09:00:00Z modified go1.26.0"},
		{"pseudo-version names the commit once", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.0.0-20261130090000-0123456789ab"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"},
		}}, "v0.0.0-20261130090000-0123456789ab go1.26.0"},
		{"empty version", &debug.BuildInfo{GoVersion: "go1.26.0"}, "(devel) go1.26.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := version(func() (*debug.BuildInfo, bool) { return tt.give, true })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("version (-want +got):\n%s", diff)
			}
		})
	}
	if got := version(func() (*debug.BuildInfo, bool) { return nil, false }); !strings.Contains(got, "unknown") {
		t.Errorf("version without build info = %q", got)
	}
}

func TestCompletionOffersValues(t *testing.T) {
	tests := []struct {
		give []string
		want []string
	}{
		{[]string{"brief", "--format", ""}, []string{"md", "json", "html", "bib", "ris", "csl"}},
		{[]string{"brief", "--format", "md,"}, []string{"md,json", "md,html", "md,bib", "md,ris", "md,csl"}},
		{[]string{"brief", "--format", "md,html,"}, []string{"md,html,json", "md,html,bib", "md,html,ris", "md,html,csl"}},
		{[]string{"brief", "--writer-provider", ""}, []string{"gemini", "openai"}},
		{[]string{"brief", "--skeptic-provider", ""}, []string{"gemini", "openai"}},
		{[]string{"check", "--log-format", ""}, []string{"auto", "console", "json"}},
		{[]string{"check", "--format", ""}, []string{"table", "json", "csv", "github", "sarif"}},
		{[]string{"verify", "--export", ""}, []string{"bib", "ris", "csl"}},
		{[]string{"check", "--no-doi", ""}, []string{"error", "warn"}},
		{[]string{"watch", "--fail-on", ""}, []string{"news"}},
		{[]string{"batch", "--fail-on", ""}, []string{"none", "unverified"}},
		{[]string{"batch", "--format", "md,"}, []string{"md,json", "md,html", "md,bib", "md,ris", "md,csl"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			if err := runApp(context.Background(), a, append([]string{"__complete"}, tt.give...)); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
				if !strings.HasPrefix(line, ":") { // the last line is the directive
					got = append(got, line)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("completions (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFailureSaidOnce: a refusal already printed on stdout is not repeated
// on stderr; other failures are said once; an interruption says so.
func TestFailureSaidOnce(t *testing.T) {
	a, stdout, stderr := testApp(nil)
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "zebra quantum", "-o", t.TempDir()})
	var finished bytes.Buffer
	if code := finish(err, &finished); code != exitRefused {
		t.Fatalf("exit %d (%v), want %d", code, err, exitRefused)
	}
	if strings.Count(stdout.String()+stderr.String()+finished.String(), "need 3") != 1 {
		t.Errorf("the refusal is not said exactly once:\nstdout: %s\nstderr: %s\nfinish: %s", stdout, stderr, &finished)
	}

	tests := []struct {
		give error
		want string
		code int
	}{
		{usageError("--out is required"), "citeloop: --out is required\n", exitUsage},
		{fmt.Errorf("brief: %w", context.Canceled), "citeloop: interrupted\n", exitInterrupted},
		{errors.New("disk full"), "citeloop: disk full\n", exitInternal},
		{nil, "", exitOK},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if code := finish(tt.give, &buf); code != tt.code || buf.String() != tt.want {
			t.Errorf("finish(%v) = %d, %q; want %d, %q", tt.give, code, buf.String(), tt.code, tt.want)
		}
	}
}

// TestInterruptExits130Everywhere: a cancelled run exits 130 and says
// "interrupted", printing no partial report.
func TestInterruptExits130Everywhere(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "refs.md")
	if err := os.WriteFile(doc, []byte("See doi:10.1002/hpja.70059 and doi:10.1234/not.in.corpus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"check", "--offline", doc},
		{"check", "--offline", "--json", doc},
		{"brief", "--offline", "--topic", "breast cancer", "-o", filepath.Join(t.TempDir(), "out")},
	} {
		a, stdout, _ := testApp(nil)
		err := runApp(cancelled, a, args)
		var said bytes.Buffer
		if code := finish(err, &said); code != exitInterrupted || said.String() != "citeloop: interrupted\n" {
			t.Errorf("%v: exit %d, said %q (%v); want %d, interrupted", args, code, said.String(), err, exitInterrupted)
		}
		if strings.Contains(stdout.String(), "unknown") {
			t.Errorf("%v: an interrupted check printed unknowns: %q", args, stdout)
		}
	}
}
