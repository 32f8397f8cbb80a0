package europepmc_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func newClient(t *testing.T, baseURL string, batch int) *europepmc.Client {
	t.Helper()
	return europepmc.New(europepmc.Options{
		BaseURL:     baseURL,
		BatchSize:   batch,
		HTTPOptions: oracletest.FastOptions(europepmc.Name),
		Logger:      zaptest.NewLogger(t),
	})
}

// serveFake starts the fake Europe PMC over every recorded record.
func serveFake(t *testing.T) (*fakeServer, corpus, string) {
	t.Helper()
	c := loadCorpus(t)
	var all []oracles.Record
	for _, d := range c.dois {
		all = append(all, oracles.Record{DOI: d})
	}
	f := newFake(c, all)
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, c, srv.URL
}

// replay serves body with status for every request and counts requests.
func replay(t *testing.T, status int, body []byte) (string, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &n
}

func TestLookupHostileDOIMakesNoRequest(t *testing.T) {
	f, _, url := serveFake(t)
	o := newClient(t, url, 25)
	for _, give := range []string{`10.1/x" OR "cancer`, `10.1234/x" OR "cancer`, `10.1234/x\" OR`, "10.1234/x OR cancer"} {
		got := o.Lookup(context.Background(), []string{give})
		if r := got[give]; r.Status != oracles.Unknown || !errors.Is(r.Err, doi.ErrInvalid) {
			t.Errorf("Lookup(%q) = %s (err %v), want unknown with doi.ErrInvalid", give, r.Status, r.Err)
		}
	}
	if n := len(f.seen()); n != 0 {
		t.Errorf("hostile DOIs made %d requests, want 0", n)
	}
}

func TestLookupFreeTextHitsNeverFind(t *testing.T) {
	// A server that answers every query with 25 records about cancer (the
	// recorded answer to query=cancer, hitCount 5 059 039).
	url, _ := replay(t, 200, readFixture(t, "pyEuropePMC__search_cancer_core.json"))
	o := newClient(t, url, 25)
	onPage := "10.1111/bjhp.12807" // one of the 25 records
	ask := []string{"10.1016/j.molcel.2019.07.008", "10.99999/no.such.doi", "10.1371/journal.pone.0311879", strings.ToUpper(onPage)}

	got := o.Lookup(context.Background(), ask)
	for _, d := range ask[:3] {
		// Unrelated hits must never make a DOI found; and an answer that
		// holds records for DOIs not asked is not an answer to the query,
		// so what it lacks is unknown, not absent.
		r := got[d]
		var bad *oracles.BadResponseError
		if r.Status != oracles.Unknown || !errors.As(r.Err, &bad) {
			t.Errorf("%s: got %s (err %v), want unknown with a BadResponseError", d, r.Status, r.Err)
		}
	}
	if r := got[onPage]; r.Status != oracles.Found || r.Record.DOI != onPage {
		t.Errorf("%s: got %s, want found with its own record", onPage, r.Status)
	}
	if p := oracletest.Problems(europepmc.Name, ask, got); len(p) > 0 {
		t.Errorf("contract problems: %q", p)
	}
}

func TestLookupAnswers(t *testing.T) {
	tests := []struct {
		name    string
		status  int
		body    []byte
		want    oracles.Status
		wantBad bool
	}{
		{"recorded zero-hit DOI answer", 200, readFixture(t, "scitadel__EXTRACT_zero_hit_doi_core.json"), oracles.NotFound, false},
		{"recorded zero-hit search", 200, readFixture(t, "pyEuropePMC__search_no_results.json"), oracles.NotFound, false},
		// hitCount 3 with no record on the final page is a cut answer.
		{"hitCount without records", 200, []byte(`{"version":"6.9","hitCount":3,"resultList":{"result":[]}}`), oracles.Unknown, true},
		{"resultList without result", 200, []byte(`{"hitCount":1,"resultList":{}}`), oracles.Unknown, true},
		{"resultList with null result", 200, []byte(`{"version":"6.9","hitCount":0,"resultList":{"result":null}}`), oracles.Unknown, true},
		{"zero hits without result", 200, []byte(`{"version":"6.9","hitCount":0,"resultList":{}}`), oracles.Unknown, true},
		{"error document", 200, []byte(`{"errCode":500,"errMsg":"Internal error, please try again"}`), oracles.Unknown, true},
		{"no resultList", 200, []byte(`{"version":"6.9","hitCount":1}`), oracles.Unknown, true},
		{"no hitCount", 200, []byte(`{"version":"6.9","resultList":{"result":[]}}`), oracles.Unknown, true},
		{"idlist records lack DOIs", 200, readFixture(t, "pyEuropePMC__search_cancer_idlist.json"), oracles.NotFound, false},
		{"XML instead of JSON", 200, []byte(`<?xml version="1.0"?><responseWrapper><hitCount>1</hitCount></responseWrapper>`), oracles.Unknown, true},
		{"truncated recorded body", 200, func() []byte {
			b := readFixture(t, "bx-scholar-mcp__europepmc_by_doi.json")
			return b[:len(b)-40]
		}(), oracles.Unknown, true},
		{"400 bad query", 400, []byte(`{"errMsg":"bad query"}`), oracles.Unknown, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, _ := replay(t, tt.status, tt.body)
			o := newClient(t, url, 25)
			ask := []string{"10.1016/j.molcel.2019.07.008", "10.99999/no.such.doi"}
			got := o.Lookup(context.Background(), ask)
			for _, d := range ask {
				r := got[d]
				if r.Status != tt.want {
					t.Errorf("%s: got %s (err %v), want %s", d, r.Status, r.Err, tt.want)
				}
				var bad *oracles.BadResponseError
				if got := errors.As(r.Err, &bad); got != tt.wantBad {
					t.Errorf("%s: BadResponseError = %v, want %v (err %v)", d, got, tt.wantBad, r.Err)
				}
			}
		})
	}
}

