package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// titleSearchServer answers Europe PMC's /search and Crossref's /works?query
// with the given records, and records every query it was sent.
type titleSearchServer struct {
	srv     *httptest.Server
	mu      sync.Mutex
	epmc    []string // Europe PMC query strings
	crossQ  []string // Crossref query.bibliographic|query.author|rows
	epmcRec string   // Europe PMC result objects, JSON, comma-joined
	crRec   string   // Crossref work objects, JSON, comma-joined
}

func newTitleSearchServer(t *testing.T, epmcRec, crRec string) *titleSearchServer {
	s := &titleSearchServer{epmcRec: epmcRec, crRec: crRec}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		q := r.URL.Query()
		s.mu.Lock()
		defer s.mu.Unlock()
		switch r.URL.Path {
		case "/epmc/search":
			s.epmc = append(s.epmc, q.Get("query"))
			fmt.Fprintf(w, `{"hitCount":1,"resultList":{"result":[%s]}}`, s.epmcRec)
		case "/cr/works":
			s.crossQ = append(s.crossQ, q.Get("query.bibliographic")+"|"+q.Get("query.author")+"|"+q.Get("rows"))
			fmt.Fprintf(w, `{"status":"ok","message-type":"work-list","message":{"items":[%s]}}`, s.crRec)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte("Resource not found."))
		}
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *titleSearchServer) config(t *testing.T, dir string) string {
	return writeFile(t, dir, "citeloop.yaml", fmt.Sprintf(`oracles:
  use: [europepmc, crossref]
  policy: any_of
  europepmc:
    base_url: %[1]s/epmc
    timeout: 1s
    max_attempts: 1
    rate_per_second: 1000
  crossref:
    base_url: %[1]s/cr
    timeout: 1s
    total_budget: 5s
    max_attempts: 1
    rate_per_second: 1000
    max_concurrent: 4
`, s.srv.URL))
}

func epmcResult(doi, title, year, authors string) string {
	return fmt.Sprintf(`{"id":"1","source":"MED","doi":%q,"title":%q,"pubYear":%q,"authorString":%q}`, doi, title, year, authors)
}

// TestCheckNoDOI: an entry without a DOI is looked up by title and first
// author in Europe PMC and Crossref; the DOI of the one qualifying
// candidate is suggested, two qualifying candidates are ambiguous, a
// different title or year qualifies none. Every case exits 3.
func TestCheckNoDOI(t *testing.T) {
	const title = "Charges ride the spin wave: magnon drag in thin films"
	bib := "@article{mueller2020,\n  title = {Charges ride the {S}pin wave},\n  author = {M\\\"uller, Hans and Okafor, Ada},\n  year = {2020}\n}\n"
	tests := []struct {
		name          string
		epmc, cr      string
		wantSuggested string
		wantCand      int
		wantErr       string
	}{
		{
			name:          "one candidate, found by both services",
			epmc:          epmcResult("10.5555/MAGNON.1", title, "2020", "Müller H, Okafor A."),
			cr:            crossrefItem("10.5555/magnon.1", title, 2021),
			wantSuggested: "10.5555/magnon.1", wantCand: 1, wantErr: "no DOI; found 10.5555/magnon.1",
		},
		{
			name:     "two candidates",
			epmc:     epmcResult("10.5555/magnon.1", title, "2020", "Müller H."),
			cr:       crossrefItem("10.5555/magnon.2", "Charges ride the spin wave", 2020),
			wantCand: 2, wantErr: "ambiguous: 2 candidates",
		},
		{
			name:    "none: other title, other year",
			epmc:    epmcResult("10.5555/other.1", "Deep learning for protein folding", "2020", "Müller H."),
			cr:      crossrefItem("10.5555/magnon.3", title, 2015),
			wantErr: "no candidate found",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := newTitleSearchServer(t, tt.epmc, tt.cr)
			doc := writeFile(t, dir, "refs.bib", bib)
			code, stdout, stderr, err := runCheckCLI(t, nil, "", "--config", s.config(t, dir), "check", "--json", doc)
			var rep checkReport
			if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil {
				t.Fatalf("%v (%v)\n%s\n%s", jerr, err, stdout, stderr)
			}
			if code != exitNotVerified || len(rep.DOIs) != 1 {
				t.Fatalf("exit %d, rows %+v", code, rep.DOIs)
			}
			row := rep.DOIs[0]
			if row.Verdict != "no_doi" || row.SuggestedDOI != tt.wantSuggested || row.Candidates != tt.wantCand || !strings.Contains(row.Error, tt.wantErr) {
				t.Errorf("row %+v, want suggested %q, %d candidates, %q", row, tt.wantSuggested, tt.wantCand, tt.wantErr)
			}
			if row.Locations[0].Line != 1 || row.Entry == nil || row.Entry.Label != "mueller2020" {
				t.Errorf("location %+v entry %+v", row.Locations, row.Entry)
			}
			s.mu.Lock()
			defer s.mu.Unlock()
			if want := []string{`TITLE:"Charges ride the Spin wave" AND AUTH:"Muller"`}; strings.Join(s.epmc, "\n") != strings.Join(want, "\n") {
				t.Errorf("Europe PMC queries %q, want %q", s.epmc, want)
			}
			if want := []string{"Charges ride the Spin wave|Muller|5"}; strings.Join(s.crossQ, "\n") != strings.Join(want, "\n") {
				t.Errorf("Crossref queries %q, want %q", s.crossQ, want)
			}
		})
	}
}

