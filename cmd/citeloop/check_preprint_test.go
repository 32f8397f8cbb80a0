package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

// TestCheckPreprintPublishedEuropePMC: a preprint Europe PMC links to its
// published version ("Preprint of" MED 42732137, the recorded preprint)
// says so with the published DOI, found by one more search, and which
// source said so. When that search fails the row still names the version
// by its Europe PMC id, and the verdict stays found.
func TestCheckPreprintPublishedEuropePMC(t *testing.T) {
	const (
		pre = "10.12688/openreseurope.23222.2"
		pub = "10.5555/openreseurope.23222.published"
	)
	dir := filepath.Join("..", "..", "testdata", "europepmc")
	records := append(europepmctest.Records(t, filepath.Join(dir, "bx-scholar-mcp__europepmc_preprint.json")),
		europepmctest.Records(t, filepath.Join(dir, "built__med_42732137_published_version.json"))...)
	tests := []struct {
		name              string
		linkStatus        int // answer to the published-version search; 0: normal
		wantDOI, wantAs   string
		wantTable, wantBy string
	}{
		{"resolved", 0, pub, "MED 42732137", "[preprint; pub", "europepmc"},
		{"search down", http.StatusServiceUnavailable, "", "MED 42732137", "[preprint; pub", "europepmc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := europepmctest.NewHandler(records...)
			var queries []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				queries = append(queries, r.FormValue("query"))
				if tt.linkStatus != 0 && strings.Contains(r.FormValue("query"), "EXT_ID:") {
					http.Error(w, "down", tt.linkStatus)
					return
				}
				h.ServeHTTP(w, r)
			}))
			t.Cleanup(srv.Close)
			tmp := t.TempDir()
			cfg := writeFile(t, tmp, "citeloop.yaml", fmt.Sprintf("oracles:\n  use: [europepmc]\n  europepmc:\n    base_url: %s\n    timeout: 1s\n    max_attempts: 1\n    rate_per_second: 1000\n", srv.URL))
			doc := writeFile(t, tmp, "a.md", "Cai M. See doi:"+pre+".\n")

			code, stdout, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
			var rep checkReport
			if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil || len(rep.DOIs) != 1 {
				t.Fatalf("%v (%v)\n%s", jerr, err, stdout)
			}
			row := rep.DOIs[0]
			if code != exitOK || row.Verdict != "found" || !row.Preprint || row.PublishedDOI != tt.wantDOI || row.PublishedAs != tt.wantAs || row.PublishedBy != tt.wantBy {
				t.Errorf("exit %d, row %+v; want found, published_doi %q, published_as %q, by %q", code, row, tt.wantDOI, tt.wantAs, tt.wantBy)
			}
			for _, key := range []string{`"published_by": "europepmc"`, `"published_as": "MED 42732137"`} {
				if !strings.Contains(stdout, key) {
					t.Errorf("JSON lacks %s:\n%s", key, stdout)
				}
			}
			if q := queries; len(q) != 2 || q[1] != "(EXT_ID:42732137 AND SRC:MED)" {
				t.Errorf("queries %q, want the DOI lookup and one published-version search", q)
			}

			_, stdout, _, _ = runCheckCLI(t, nil, "", "--config", cfg, "check", doc)
			if !strings.Contains(stdout, tt.wantTable) {
				t.Errorf("table lacks %q:\n%s", tt.wantTable, stdout)
			}
		})
	}
}

// TestCheckPreprintPublishedCached: the published version is cached with
// the preprint's record, so a second check asks nothing and still names it.
func TestCheckPreprintPublishedCached(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "europepmc")
	records := append(europepmctest.Records(t, filepath.Join(dir, "bx-scholar-mcp__europepmc_preprint.json")),
		europepmctest.Records(t, filepath.Join(dir, "built__med_42732137_published_version.json"))...)
	srv := europepmctest.NewServer(t, records...)
	tmp := t.TempDir()
	cfg := writeFile(t, tmp, "citeloop.yaml", fmt.Sprintf("oracles:\n  use: [europepmc]\n  cache:\n    dir: %s\n  europepmc:\n    base_url: %s\n    timeout: 1s\n    max_attempts: 1\n    rate_per_second: 1000\n",
		filepath.Join(tmp, "cache"), srv.URL))
	doc := writeFile(t, tmp, "a.md", "See doi:10.12688/openreseurope.23222.2.\n")
	for run := range 2 {
		_, stdout, _, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
		var rep checkReport
		if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil || len(rep.DOIs) != 1 {
			t.Fatalf("run %d: %v (%v)\n%s", run, jerr, err, stdout)
		}
		if row := rep.DOIs[0]; row.PublishedDOI != "10.5555/openreseurope.23222.published" || row.PublishedBy != "europepmc" {
			t.Errorf("run %d: row %+v, want the published DOI", run, row)
		}
		if n := srv.Requests(); n != 2 {
			t.Errorf("after run %d: %d requests, want 2 (the lookup and the published-version search, once)", run, n)
		}
	}
}
