package crossref_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func newClient(t *testing.T, base, contact string) *crossref.Client {
	return newBatchClient(t, base, contact, 0)
}

// newSingleClient asks one request per DOI on /works/{doi}, the path
// DOIs with a comma always take.
func newSingleClient(t *testing.T, base, contact string) *crossref.Client {
	return newBatchClient(t, base, contact, -1)
}

func newBatchClient(t *testing.T, base, contact string, batch int) *crossref.Client {
	opts := oracletest.FastOptions(crossref.Name)
	opts.Contact = ""
	return crossref.New(crossref.Options{
		BaseURL:     base,
		Contact:     contact,
		BatchSize:   batch,
		HTTPOptions: opts,
		Logger:      zaptest.NewLogger(t),
	})
}

func TestConformance(t *testing.T) {
	oracletest.Run(t, oracletest.Harness{
		New:     func(t *testing.T, baseURL string) oracles.Oracle { return newClient(t, baseURL, "") },
		Handler: fakeCrossref,
		Known:   conformanceKnown,
	})
}

func TestConformanceSingle(t *testing.T) {
	oracletest.Run(t, oracletest.Harness{
		New:     func(t *testing.T, baseURL string) oracles.Oracle { return newSingleClient(t, baseURL, "") },
		Handler: fakeCrossref,
		Known:   conformanceKnown,
	})
}

var conformanceKnown = []oracles.Record{
	{DOI: "10.1038/nnano.2014.279", Title: "Charges ride the spin wave"},
	{DOI: "10.1371/journal.pone.0033693"},
	{DOI: "10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4", Title: "A SICI work", Authors: []string{"Ann Author"}, Journal: "J Biomed Mater Res", Year: 1998},
}

func lookupOne(t *testing.T, o oracles.Oracle, id string) oracles.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got := o.Lookup(ctx, []string{id})
	key, _ := doi.Normalize(id)
	return got[key]
}

func TestRecordedWorkToRecord(t *testing.T) {
	srv := httptest.NewServer(fakeCrossref(t, []oracles.Record{{DOI: "10.1038/nnano.2014.279"}, {DOI: "10.1371/journal.pone.0033693"}}))
	defer srv.Close()
	c := newClient(t, srv.URL, "")
	tests := []struct {
		give string
		want oracles.Record
	}{
		{"10.1038/NNANO.2014.279", oracles.Record{
			DOI: "10.1038/nnano.2014.279", Title: "Charges ride the spin wave",
			Authors: []string{"Kuschel, Timo", "Reiss, Günter"}, Journal: "Nature Nanotechnology",
			JournalAbbrevs: []string{"Nature Nanotech"}, ISSN: []string{"1748-3387", "1748-3395"},
			Year: 2014, OnlineYear: 2014, PrintYear: 2015, Volume: "10", Issue: "1", Pages: "22-24",
			PubTypes: []string{"journal-article"}, Source: "Crossref",
		}},
		{"https://doi.org/10.1371/journal.pone.0033693", oracles.Record{
			DOI:     "10.1371/journal.pone.0033693",
			Title:   "Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice",
			Authors: []string{"Sadasivan, Shankar", "Pond, Brooks B.", "Pani, Amar K.", "Qu, Chunxu", "Jiao, Yun", "Smeyne, Richard J."},
			Journal: "PLoS ONE", ISSN: []string{"1932-6203"}, Year: 2012, Volume: "7", Issue: "3", Pages: "e33693",
			PubTypes: []string{"journal-article"}, Source: "CrossRef",
		}},
	}
	for _, tt := range tests {
		r := lookupOne(t, c, tt.give)
		if r.Status != oracles.Found || r.Record == nil {
			t.Fatalf("%s: got %v (%v)", tt.give, r.Status, r.Err)
		}
		if diff := cmp.Diff(tt.want, *r.Record); diff != "" {
			t.Errorf("%s: record (-want +got):\n%s", tt.give, diff)
		}
	}
}

