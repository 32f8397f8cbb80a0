package europepmc_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

const testdataDir = "../../testdata/europepmc"

// readFixture returns a recorded body from testdata/europepmc.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(name, "europepmc-evidence-mcp__cassette_") {
		var cassette struct {
			Body string `json:"body"`
		}
		if err := json.Unmarshal(b, &cassette); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return []byte(cassette.Body)
	}
	return b
}

// coreFixtures are the recorded resultType=core answers whose records the
// fake server serves.
var coreFixtures = []string{
	"bx-scholar-mcp__europepmc_by_doi.json",
	"bx-scholar-mcp__europepmc_preprint.json",
	"europepmc-evidence-mcp__search_retracted_core.json",
	"europepmc-evidence-mcp__cassette_064a38aa678c39812fa590da_extid_retracted.json",
	"pyEuropePMC__search_cancer_core.json",
}

// corpus is the recorded core records, raw as sent by Europe PMC, with their
// normalised DOIs.
type corpus struct {
	raw  []json.RawMessage
	dois []string
}

func loadCorpus(t testing.TB) corpus {
	t.Helper()
	var c corpus
	for _, name := range coreFixtures {
		for _, raw := range europepmctest.Records(t, filepath.Join(testdataDir, name)) {
			var r europepmc.Result
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			d, err := doi.Normalize(r.DOI)
			if err != nil {
				continue // records without a DOI cannot answer a DOI query
			}
			c.raw = append(c.raw, raw)
			c.dois = append(c.dois, d)
		}
	}
	return c
}

// record returns the oracle record for doi.
func (c corpus) record(t testing.TB, doi string) oracles.Record {
	t.Helper()
	for i, d := range c.dois {
		if d == doi {
			var r europepmc.Result
			if err := json.Unmarshal(c.raw[i], &r); err != nil {
				t.Fatal(err)
			}
			return r.Record()
		}
	}
	t.Fatalf("no recorded record for %s", doi)
	return oracles.Record{}
}

var doiTerm = regexp.MustCompile(`DOI:"([^"]*)"`)

// request is what the fake server saw.
type request struct {
	Method, Path string
	Query        string
	PageSize     int
	CursorMark   string
	DOIs         int
}

// fakeServer speaks Europe PMC's search protocol (GET /search and POST
// /searchPOST, form or query parameters) over the recorded records whose DOI
// is in known. DOI terms are matched case-insensitively, as Europe PMC does;
// paging is by cursorMark with no nextCursorMark on the last page.
type fakeServer struct {
	corpus corpus
	known  map[string]bool

	mu       sync.Mutex
	requests []request
}

func newFake(c corpus, known []oracles.Record) *fakeServer {
	f := &fakeServer{corpus: c, known: map[string]bool{}}
	for _, r := range known {
		d, _ := doi.Normalize(r.DOI)
		f.known[d] = true
	}
	return f
}

func (f *fakeServer) seen() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request(nil), f.requests...)
}

// splitRequests separates the DOI lookups from the searches for the
// published version of preprints, which ask no DOI.
func splitRequests(rs []request) (dois, links []request) {
	for _, r := range rs {
		if r.DOIs > 0 {
			dois = append(dois, r)
		} else {
			links = append(links, r)
		}
	}
	return dois, links
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !(r.Method == http.MethodGet && r.URL.Path == "/search") && !(r.Method == http.MethodPost && r.URL.Path == "/searchPOST") {
		http.Error(w, "no such endpoint", http.StatusNotFound)
		return
	}
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	q := r.Form.Get("query")
	pageSize, err := strconv.Atoi(r.Form.Get("pageSize"))
	if err != nil || pageSize < 1 || pageSize > 1000 {
		http.Error(w, "bad pageSize", http.StatusBadRequest)
		return
	}
	if r.Form.Get("format") != "json" || r.Form.Get("resultType") != "core" || r.Form.Get("synonym") != "false" {
		// The real API would answer XML or lite records: make that loud.
		http.Error(w, "format=json, resultType=core and synonym=false are required", http.StatusBadRequest)
		return
	}
	cursor := r.Form.Get("cursorMark")
	terms := doiTerm.FindAllStringSubmatch(q, -1)
	f.mu.Lock()
	f.requests = append(f.requests, request{Method: r.Method, Path: r.URL.Path, Query: q,
		PageSize: pageSize, CursorMark: cursor, DOIs: len(terms)})
	f.mu.Unlock()

	asked := map[string]bool{}
	for _, m := range terms {
		asked[strings.ToLower(m[1])] = true
	}
	var hits []json.RawMessage
	for i, d := range f.corpus.dois {
		if asked[d] && f.known[d] {
			hits = append(hits, f.corpus.raw[i])
		}
	}
	offset := 0
	if c, ok := strings.CutPrefix(cursor, "c"); ok {
		offset, _ = strconv.Atoi(c)
	}
	offset = min(offset, len(hits))
	end := min(offset+pageSize, len(hits))
	writePage(w, q, len(hits), hits[offset:end], end < len(hits), fmt.Sprintf("c%d", end))
}

// writePage writes a search answer in Europe PMC's shape.
func writePage(w http.ResponseWriter, query string, hitCount int, records []json.RawMessage, more bool, next string) {
	page := map[string]any{
		"version":    "6.9",
		"hitCount":   hitCount,
		"request":    map[string]any{"queryString": query, "resultType": "core", "synonym": false},
		"resultList": map[string]any{"result": append([]json.RawMessage{}, records...)},
	}
	if more {
		page["nextCursorMark"] = next
	}
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	_ = json.NewEncoder(w).Encode(page)
}
