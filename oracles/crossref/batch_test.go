package crossref_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
)

// recorder wraps h and keeps every request URL it served.
type recorder struct {
	mu   sync.Mutex
	urls []string
	h    http.Handler
}

func (rc *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc.mu.Lock()
	rc.urls = append(rc.urls, r.URL.String())
	rc.mu.Unlock()
	rc.h.ServeHTTP(w, r)
}

func (rc *recorder) requests() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.urls...)
}

func lookupAll(t *testing.T, o oracles.Oracle, dois []string) map[string]oracles.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return o.Lookup(ctx, dois)
}

func statuses(got map[string]oracles.Result) map[string]oracles.Status {
	out := map[string]oracles.Status{}
	for k, r := range got {
		out[k] = r.Status
	}
	return out
}

// Test40DOIsTake2Requests: 40 DOIs, batch 20, are two filter requests of 20
// DOIs each; the known ones are Found with their recorded record.
func Test40DOIsTake2Requests(t *testing.T) {
	rc := &recorder{h: fakeCrossref(t, []oracles.Record{{DOI: "10.1038/nnano.2014.279"}, {DOI: "10.1371/journal.pone.0033693"}})}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	dois := []string{"10.1038/NNANO.2014.279", "10.1371/journal.pone.0033693"}
	for i := len(dois); i < 40; i++ {
		dois = append(dois, fmt.Sprintf("10.5555/absent-%d", i))
	}
	got := lookupAll(t, newClient(t, srv.URL, ""), dois)
	reqs := rc.requests()
	if len(reqs) != 2 {
		t.Fatalf("requests = %d, want 2: %v", len(reqs), reqs)
	}
	for _, u := range reqs {
		if !strings.HasPrefix(u, "/works?") || strings.Count(u, "doi%3A") != 20 || !strings.Contains(u, "rows=20") {
			t.Errorf("request %q is not a filter of 20 DOIs with rows=20", u)
		}
	}
	want := map[string]oracles.Status{}
	for _, d := range dois[2:] {
		want[d] = oracles.NotFound
	}
	want["10.1038/nnano.2014.279"] = oracles.Found
	want["10.1371/journal.pone.0033693"] = oracles.Found
	if diff := cmp.Diff(want, statuses(got)); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if r := got["10.1038/nnano.2014.279"]; r.Record == nil || r.Record.Title != "Charges ride the spin wave" {
		t.Errorf("record = %+v, want the recorded title", r.Record)
	}
}

// TestBatchRecordMatchesSingle: a work read from a filter answer is the
// record the single-work path reads from the same work.
func TestBatchRecordMatchesSingle(t *testing.T) {
	known := []oracles.Record{{DOI: "10.1038/nnano.2014.279"}, {DOI: "10.1371/journal.pone.0033693"}}
	srv := httptest.NewServer(fakeCrossref(t, known))
	defer srv.Close()
	dois := []string{"10.1038/nnano.2014.279", "10.1371/journal.pone.0033693"}
	batch := lookupAll(t, newClient(t, srv.URL, ""), dois)
	single := lookupAll(t, newSingleClient(t, srv.URL, ""), dois)
	if diff := cmp.Diff(single, batch); diff != "" {
		t.Errorf("batch vs single (-single +batch):\n%s", diff)
	}
}

