package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
)

// TestBriefUsageErrorsBeforeAnyCall: these mistakes exit 2 before an oracle
// client or a model is built.
func TestBriefUsageErrorsBeforeAnyCall(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "refs.bib")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		give []string
		want string
	}{
		{"--out is a file", []string{"--topic", "cancer", "-o", file}, "--out " + file + " is a file, not a directory"},
		{"--out under a file", []string{"--topic", "cancer", "-o", filepath.Join(file, "sub")}, "cannot be created"},
		{"--offline with --writer-model", []string{"--offline", "--topic", "cancer", "-o", dir, "--writer-model", "m"}, "--offline uses no model, so --writer-model would be ignored"},
		{"--offline with two model flags", []string{"--offline", "--topic", "cancer", "-o", dir, "--skeptic-provider", "openai", "--model-timeout", "5s"}, "--skeptic-provider, --model-timeout would be ignored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, stdout, _ := testApp(map[string]string{"GEMINI_API_KEY": "k"})
			a.registry = func() (*oracles.Registry, error) {
				t.Error("an oracle registry was built before the usage check")
				return oracles.NewRegistry(), nil
			}
			err := runApp(context.Background(), a, append([]string{"brief"}, tt.give...))
			if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d (%v), want %d saying %q", code, err, exitUsage, tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("stdout: %q", stdout)
			}
		})
	}
}

func TestBriefUnwritableOut(t *testing.T) {
	ro := t.TempDir()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// Root writes into a read-only directory; /proc/self is a directory
		// no one can create files in.
		if fi, err := os.Stat("/proc/self"); err != nil || !fi.IsDir() {
			t.Skip("running as root without /proc: no directory here refuses writes")
		}
		ro = "/proc/self"
	}
	a, _, _ := testApp(nil)
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "-o", ro})
	if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), "cannot be written") {
		t.Errorf("exit %d (%v), want %d: cannot be written", code, err, exitUsage)
	}
}

func TestBriefEmptySourcesFile(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "refs.bib")
	if err := os.WriteFile(empty, []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, stdout, _ := testApp(nil)
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--sources", empty, "--topic", "cancer", "-o", t.TempDir()})
	if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), "no records in "+empty) {
		t.Errorf("exit %d (%v), want %d: no records in %s", code, err, exitUsage, empty)
	}
	if strings.Contains(stdout.String(), "refused") {
		t.Errorf("an empty file was reported as a refusal: %q", stdout)
	}
}