// TestNotFoundShapes checks that only Crossref's own "Resource not found."
// 404 means NotFound, whatever its Content-Type (the two recorded 404s
// differ), and that any other 404 is Unknown.
func TestNotFoundShapes(t *testing.T) {
	var recorded []interaction
	for _, name := range []string{habaneroCassette, rcrossref} {
		for _, it := range loadCassette(t, name) {
			if it.Status == http.StatusNotFound {
				recorded = append(recorded, it)
			}
		}
	}
	if len(recorded) < 2 {
		t.Fatalf("got %d recorded 404s, want at least 2", len(recorded))
	}
	type answer struct {
		contentType, body string
	}
	tests := []struct {
		name string
		give answer
		want oracles.Status
	}{
		{"recorded public pool", answer{recorded[0].Header.Get("content-type"), recorded[0].Body}, oracles.NotFound},
		{"recorded polite pool", answer{recorded[1].Header.Get("content-type"), recorded[1].Body}, oracles.NotFound},
		{"trailing newline", answer{"text/plain", "Resource not found.\n"}, oracles.NotFound},
		{"proxy html 404", answer{"text/html", "<html><body>404 Not Found</body></html>"}, oracles.Unknown},
		{"empty 404", answer{"text/plain", ""}, oracles.Unknown},
		{"json error 404", answer{"application/json", `{"status":"error","message":"not here"}`}, oracles.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", tt.give.contentType)
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte(tt.give.body))
			}))
			defer srv.Close()
			r := lookupOne(t, newSingleClient(t, srv.URL, ""), "10.1371/notarealdoi")
			if r.Status != tt.want {
				t.Errorf("got %v (%v), want %v", r.Status, r.Err, tt.want)
			}
			if tt.want == oracles.Unknown && !errors.Is(r.Err, oracles.ErrUnavailable) {
				t.Errorf("err %v does not wrap ErrUnavailable", r.Err)
			}
		})
	}
}

