package collect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestNoticesByClassificationNeverReachTheLedger: a record that
// evidence.Classify reads as a notice (by any spelling of its type, or its
// title) is excluded, whatever flags its oracle set; research and
// preprints are kept.
func TestNoticesByClassificationNeverReachTheLedger(t *testing.T) {
	hit := func(d, title string, types ...string) oracles.Hit {
		return oracles.Hit{Record: oracles.Record{DOI: d, Title: title, Abstract: "Screening reduced cancer mortality in the trial population.", PubTypes: types}}
	}
	docs := []oracles.Hit{
		hit("10.1/research", "Screening and cancer mortality", "research-article", "Journal Article"),
		hit("10.1/correction", "Screening and cancer mortality", "correction"),
		hit("10.1/retraction", "Screening and cancer mortality", "retraction"),
		hit("10.1/retraction-typed", "Screening and cancer mortality", "RETRACTION_OF_PUBLICATION"),
		hit("10.1/concern", "Screening and cancer mortality", "Expression of Concern"),
		hit("10.1/titled", "Correction to: Screening and cancer mortality", "Journal Article"),
		hit("10.1/comment", "Screening and cancer mortality", "Comment"),
		hit("10.1/withdrawn", "Screening and cancer mortality", "withdrawal"),
		hit("10.1/preprint", "Screening and cancer mortality", "Preprint"),
	}
	l := mustBuild(t, contract.Lead{Topic: "cancer screening"}, docs, testOptions(t).withDefaults())
	want := map[string]int{ExcludedErratum: 2, ExcludedRetractionNotice: 3, ExcludedConcern: 1, ExcludedComment: 1}
	if !equalCounts(l.Excluded, want) {
		t.Errorf("excluded = %v, want %v", l.Excluded, want)
	}
	var kept []string
	for _, e := range l.Entries {
		kept = append(kept, e.DOI)
	}
	if strings.Join(kept, " ") != "10.1/research 10.1/preprint" && strings.Join(kept, " ") != "10.1/preprint 10.1/research" {
		t.Errorf("kept %v, want the research article and the preprint", kept)
	}
	opts := testOptions(t)
	opts.IncludeRetracted = true
	if l := mustBuild(t, contract.Lead{Topic: "cancer screening"}, docs, opts.withDefaults()); len(l.Entries) != len(docs) {
		t.Errorf("with IncludeRetracted, %d of %d kept", len(l.Entries), len(docs))
	}
}

// fakeCrossrefList answers Crossref's filter=doi:… requests from the
// constructed works of testdata/crossref_updates (provenance in
// testdata/PROVENANCE.txt), counting requests; a DOI it has no work for is
// absent from the answer, as Crossref leaves it out.
type fakeCrossrefList struct {
	t        *testing.T
	works    map[string]json.RawMessage
	mu       sync.Mutex
	requests []int // DOIs per request
	fail     bool
}

func newFakeCrossrefList(t *testing.T) *fakeCrossrefList {
	f := &fakeCrossrefList{t: t, works: map[string]json.RawMessage{}}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "crossref_updates", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no crossref update fixtures: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Message json.RawMessage `json:"message"`
		}
		var w struct {
			DOI string `json:"DOI"`
		}
		if err := json.Unmarshal(data, &env); err != nil || json.Unmarshal(env.Message, &w) != nil {
			t.Fatalf("%s: not a Crossref work", name)
		}
		d, _ := doi.Normalize(w.DOI)
		f.works[d] = env.Message
	}
	return f
}