// TestUpdateFlagsInBatch: update-to, updated-by and relation are read from
// list items as from single works.
func TestUpdateFlagsInBatch(t *testing.T) {
	body := `{"status":"ok","message-type":"work-list","message":{"total-results":3,"items":[
{"DOI":"10.1234/retracted","updated-by":[{"DOI":"10.1234/notice","type":"retraction"}]},
{"DOI":"10.1234/notice","update-to":[{"DOI":"10.1234/retracted","type":"retraction"}]},
{"DOI":"10.1234/pre","type":"posted-content","subtype":"preprint","relation":{"is-preprint-of":[{"id-type":"doi","id":"10.1234/PUB"}]}}]}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	defer srv.Close()
	got := lookupAll(t, newClient(t, srv.URL, ""), []string{"10.1234/retracted", "10.1234/notice", "10.1234/pre"})
	type flags struct{ Retracted, Notice, Preprint bool }
	gotFlags := map[string]flags{}
	for k, r := range got {
		if r.Status != oracles.Found {
			t.Fatalf("%s: %v (%v)", k, r.Status, r.Err)
		}
		gotFlags[k] = flags{r.Record.Retracted, r.Record.RetractionNotice, r.Record.Preprint}
	}
	want := map[string]flags{
		"10.1234/retracted": {Retracted: true},
		"10.1234/notice":    {Notice: true},
		"10.1234/pre":       {Preprint: true},
	}
	if diff := cmp.Diff(want, gotFlags); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
	if p := got["10.1234/pre"].Record.PublishedDOI; p != "10.1234/pub" {
		t.Errorf("published DOI = %q", p)
	}
}

// TestCommaDOIGoesSingle: a DOI with a comma is never put in a filter; it
// is asked alone on /works/{doi}, the others still in one batch.
func TestCommaDOIGoesSingle(t *testing.T) {
	const comma = "10.1002/(sici)1097-0258(19980115)17:1<1::aid-sim746>3.0.co;2-o,x"
	rc := &recorder{h: fakeCrossref(t, []oracles.Record{{DOI: comma, Title: "Comma work"}, {DOI: "10.1038/nnano.2014.279"}})}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	got := lookupAll(t, newClient(t, srv.URL, ""), []string{comma, "10.1038/nnano.2014.279", "10.5555/absent"})
	want := map[string]oracles.Status{comma: oracles.Found, "10.1038/nnano.2014.279": oracles.Found, "10.5555/absent": oracles.NotFound}
	if diff := cmp.Diff(want, statuses(got)); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	var filters, singles int
	for _, u := range rc.requests() {
		switch {
		case strings.HasPrefix(u, "/works?"):
			filters++
			if strings.Contains(u, "sim746") {
				t.Errorf("comma DOI put in a filter: %s", u)
			}
		case strings.HasPrefix(u, "/works/"):
			singles++
		}
	}
	if filters != 1 || singles != 1 {
		t.Errorf("filters = %d, singles = %d, want 1 and 1: %v", filters, singles, rc.requests())
	}
}

// TestBatchFaultsAreUnknown: any answer that is not a complete one to the
// asked filter leaves every DOI of the batch Unknown, wrapping
// ErrUnavailable.
func TestBatchFaultsAreUnknown(t *testing.T) {
	const a, b = "10.1234/a", "10.1234/b"
	item := func(d string) string { return `{"DOI":"` + d + `","title":["t"]}` }
	list := func(total int, items ...string) string {
		return fmt.Sprintf(`{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[%s]}}`, total, strings.Join(items, ","))
	}
	tests := []struct {
		name string
		code int
		give string
	}{
		{"500", http.StatusInternalServerError, list(1, item(a))},
		{"404 not found body", http.StatusNotFound, "Resource not found."},
		{"truncated", http.StatusOK, list(1, item(a))[:60]},
		{"garbage", http.StatusOK, "Resource not found."},
		{"html", http.StatusOK, "<html>proxy</html>"},
		{"status failed", http.StatusOK, `{"status":"failed","message-type":"work-list","message":{"total-results":0,"items":[]}}`},
		{"no total-results", http.StatusOK, `{"status":"ok","message-type":"work-list","message":{"items":[]}}`},
		{"no message", http.StatusOK, `{"status":"ok","message-type":"work-list"}`},
		{"single work", http.StatusOK, `{"status":"ok","message-type":"work","message":` + item(a) + `}`},
		{"item not asked", http.StatusOK, list(2, item(a), item("10.1234/c"))},
		{"fewer items than total", http.StatusOK, list(2, item(a))},
		{"total zero with an item", http.StatusOK, list(0, item(a))},
		{"more items than rows", http.StatusOK, list(3, item(a), item(b), item(a))},
		{"item without DOI", http.StatusOK, list(1, `{"title":["t"]}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.code)
				_, _ = w.Write([]byte(tt.give))
			}))
			defer srv.Close()
			got := lookupAll(t, newClient(t, srv.URL, ""), []string{a, b})
			if len(got) != 2 {
				t.Fatalf("got %d answers, want 2", len(got))
			}
			for d, r := range got {
				if r.Status != oracles.Unknown || !errors.Is(r.Err, oracles.ErrUnavailable) || r.Record != nil {
					t.Errorf("%s: got %v (%v), want Unknown wrapping ErrUnavailable", d, r.Status, r.Err)
				}
			}
		})
	}
}

// TestBatchComplete: the controls of the fault table are answers: all
// found, mixed, none found.
func TestBatchComplete(t *testing.T) {
	const a, b = "10.1234/a", "10.1234/b"
	item := func(d string) string { return `{"DOI":"` + d + `","title":["t"]}` }
	list := func(total int, items ...string) string {
		return fmt.Sprintf(`{"status":"ok","message-type":"work-list","message":{"total-results":%d,"items":[%s]}}`, total, strings.Join(items, ","))
	}
	tests := []struct {
		name string
		give string
		want map[string]oracles.Status
	}{
		{"both", list(2, item("10.1234/B"), item(a)), map[string]oracles.Status{a: oracles.Found, b: oracles.Found}},
		{"mixed", list(1, item(a)), map[string]oracles.Status{a: oracles.Found, b: oracles.NotFound}},
		{"none", list(0), map[string]oracles.Status{a: oracles.NotFound, b: oracles.NotFound}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tt.give))
			}))
			defer srv.Close()
			got := lookupAll(t, newClient(t, srv.URL, ""), []string{a, b})
			if diff := cmp.Diff(tt.want, statuses(got)); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBatchSizeSetting(t *testing.T) {
	tests := []struct {
		give    int
		wantErr bool
	}{
		{1, false}, {20, false}, {crossref.MaxBatchSize, false},
		{0, true}, {-1, true}, {crossref.MaxBatchSize + 1, true},
	}
	for _, tt := range tests {
		s := crossref.DefaultSettings()
		s.BatchSize = tt.give
		err := s.Validate()
		if (err != nil) != tt.wantErr || (err != nil && !strings.Contains(err.Error(), "batch_size")) {
			t.Errorf("batch_size %d: err = %v, want error %v naming batch_size", tt.give, err, tt.wantErr)
		}
	}
	if got := crossref.DefaultSettings().BatchSize; got != 20 {
		t.Errorf("default batch_size = %d, want 20", got)
	}
}