func TestUntrustworthy200IsUnknown(t *testing.T) {
	tests := []struct {
		name string
		give string
	}{
		{"another DOI", `{"status":"ok","message-type":"work","message":{"DOI":"10.1038/other","title":["x"]}}`},
		{"no message", `{"status":"ok","message-type":"work"}`},
		{"work list", `{"status":"ok","message-type":"work-list","message":{"DOI":"10.1038/nnano.2014.279"}}`},
		{"no DOI", `{"status":"ok","message-type":"work","message":{"title":["x"]}}`},
		{"not json", `Resource not found.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tt.give))
			}))
			defer srv.Close()
			r := lookupOne(t, newSingleClient(t, srv.URL, ""), "10.1038/nnano.2014.279")
			var bad *oracles.BadResponseError
			if r.Status != oracles.Unknown || !errors.As(r.Err, &bad) {
				t.Errorf("got %v (%v), want Unknown with a BadResponseError", r.Status, r.Err)
			}
		})
	}
}

// TestRequestShape checks path escaping of SICI DOIs, the polite-pool
// mailto parameter and the User-Agent.
func TestRequestShape(t *testing.T) {
	const sici = "10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-#"
	tests := []struct {
		name        string
		contact     string
		give        string
		wantPath    string
		wantMailto  string
		wantUAMatch string
	}{
		{"sici public", "", sici, "/works/" + strings.ToLower(sici), "", "citeloop/"},
		{"polite", "ops@example.org", "10.1038/nnano.2014.279", "/works/10.1038/nnano.2014.279", "ops@example.org", "mailto:ops@example.org"},
		{"query chars", "", "10.1234/a?b=c&d%", "/works/10.1234/a?b=c&d%", "", "citeloop/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var gotPath, gotRaw, gotMailto, gotUA string
			var queryKeys int
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				gotPath, gotRaw, gotUA = r.URL.Path, r.URL.RawPath, r.UserAgent()
				gotMailto = r.URL.Query().Get("mailto")
				queryKeys = len(r.URL.Query())
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte("Resource not found."))
			}))
			defer srv.Close()
			r := lookupOne(t, newSingleClient(t, srv.URL, tt.contact), tt.give)
			if r.Status != oracles.NotFound {
				t.Fatalf("got %v (%v)", r.Status, r.Err)
			}
			if gotPath != tt.wantPath {
				t.Errorf("path = %q, want %q (raw %q)", gotPath, tt.wantPath, gotRaw)
			}
			if strings.ContainsAny(gotRaw, "<>#;?") {
				t.Errorf("raw path %q carries unescaped characters", gotRaw)
			}
			if gotMailto != tt.wantMailto || (tt.wantMailto == "" && queryKeys != 0) {
				t.Errorf("mailto = %q (%d query keys), want %q", gotMailto, queryKeys, tt.wantMailto)
			}
			if !strings.Contains(gotUA, tt.wantUAMatch) {
				t.Errorf("User-Agent %q lacks %q", gotUA, tt.wantUAMatch)
			}
		})
	}
}

// TestObeysConcurrencyHeader: once Crossref announces x-concurrency-limit
// 1, no two requests are in flight at once.
func TestObeysConcurrencyHeader(t *testing.T) {
	var inFlight, maxSeen atomic.Int32
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n := inFlight.Add(1)
		mu.Lock()
		if n > maxSeen.Load() {
			maxSeen.Store(n)
		}
		mu.Unlock()
		time.Sleep(3 * time.Millisecond)
		inFlight.Add(-1)
		w.Header().Set("x-concurrency-limit", "1")
		w.Header().Set("x-rate-limit-limit", "1000")
		w.Header().Set("x-rate-limit-interval", "1s")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("Resource not found."))
	}))
	defer srv.Close()
	opts := oracletest.FastOptions(crossref.Name)
	opts.MaxConcurrent = 8
	c := crossref.New(crossref.Options{BaseURL: srv.URL, BatchSize: -1, HTTPOptions: opts, Logger: zaptest.NewLogger(t)})
	lookupOne(t, c, "10.1234/warmup") // learns the limits
	maxSeen.Store(0)
	var dois []string
	for i := range 12 {
		dois = append(dois, "10.1234/x"+string(rune('a'+i)))
	}
	got := c.Lookup(context.Background(), dois)
	for _, r := range got {
		if r.Status != oracles.NotFound {
			t.Errorf("%s: %v (%v)", r.DOI, r.Status, r.Err)
		}
	}
	if m := maxSeen.Load(); m != 1 {
		t.Errorf("max requests in flight = %d, want 1 after x-concurrency-limit: 1", m)
	}
}

// TestObeysRateHeader: after x-rate-limit-limit 20 per 1s, 5 more requests
// take at least 4 intervals of 50ms.
func TestObeysRateHeader(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("x-rate-limit-limit", "20")
		w.Header().Set("x-rate-limit-interval", "1s")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("Resource not found."))
	}))
	defer srv.Close()
	c := newSingleClient(t, srv.URL, "")
	lookupOne(t, c, "10.1234/warmup")
	start := time.Now()
	got := c.Lookup(context.Background(), []string{"10.1234/1", "10.1234/2", "10.1234/3", "10.1234/4", "10.1234/5"})
	if len(got) != 5 {
		t.Fatalf("got %d answers", len(got))
	}
	if el := time.Since(start); el < 190*time.Millisecond {
		t.Errorf("5 requests at 20/s took %s, want at least ~200ms", el)
	}
}

func TestTotalBudget(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	opts := oracletest.FastOptions(crossref.Name)
	opts.Timeout = time.Second
	c := crossref.New(crossref.Options{BaseURL: srv.URL, TotalBudget: 50 * time.Millisecond, HTTPOptions: opts})
	start := time.Now()
	r := lookupOne(t, c, "10.1234/slow")
	if r.Status != oracles.Unknown || !errors.Is(r.Err, oracles.ErrUnavailable) {
		t.Errorf("got %v (%v), want Unknown wrapping ErrUnavailable", r.Status, r.Err)
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("took %s, want the 50ms budget to end it", el)
	}
}

func TestPlugin(t *testing.T) {
	srv := httptest.NewServer(fakeCrossref(t, []oracles.Record{{DOI: "10.1038/nnano.2014.279"}}))
	defer srv.Close()
	reg := oracles.NewRegistry()
	if err := reg.Register(crossref.Name, crossref.Plugin()); err != nil {
		t.Fatal(err)
	}
	sec, err := oracles.ParseSection(crossref.Name, []byte("base_url: "+srv.URL+"\nmax_attempts: 1\ntimeout: 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := reg.New(crossref.Name, sec, oracles.Env{Contact: "ops@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if r := lookupOne(t, o, "10.1038/nnano.2014.279"); r.Status != oracles.Found || r.Oracle != "crossref" {
		t.Errorf("got %+v", r)
	}
}

// TestRetriesObeyRateLimit: the rate limit gates every attempt, retries
// included: at 20 requests a second, 4 attempts against a failing server
// are at least ~50ms apart, whether it answers 503 or 429 with
// Retry-After: 0.
// Every attempt, retries included, waits for the client's rate limiter:
// four attempts at 20/s cannot take less than three intervals, however
// loaded the machine (load only makes them slower); without the limiter
// they would take the few milliseconds of the test's backoff.
func TestRetriesObeyRateLimit(t *testing.T) {
	for _, tt := range []struct {
		name       string
		code       int
		retryAfter string
	}{
		{"503", http.StatusServiceUnavailable, ""},
		{"429 with Retry-After 0", http.StatusTooManyRequests, "0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var served atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				served.Add(1)
				if tt.retryAfter != "" {
					w.Header().Set("Retry-After", tt.retryAfter)
				}
				w.WriteHeader(tt.code)
			}))
			defer srv.Close()
			opts := oracletest.FastOptions(crossref.Name)
			opts.Contact = ""
			opts.RatePerSecond = 20
			opts.MaxAttempts = 4
			c := crossref.New(crossref.Options{BaseURL: srv.URL, BatchSize: -1, HTTPOptions: opts, Logger: zaptest.NewLogger(t)})
			start := time.Now()
			if r := lookupOne(t, c, "10.1234/retried"); r.Status != oracles.Unknown {
				t.Errorf("got %s, want unknown", r.Status)
			}
			took := time.Since(start)
			if got := served.Load(); got != 4 {
				t.Fatalf("%d requests, want 4", got)
			}
			if min := 3 * 50 * time.Millisecond * 9 / 10; took < min {
				t.Errorf("4 attempts took %s, want at least %s at 20/s", took, min)
			}
		})
	}
}
