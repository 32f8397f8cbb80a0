package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCheckCrossrefUpdateMetadata: Crossref's update metadata (update-to on
// a notice, updated-by on the work it updates) turns found into retracted or
// erratum; a preprint says so. The bodies are built from Crossref's
// documented shapes (testdata/PROVENANCE.txt).
func TestCheckCrossrefUpdateMetadata(t *testing.T) {
	known := map[string]string{}
	for doi, file := range map[string]string{
		"10.5555/notice.correction": "correction_notice.json",
		"10.5555/notice.retraction": "retraction_notice.json",
		"10.5555/original.paper":    "retracted_work.json",
		"10.5555/preprint.1":        "preprint.json",
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "crossref_updates", file))
		if err != nil {
			t.Fatal(err)
		}
		known[doi] = string(b)
	}
	srv, _ := fakeCrossrefServer(t, known, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	doc := writeFile(t, dir, "refs.md", "10.5555/notice.correction\n10.5555/notice.retraction\n10.5555/original.paper\n10.5555/preprint.1\n")
	code, stdout, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
	if code != exitNotVerified {
		t.Fatalf("exit %d (%v), want %d\n%s", code, err, exitNotVerified, stdout)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Verdict, Oracle  string
		Notice, Preprint bool
	}
	got := map[string]row{}
	for _, r := range rep.DOIs {
		got[r.DOI] = row{r.Verdict, r.Oracle, r.RetractionNotice, r.Preprint}
	}
	want := map[string]row{
		"10.5555/notice.correction": {Verdict: "erratum", Oracle: "crossref"},
		"10.5555/notice.retraction": {Verdict: "retracted", Oracle: "crossref", Notice: true},
		"10.5555/original.paper":    {Verdict: "retracted", Oracle: "crossref"},
		"10.5555/preprint.1":        {Verdict: "found", Oracle: "crossref", Preprint: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if rep.Summary["erratum"] != 1 || rep.Summary["retracted"] != 2 {
		t.Errorf("summary %v", rep.Summary)
	}
}

// TestCheckCachesFoundAnswers: found answers persist under the user's cache
// folder, so a second check makes no request; --no-cache asks again.
func TestCheckCachesFoundAnswers(t *testing.T) {
	srv, requests := fakeCrossrefServer(t, map[string]string{doiA: crossrefWork(doiA, "Charges ride the spin wave", false)}, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	doc := writeFile(t, dir, "refs.md", "doi:"+doiA+"\n")
	env := map[string]string{"XDG_CACHE_HOME": filepath.Join(dir, "cache")}
	tests := []struct {
		name         string
		args         []string
		wantRequests int64
	}{
		{"first check asks", nil, 1},
		{"second check reads the cache", nil, 0},
		{"--no-cache asks again", []string{"--no-cache"}, 1},
	}
	for _, tt := range tests {
		requests.Store(0)
		code, stdout, _, err := runCheckCLI(t, env, "", append([]string{"--config", cfg, "check", doc}, tt.args...)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d (%v)\n%s", tt.name, code, err, stdout)
		}
		if n := requests.Load(); n != tt.wantRequests {
			t.Errorf("%s: %d requests, want %d", tt.name, n, tt.wantRequests)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "cache", "citeloop", "oracles")); err != nil {
		t.Errorf("no cache folder: %v", err)
	}
}
