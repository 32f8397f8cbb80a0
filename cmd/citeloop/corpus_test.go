package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/oracles/europepmc"
)

// europePMCReplay is an httptest Europe PMC that answers /search with the
// recorded responses of testdata/europepmc (provenance in
// testdata/PROVENANCE.txt): the "cancer" core search for a query on cancer,
// the recorded zero-hit answer for any other and for a next page.
func europePMCReplay(t *testing.T) (*httptest.Server, *[]string) {
	t.Helper()
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "europepmc", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	cancer, none := read("pyEuropePMC__search_cancer_core.json"), read("pyEuropePMC__search_no_results.json")
	var mu sync.Mutex
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		mu.Lock()
		queries = append(queries, q.Get("query"))
		mu.Unlock()
		if r.URL.Path != "/search" || q.Get("resultType") != "core" {
			http.Error(w, "not recorded", http.StatusNotFound)
			return
		}
		if strings.Contains(q.Get("query"), `"cancer"`) && q.Get("cursorMark") == "*" {
			w.Write(cancer)
			return
		}
		w.Write(none)
	}))
	t.Cleanup(srv.Close)
	return srv, &queries
}

// TestCorpusPullFeedsTheOfflineBrief: corpus pull against a replayed Europe
// PMC writes a corpus (a record two searches found kept once) that
// brief --offline --corpus and check --offline --corpus then use, with no
// network.
func TestCorpusPullFeedsTheOfflineBrief(t *testing.T) {
	srv, queries := europePMCReplay(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "onc.json")
	a, stdout, stderr := testApp(map[string]string{europepmc.URLEnv: srv.URL})
	err := runApp(context.Background(), a, []string{"corpus", "pull", "--topic", "cancer", "--topic", "cancer survival", "--topic", "zebra", "--max", "25", "--out", file})
	if err != nil {
		t.Fatalf("corpus pull: %v\n%s\n%s", err, stdout, stderr)
	}
	if got, want := strings.Join(*queries, " | "), `"cancer" | ("cancer" AND "survival") | "zebra"`; got != want {
		t.Errorf("queries %s, want %s", got, want)
	}
	for _, want := range []string{`topic "cancer": 5059039 hits, 25 records kept`, `topic "cancer survival": 5059039 hits, 0 records kept`, `topic "zebra": 0 hits, 0 records kept`, "wrote " + file + ": 25 records", "topics that work offline:"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		HitCount   int `json:"hitCount"`
		ResultList struct {
			Result []map[string]any `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || doc.HitCount != 25 || len(doc.ResultList.Result) != 25 {
		t.Fatalf("corpus: %v, hitCount %d, %d records; want 25", err, doc.HitCount, len(doc.ResultList.Result))
	}
	if _, ok := doc.ResultList.Result[0]["authorList"]; !ok {
		t.Error("the records lost fields Europe PMC sent (authorList): they must be kept as sent")
	}

	out := filepath.Join(dir, "brief")
	a, stdout, stderr = testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--corpus", file, "--topic", "breast cancer", "--out", out}); err != nil {
		t.Fatalf("brief --offline --corpus: %v\n%s\n%s", err, stdout, stderr)
	}
	refs := filepath.Join(dir, "refs.txt")
	if err := os.WriteFile(refs, []byte("10.1016/j.canep.2025.102866\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, stdout, stderr = testApp(nil)
	if err := runApp(context.Background(), a, []string{"check", "--offline", "--corpus", file, "--format", "json", refs}); err != nil || !strings.Contains(stdout.String(), `"found"`) {
		t.Errorf("check --offline --corpus: %v\n%s\n%s", err, stdout, stderr)
	}
	md, err := os.ReadFile(filepath.Join(out, "brief.md"))
	if err != nil || !strings.Contains(string(md), "Oracles: snapshot") || !strings.Contains(string(md), "# Sourced brief: breast cancer") {
		t.Errorf("brief from the pulled corpus: %v\n%s", err, md)
	}
}

// TestCorpusPullRefuses: no search, no --out, a bad ORCID or a Europe PMC
// that does not answer write nothing.
func TestCorpusPullRefuses(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) }))
	defer down.Close()
	file := filepath.Join(t.TempDir(), "c.json")
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"--out", file}, exitUsage},
		{[]string{"--topic", "cancer"}, exitUsage},
		{[]string{"--orcid", "0000-0002-1825-0098", "--out", file}, exitUsage},
		{[]string{"--topic", "cancer", "--since", "last year", "--out", file}, exitUsage},
		{[]string{"--topic", "cancer", "--out", file}, exitOracleUnavailable},
	}
	for _, tt := range tests {
		a, _, _ := testApp(map[string]string{europepmc.URLEnv: down.URL})
		err := runApp(context.Background(), a, append([]string{"corpus", "pull"}, tt.args...))
		if got := exitCode(err); got != tt.code {
			t.Errorf("%v: exit %d (%v), want %d", tt.args, got, err, tt.code)
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Fatalf("%v: wrote %s", tt.args, file)
		}
	}
}