func TestLookupFlagsFromRecordedRecords(t *testing.T) {
	_, _, url := serveFake(t)
	o := newClient(t, url, 25)
	tests := []struct {
		give string
		want func(oracles.Record) bool
		what string
	}{
		{"10.1371/journal.pone.0311879", func(r oracles.Record) bool { return r.Retracted }, "retracted"},
		{"10.3928/02793695-20260701-01", func(r oracles.Record) bool { return r.Retracted }, "retracted"},
		{"10.1016/j.jse.2026.06.002", func(r oracles.Record) bool { return r.Retracted }, "retracted"},
		{"10.12688/openreseurope.23222.2", func(r oracles.Record) bool { return r.Preprint && !r.Retracted }, "preprint"},
		{"10.1016/j.molcel.2019.07.008", func(r oracles.Record) bool { return !r.Retracted && !r.Preprint }, "clean"},
	}
	var ask []string
	for _, tt := range tests {
		ask = append(ask, tt.give)
	}
	got := o.Lookup(context.Background(), ask)
	for _, tt := range tests {
		r := got[tt.give]
		if r.Status != oracles.Found {
			t.Errorf("%s: got %s (err %v), want found", tt.give, r.Status, r.Err)
			continue
		}
		if !tt.want(*r.Record) {
			t.Errorf("%s: record %+v is not %s", tt.give, *r.Record, tt.what)
		}
	}
}

func TestLookupBatches(t *testing.T) {
	f, c, url := serveFake(t)
	o := newClient(t, url, 25)
	var ask []string
	for i := range 40 {
		if i < len(c.dois) {
			ask = append(ask, c.dois[i])
		} else {
			ask = append(ask, fmt.Sprintf("10.5555/absent.%d", i))
		}
	}
	got := o.Lookup(context.Background(), ask)
	if p := oracletest.Problems(europepmc.Name, ask, got); len(p) > 0 {
		t.Fatalf("contract problems: %q", p)
	}
	for i, d := range ask {
		want := oracles.NotFound
		if i < len(c.dois) {
			want = oracles.Found
		}
		if got[d].Status != want {
			t.Errorf("%s: got %s, want %s", d, got[d].Status, want)
		}
	}
	// The corpus holds a preprint linking its published version by id:
	// one more search asks for it (see TestLookupResolvesPublishedVersion).
	seen, links := splitRequests(f.seen())
	if len(seen) != 2 || len(links) != 1 {
		t.Fatalf("DOI requests = %d, want 2 (40 DOIs in batches of 25); published-version searches = %d, want 1", len(seen), len(links))
	}
	total := 0
	for _, r := range seen {
		total += r.DOIs
		if r.DOIs > 25 || r.PageSize < r.DOIs || r.CursorMark != "*" || r.Method != http.MethodGet {
			t.Errorf("request %+v: want GET, at most 25 DOIs, pageSize ≥ DOIs, cursorMark *", r)
		}
	}
	if total != 40 {
		t.Errorf("DOI terms sent = %d, want 40", total)
	}
}

