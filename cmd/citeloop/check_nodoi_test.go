package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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

// TestCheckNoDOI: the engine gives check every configured oracle that can
// search: an entry without a DOI is looked up in Europe PMC and Crossref,
// each asked in its own syntax (these queries are byte for byte what
// check sent before oracles.Searcher), and the one candidate is suggested;
// no_doi exits 3. check's own tests specify the candidates' rules.
func TestCheckNoDOI(t *testing.T) {
	const title = "Charges ride the spin wave: magnon drag in thin films"
	bib := "@article{mueller2020,\n  title = {Charges ride the {S}pin wave},\n  author = {M\\\"uller, Hans and Okafor, Ada},\n  year = {2020}\n}\n"
	dir := t.TempDir()
	s := newTitleSearchServer(t, epmcResult("10.5555/MAGNON.1", title, "2020", "Müller H, Okafor A."), crossrefItem("10.5555/magnon.1", title, 2021))
	doc := writeFile(t, dir, "refs.bib", bib)
	code, stdout, stderr, err := runCheckCLI(t, nil, "", "--config", s.config(t, dir), "check", "--json", doc)
	var rep checkReport
	if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil {
		t.Fatalf("%v (%v)\n%s\n%s", jerr, err, stdout, stderr)
	}
	if code != exitNotVerified || rep.ExitCode != exitNotVerified || len(rep.DOIs) != 1 {
		t.Fatalf("exit %d, rows %+v", code, rep.DOIs)
	}
	if row := rep.DOIs[0]; row.Verdict != "no_doi" || row.SuggestedDOI != "10.5555/magnon.1" || row.Oracle != "europepmc,crossref" {
		t.Errorf("row %+v, want no_doi suggesting 10.5555/magnon.1 by europepmc,crossref", row)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if want := []string{`TITLE:"Charges ride the Spin wave" AND AUTH:"Müller"`}; strings.Join(s.epmc, "\n") != strings.Join(want, "\n") {
		t.Errorf("Europe PMC queries %q, want %q", s.epmc, want)
	}
	if want := []string{"Charges ride the Spin wave|Müller|5"}; strings.Join(s.crossQ, "\n") != strings.Join(want, "\n") {
		t.Errorf("Crossref queries %q, want %q", s.crossQ, want)
	}
}

// crossrefItem is one work of a Crossref /works list.
func crossrefItem(doi, title string, year int) string {
	return fmt.Sprintf(`{"DOI":%q,"title":[%q],"type":"journal-article","issued":{"date-parts":[[%d]]},"author":[{"given":"Hans","family":"Müller"}]}`, doi, title, year)
}

// TestCheckNoDOIWarnExitCode: --no-doi=warn, as a user runs it offline on a
// bibliography of books and software, exits 0 with every entry a warned
// row, and with a wrong DOI beside them still exits 3; without the flag the
// same file exits 3.
func TestCheckNoDOIWarnExitCode(t *testing.T) {
	dir := t.TempDir()
	doc := writeFile(t, dir, "refs.bib", "@book{x, author={A, B}, title={T}, publisher={P}, year=2020}\n@misc{y, author={A, B}, title={T2}, year=2020}\n")
	bad := writeFile(t, dir, "bad.bib", "@book{x, author={A, B}, title={T}, publisher={P}, year=2020}\n@article{z, title={T3}, doi={10.1111bjhp.12807}}\n")
	tests := []struct {
		args     []string
		wantCode int
		wantWarn int
	}{
		{[]string{"check", "--offline", "--no-doi=warn", "--json", doc}, 0, 2},
		{[]string{"check", "--offline", "--no-doi", "warn", "--json", bad}, exitNotVerified, 1},
		{[]string{"check", "--offline", "--json", doc}, exitNotVerified, 0},
	}
	for _, tt := range tests {
		code, stdout, stderr, err := runCheckCLI(t, nil, "", tt.args...)
		var rep checkReport
		if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil {
			t.Fatalf("%v: %v (%v)\n%s\n%s", tt.args, jerr, err, stdout, stderr)
		}
		if code != tt.wantCode || rep.ExitCode != tt.wantCode || rep.Warnings != tt.wantWarn {
			t.Errorf("%v: exit %d (json %d), %d warnings; want %d, %d\n%s", tt.args, code, rep.ExitCode, rep.Warnings, tt.wantCode, tt.wantWarn, stderr)
		}
	}
}