func (f *fakeCrossrefList) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.fail {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	if r.URL.Path != "/works" {
		http.Error(w, "Resource not found.", http.StatusNotFound)
		return
	}
	var items []json.RawMessage
	asked := strings.Split(r.URL.Query().Get("filter"), ",")
	for _, a := range asked {
		d, _ := doi.Normalize(strings.TrimPrefix(a, "doi:"))
		if work, ok := f.works[d]; ok {
			items = append(items, work)
		}
	}
	f.mu.Lock()
	f.requests = append(f.requests, len(asked))
	f.mu.Unlock()
	body, _ := json.Marshal(map[string]any{"status": "ok", "message-type": "work-list",
		"message": map[string]any{"total-results": len(items), "items": items}})
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func crossrefClient(t *testing.T, f *fakeCrossrefList) *crossref.Client {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	opts := oracletest.FastOptions(crossref.Name)
	opts.Contact = ""
	return crossref.New(crossref.Options{BaseURL: srv.URL, HTTPOptions: opts})
}

// TestCrossrefUpdatedByRetractionIsCaught: a retraction recorded only in
// Crossref's updated-by (the search's record says nothing) keeps the paper
// out of the ledger, and so does a notice Crossref types as one; Crossref
// is asked in filter requests of its batch size (20), once per
// collection.
func TestCrossrefUpdatedByRetractionIsCaught(t *testing.T) {
	f := newFakeCrossrefList(t)
	docs := []oracles.Hit{
		{Record: oracles.Record{DOI: "10.5555/original.paper", Title: "Charges ride the spin wave in cancer", Abstract: "Spin waves carry charges in cancer cells."}},
		{Record: oracles.Record{DOI: "10.5555/notice.retraction", Title: "Spin waves in cancer", Abstract: "Spin waves carry charges in cancer cells, we said."}},
	}
	for i := len(docs); i < 25; i++ {
		docs = append(docs, oracles.Hit{Record: oracles.Record{DOI: fmt.Sprintf("10.5555/cancer.%d", i), Title: "Cancer screening", Abstract: "Cancer screening works in cells."}})
	}
	opts := testOptions(t)
	opts.Notices = crossrefClient(t, f)
	opts.MaxSources = 30
	l, err := build(context.Background(), contract.Lead{Topic: "cancer"}, docs, "test", opts.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := l.ByDOI("10.5555/original.paper"); ok {
		t.Error("the paper Crossref records as retracted is in the ledger")
	}
	if _, ok := l.ByDOI("10.5555/notice.retraction"); ok {
		t.Error("the retraction notice Crossref records is in the ledger")
	}
	if want := map[string]int{ExcludedRetracted: 1, ExcludedRetractionNotice: 1}; !equalCounts(l.Excluded, want) {
		t.Errorf("excluded = %v, want %v", l.Excluded, want)
	}
	if len(l.Entries) != 23 {
		t.Errorf("%d entries, want the 23 Crossref knows nothing against", len(l.Entries))
	}
	slices.Sort(f.requests)
	if got := fmt.Sprint(f.requests); got != "[5 20]" {
		t.Errorf("Crossref requests of %s DOIs, want [5 20]", got)
	}
}

// TestUnreachableNoticesOracleFailsTheCollection: a notices oracle that
// cannot answer fails the collection with oracles.ErrUnavailable (the run
// ends oracle_unavailable), from a search and from a sources file alike;
// a DOI it does not know is no failure.
func TestUnreachableNoticesOracleFailsTheCollection(t *testing.T) {
	f := newFakeCrossrefList(t)
	f.fail = true
	opts := testOptions(t)
	opts.Notices = crossrefClient(t, f)
	docs := []oracles.Hit{{Record: oracles.Record{DOI: "10.5555/cancer.1", Title: "Cancer screening", Abstract: "Cancer screening works."}}}
	_, err := build(context.Background(), contract.Lead{Topic: "cancer"}, docs, "test", opts.withDefaults())
	if !errors.Is(err, oracles.ErrUnavailable) {
		t.Errorf("build error = %v, want one wrapping oracles.ErrUnavailable", err)
	}

	path := filepath.Join(t.TempDir(), "sources.jsonl")
	if err := os.WriteFile(path, []byte(`{"doi":"10.5555/cancer.1","title":"Cancer screening","abstract":"Cancer screening works."}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewFileCollector(path, nil, opts).Collect(context.Background(), contract.Lead{Topic: "cancer"}); !errors.Is(err, oracles.ErrUnavailable) {
		t.Errorf("file collector error = %v, want one wrapping oracles.ErrUnavailable", err)
	}

	opts.Notices = oracletest.NewFake("crossref", nil, nil)
	if l, err := build(context.Background(), contract.Lead{Topic: "cancer"}, docs, "test", opts.withDefaults()); err != nil || len(l.Entries) != 1 {
		t.Errorf("a DOI the notices oracle does not know: %d entries, %v", len(l.Entries), err)
	}
}
