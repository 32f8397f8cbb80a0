package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

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