func TestLookupUsesSearchPOSTForLongQueries(t *testing.T) {
	f, c, url := serveFake(t)
	o := newClient(t, url, 100)
	ask := append([]string(nil), c.dois...)
	for i := len(ask); i < 60; i++ {
		ask = append(ask, fmt.Sprintf("10.5555/a-rather-long-absent-doi.%03d", i))
	}
	if q := europepmc.DOIQuery(ask); len(q) <= europepmc.DefaultPostOver {
		t.Fatalf("query is %d bytes, the test needs more than %d", len(q), europepmc.DefaultPostOver)
	}
	got := o.Lookup(context.Background(), ask)
	for _, d := range c.dois {
		if got[d].Status != oracles.Found {
			t.Errorf("%s: got %s (err %v), want found", d, got[d].Status, got[d].Err)
		}
	}
	seen, _ := splitRequests(f.seen())
	if len(seen) != 1 || seen[0].Method != http.MethodPost || seen[0].Path != "/searchPOST" || seen[0].DOIs != 60 {
		t.Errorf("requests = %+v, want one POST /searchPOST with 60 DOI terms", seen)
	}

	// A short query stays a GET.
	o.Lookup(context.Background(), c.dois[:1])
	if last := f.seen()[len(f.seen())-1]; last.Method != http.MethodGet || last.Path != "/search" {
		t.Errorf("short query sent as %s %s, want GET /search", last.Method, last.Path)
	}
}

func TestLookupFollowsCursor(t *testing.T) {
	c := loadCorpus(t)
	want := []string{"10.1016/j.molcel.2019.07.008", "10.1371/journal.pone.0311879", "10.12688/openreseurope.23222.2"}
	var raws []json.RawMessage
	for _, d := range want {
		for i, cd := range c.dois {
			if cd == d {
				raws = append(raws, c.raw[i])
			}
		}
	}
	unrelated := c.raw[len(c.raw)-6:] // cancer records
	var cursors []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.FormValue("query"), "DOI:") {
			// The preprint's published-version search: nothing to page.
			writePage(w, r.FormValue("query"), 0, nil, false, "")
			return
		}
		cursors = append(cursors, r.FormValue("cursorMark"))
		switch r.FormValue("cursorMark") {
		case "*": // a full page of other records, more to come
			writePage(w, r.FormValue("query"), 9, unrelated, true, "AoIIP4ZawSg1MzEyODI1MA==")
		case "AoIIP4ZawSg1MzEyODI1MA==": // the last page has no nextCursorMark
			writePage(w, r.FormValue("query"), 9, raws, false, "")
		default:
			http.Error(w, "unexpected cursor", http.StatusBadRequest)
		}
	}))
	t.Cleanup(srv.Close)

	o := newClient(t, srv.URL, 3) // pageSize 6: the first page is full
	got := o.Lookup(context.Background(), want)
	for _, d := range want {
		if got[d].Status != oracles.Found {
			t.Errorf("%s: got %s (err %v), want found", d, got[d].Status, got[d].Err)
		}
	}
	if fmt.Sprint(cursors) != "[* AoIIP4ZawSg1MzEyODI1MA==]" {
		t.Errorf("cursors sent = %v, want [* AoIIP4ZawSg1MzEyODI1MA==]", cursors)
	}
}

func TestLookupEndlessPagingIsUnknown(t *testing.T) {
	c := loadCorpus(t)
	unrelated := c.raw[len(c.raw)-2:]
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		writePage(w, r.FormValue("query"), 1e6, unrelated, true, fmt.Sprintf("cursor-%d", i))
	}))
	t.Cleanup(srv.Close)
	o := newClient(t, srv.URL, 1) // pageSize 2: every page is full
	got := o.Lookup(context.Background(), []string{"10.1016/j.molcel.2019.07.008"})
	if r := got["10.1016/j.molcel.2019.07.008"]; r.Status != oracles.Unknown || !errors.Is(r.Err, oracles.ErrUnavailable) {
		t.Errorf("got %s (err %v), want unknown: an unfinished answer proves no absence", r.Status, r.Err)
	}
	if got := n.Load(); got != 10 {
		t.Errorf("requests = %d, want the cap of 10 pages", got)
	}
}