// TestCheckNoDOIQueryIsQuoted: an entry's title cannot add a field or an
// operator to the Europe PMC query: quotes, wildcards and backslashes are
// cleaned out and the whole title stays one phrase.
func TestCheckNoDOIQueryIsQuoted(t *testing.T) {
	dir := t.TempDir()
	s := newTitleSearchServer(t, "", "")
	doc := writeFile(t, dir, "refs.ris", "TY  - JOUR\nTI  - Spin\" OR AUTH:\"x* \\ waves?\nAU  - Smith AB\nPY  - 2020\nER  - \n")
	code, stdout, _, _ := runCheckCLI(t, nil, "", "--config", s.config(t, dir), "check", doc)
	if code != exitNotVerified || !strings.Contains(stdout, "no_doi") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if want := `TITLE:"Spin OR AUTH: x waves" AND AUTH:"Smith"`; len(s.epmc) != 1 || s.epmc[0] != want {
		t.Errorf("query %q, want %q", s.epmc, want)
	}
}

// crossrefItem is one work of a Crossref /works list.
func crossrefItem(doi, title string, year int) string {
	return fmt.Sprintf(`{"DOI":%q,"title":[%q],"type":"journal-article","issued":{"date-parts":[[%d]]},"author":[{"given":"Hans","family":"Müller"}]}`, doi, title, year)
}

// TestCheckPreprintPublished: a preprint whose Crossref record links its
// published version (relation is-preprint-of) says so in the table (cut
// to 80 columns) and in the JSON (published_doi).
func TestCheckPreprintPublished(t *testing.T) {
	const (
		pre = "10.1101/2020.01.01.900001"
		pub = "10.5555/published.1"
	)
	body := `{"status":"ok","message":{"DOI":"` + pre + `","title":["Spin waves, early"],"type":"posted-content","subtype":"preprint",` +
		`"relation":{"is-preprint-of":[{"id-type":"doi","id":"` + strings.ToUpper(pub) + `","asserted-by":"subject"}]}}}`
	srv, _ := fakeCrossrefServer(t, map[string]string{pre: body}, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	doc := writeFile(t, dir, "a.md", "See doi:"+pre+".\n")
	_, stdout, _, _ := runCheckCLI(t, nil, "", "--config", cfg, "check", doc)
	if !strings.Contains(stdout, "[preprint; publishe") {
		t.Errorf("table:\n%s", stdout)
	}
	_, stdout, _, _ = runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", doc)
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.DOIs) != 1 || rep.DOIs[0].PublishedDOI != pub || !rep.DOIs[0].Preprint {
		t.Errorf("json (%v): %+v", err, rep.DOIs)
	}
}

// TestCheckNoDOICFF: a CITATION.cff reference that names a paper without a
// DOI is looked up like a BibTeX entry (no_doi, the one candidate
// suggested, located at its title's line); software without a DOI is not;
// --fix leaves a CFF file as it is.
func TestCheckNoDOICFF(t *testing.T) {
	const title = "Charges ride the spin wave: magnon drag in thin films"
	cff := "cff-version: 1.2.0\ntitle: tool\nreferences:\n" +
		"- type: software\n  title: R\n  authors:\n  - name: R Core Team\n" +
		"- type: article\n  title: Charges ride the spin wave\n  year: 2020\n  authors:\n  - family-names: Müller\n    given-names: Hans\n"
	dir := t.TempDir()
	s := newTitleSearchServer(t, epmcResult("10.5555/magnon.1", title, "2020", "Müller H, Okafor A."), crossrefItem("10.5555/magnon.1", title, 2020))
	doc := writeFile(t, dir, "CITATION.cff", cff)
	code, stdout, stderr, err := runCheckCLI(t, nil, "", "--config", s.config(t, dir), "check", "--json", doc)
	var rep checkReport
	if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil {
		t.Fatalf("%v (%v)\n%s\n%s", jerr, err, stdout, stderr)
	}
	if code != exitNotVerified || len(rep.DOIs) != 1 {
		t.Fatalf("exit %d, rows %+v, want 3 and one row (the software is not looked up)", code, rep.DOIs)
	}
	row := rep.DOIs[0]
	if row.Verdict != "no_doi" || row.SuggestedDOI != "10.5555/magnon.1" || row.Entry == nil || row.Entry.Label != "references[1]" || row.Locations[0].Line != 9 {
		t.Errorf("row %+v entry %+v locations %+v, want no_doi suggesting 10.5555/magnon.1 for references[1] at line 9", row, row.Entry, row.Locations)
	}
	out := filepath.Join(dir, "fixed.cff")
	_, _, stderr, _ = runCheckCLI(t, nil, "", "--config", s.config(t, dir), "check", "--fix", out, doc)
	if fixed, err := os.ReadFile(out); err != nil || string(fixed) != cff || !strings.Contains(stderr, "0 DOI(s) added, 0 corrected") {
		t.Errorf("--fix on a CFF file: err %v, stderr %q; want the file copied unchanged", err, stderr)
	}
}
