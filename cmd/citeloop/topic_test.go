package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// TestTopicWordsMeanAllOfThem: offline, "cancer screening" is cancer AND
// screening (2 records in the corpus: refused with a hint); --any widens it.
func TestTopicWordsMeanAllOfThem(t *testing.T) {
	tests := []struct {
		name     string
		give     []string
		wantCode int
		want     string // on stdout, or in the error
	}{
		{"all words: too narrow", []string{"--topic", "cancer screening"}, exitRefused, "try fewer words, or --any"},
		{"--any widens", []string{"--topic", "cancer screening", "--any"}, exitOK, "verified"},
		{"covered topic", []string{"--topic", "breast cancer"}, exitOK, "verified"},
		{"one word: no hint", []string{"--topic", "zebrafishquantum"}, exitRefused, "0 citable sources for topic \"zebrafishquantum\"; need 3\n"},
		{"--any without a topic", []string{"--name", "Smith A", "--any"}, exitUsage, "any widens the topic's words"},
		{"--query with --topic", []string{"--query", "TITLE:x", "--topic", "cancer"}, exitUsage, "is the whole Europe PMC query"},
		{"--query offline", []string{"--query", "TITLE:x"}, exitUsage, "a raw Europe PMC query needs Europe PMC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			err := runApp(context.Background(), a, append([]string{"brief", "--offline", "-o", t.TempDir()}, tt.give...))
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s", code, err, tt.wantCode, stdout)
			}
			said := stdout.String()
			if err != nil {
				said += err.Error()
			}
			if !strings.Contains(said, tt.want) {
				t.Errorf("output %q does not say %q", said, tt.want)
			}
		})
	}
}

// TestRawQueryIsTheWholeQuery: --query goes to Europe PMC exactly as
// written, combined with nothing.
func TestRawQueryIsTheWholeQuery(t *testing.T) {
	fake := fakeEuropePMC(t, "pyEuropePMC__search_cancer_core.json")
	a, stdout, _ := testApp(nil)
	europePMCAt(a, fake.URL)
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		calls := 0
		return &callWriter{draft: func(int) contract.Draft { return contract.Draft{} }, calls: &calls}, noObjections{}, nil
	}
	raw := `(TITLE:"cancer" OR ABSTRACT:screen*) AND PUB_YEAR:[2024 TO 2025]`
	_ = runApp(context.Background(), a, []string{"brief", "--query", raw, "-o", filepath.Join(t.TempDir(), "out")})
	asked := fake.Queries()
	if len(asked) == 0 || asked[0] != raw {
		t.Errorf("first query = %q, want exactly %q\nstdout: %s", asked, raw, stdout)
	}
}