// A complete answer over two pages whose last page holds exactly the hits
// still due proves the absence of a DOI it lacks.
func TestLookupCompleteOverPagesIsNotFound(t *testing.T) {
	c := loadCorpus(t)
	real := []string{"10.1016/j.molcel.2019.07.008", "10.1371/journal.pone.0311879"}
	var raws []json.RawMessage
	for _, d := range real {
		for i, cd := range c.dois {
			if cd == d {
				raws = append(raws, c.raw[i])
			}
		}
	}
	var noDOI []json.RawMessage // free-text hits: they count as received, never as strays
	for i := range 6 {
		noDOI = append(noDOI, json.RawMessage(fmt.Sprintf(`{"id":"X%d","source":"MED","title":"no DOI"}`, i)))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.FormValue("cursorMark") == "*" {
			writePage(w, r.FormValue("query"), 8, noDOI, true, "next")
			return
		}
		writePage(w, r.FormValue("query"), 8, raws, false, "")
	}))
	t.Cleanup(srv.Close)
	absent := "10.1234/absent.from.both.pages"
	got := newClient(t, srv.URL, 3).Lookup(context.Background(), append(real, absent)) // pageSize 6
	if r := got[absent]; r.Status != oracles.NotFound {
		t.Errorf("%s: got %s (err %v), want not found", absent, r.Status, r.Err)
	}
	for _, d := range real {
		if got[d].Status != oracles.Found {
			t.Errorf("%s: got %s, want found", d, got[d].Status)
		}
	}
}

func TestLookupTotalBudget(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers in time
	}))
	t.Cleanup(srv.Close)
	opts := oracletest.FastOptions(europepmc.Name)
	opts.MaxAttempts = 100
	o := europepmc.New(europepmc.Options{BaseURL: srv.URL, TotalBudget: 300 * time.Millisecond, HTTPOptions: opts})

	const doi = "10.1016/j.molcel.2019.07.008"
	r := o.Lookup(context.Background(), []string{doi})[doi]
	if r.Status != oracles.Unknown || !errors.Is(r.Err, oracles.ErrUnavailable) || !errors.Is(r.Err, context.DeadlineExceeded) {
		t.Errorf("got %s (err %v), want unknown: budget exhausted, wrapping ErrUnavailable and DeadlineExceeded", r.Status, r.Err)
	}
}

// TestLookupShortFinalPage: a final page holding fewer records than
// min(hitCount, pageSize) is a cut answer: the DOIs it found are found, the
// others unknown, never not found.
func TestLookupShortFinalPage(t *testing.T) {
	c := loadCorpus(t)
	have := "10.1016/j.molcel.2019.07.008"
	var raw json.RawMessage
	for i, d := range c.dois {
		if d == have {
			raw = c.raw[i]
		}
	}
	if raw == nil {
		t.Fatalf("no recorded record for %s", have)
	}
	for _, tt := range []struct {
		name     string
		hitCount int
		more     bool
	}{
		{"hitCount above records", 3, false},
		{"hitCount above records, cursor repeated", 2, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_ = r.ParseForm()
				writePage(w, r.Form.Get("query"), tt.hitCount, []json.RawMessage{raw}, tt.more, r.Form.Get("cursorMark"))
			}))
			t.Cleanup(srv.Close)
			o := newClient(t, srv.URL, 25)
			ask := []string{have, "10.99999/no.such.doi", "10.1371/journal.pone.0311879"}
			got := o.Lookup(context.Background(), ask)
			if r := got[have]; r.Status != oracles.Found {
				t.Errorf("%s: got %s (err %v), want found", have, r.Status, r.Err)
			}
			for _, d := range ask[1:] {
				r := got[d]
				var bad *oracles.BadResponseError
				if r.Status != oracles.Unknown || !errors.As(r.Err, &bad) {
					t.Errorf("%s: got %s (err %v), want unknown with a BadResponseError", d, r.Status, r.Err)
					continue
				}
				if want := fmt.Sprintf("hitCount %d but 1 records received", tt.hitCount); !strings.Contains(bad.Reason, want) {
					t.Errorf("%s: reason %q, want it to say %q", d, bad.Reason, want)
				}
			}
			if p := oracletest.Problems(europepmc.Name, ask, got); len(p) > 0 {
				t.Errorf("contract problems: %q", p)
			}
		})
	}
}

// TestLookupCompleteAnswerIsNotFound: a final page that holds every hit
// leaves the DOIs it lacks not found.
func TestLookupCompleteAnswerIsNotFound(t *testing.T) {
	_, _, url := serveFake(t)
	o := newClient(t, url, 25)
	ask := []string{"10.1016/j.molcel.2019.07.008", "10.99999/no.such.doi"}
	got := o.Lookup(context.Background(), ask)
	if r := got[ask[0]]; r.Status != oracles.Found {
		t.Errorf("%s: got %s (err %v), want found", ask[0], r.Status, r.Err)
	}
	if r := got[ask[1]]; r.Status != oracles.NotFound {
		t.Errorf("%s: got %s (err %v), want not_found", ask[1], r.Status, r.Err)
	}
}
