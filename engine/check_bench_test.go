package engine_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles/all"
)

// benchLatency is what the fake Europe PMC adds to every request.
const benchLatency = 50 * time.Millisecond

// fakeEuropePMC answers every DOI query with one MED record per asked DOI,
// after benchLatency, and counts requests. It reads GET /search and POST
// /searchPOST.
func fakeEuropePMC(tb testing.TB) (*httptest.Server, *atomic.Int64) {
	tb.Helper()
	doiTerm := regexp.MustCompile(`DOI:"([^"]+)"`)
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		time.Sleep(benchLatency)
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		type rec struct {
			ID     string `json:"id"`
			Source string `json:"source"`
			DOI    string `json:"doi"`
			Title  string `json:"title"`
		}
		var results []rec
		for i, m := range doiTerm.FindAllStringSubmatch(r.Form.Get("query"), -1) {
			results = append(results, rec{ID: fmt.Sprint(i), Source: "MED", DOI: m[1], Title: "Record " + m[1]})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"hitCount": len(results), "nextCursorMark": "AoE=",
			"resultList": map[string]any{"result": results},
		})
	}))
	tb.Cleanup(srv.Close)
	return srv, &n
}

// shippedEngine is an engine with the shipped defaults (configs.Default:
// Europe PMC alone, 5 requests/s, its batch size, burst and parallelism),
// pointed at url, with the disk cache in a temporary folder.
func shippedEngine(tb testing.TB, url string) *engine.Engine {
	tb.Helper()
	cfg := configs.Default()
	cfg.Oracles.Set("europepmc", "base_url", url)
	cfg.Oracles.Cache.Dir = tb.TempDir()
	e, err := engine.New(cfg, engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// benchDocument cites n distinct DOIs, one per line.
func benchDocument(n int) []check.Document {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d. Author A. Title. doi:10.5555/bench.%d\n", i+1, i)
	}
	return []check.Document{{Name: "refs.md", Text: b.String()}}
}

func mustAllFound(b *testing.B, rep check.Report, n int) {
	b.Helper()
	if rep.Summary[check.VerdictFound] != n || rep.Summary[check.VerdictUnknown] != 0 {
		b.Fatalf("summary %v, want %d found", rep.Summary, n)
	}
}

// BenchmarkCheck40 checks a 40-DOI reference list with the shipped
// defaults, a fresh engine (cold cache) each time. Compare with
// BenchmarkCheck40Naive in the same run.
func BenchmarkCheck40(b *testing.B) {
	srv, requests := fakeEuropePMC(b)
	docs := benchDocument(40)
	n := 0
	for b.Loop() {
		e := shippedEngine(b, srv.URL)
		rep, err := checkDocs(e, engine.CheckOptions{}, docs...)
		if err != nil {
			b.Fatal(err)
		}
		mustAllFound(b, rep, 40)
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(n), "ms/check")
	b.ReportMetric(float64(requests.Load())/float64(n), "requests/check")
}

// BenchmarkCheck40Naive is the baseline: one GET per DOI, in sequence, no
// rate limit at all, against the same server.
func BenchmarkCheck40Naive(b *testing.B) {
	srv, requests := fakeEuropePMC(b)
	n := 0
	for b.Loop() {
		for i := range 40 {
			q := url.Values{"query": {fmt.Sprintf(`DOI:"10.5555/bench.%d"`, i)}, "format": {"json"}}
			resp, err := http.Get(srv.URL + "/search?" + q.Encode())
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(n), "ms/check")
	b.ReportMetric(float64(requests.Load())/float64(n), "requests/check")
}

// BenchmarkCheck40Cached re-checks the 40 DOIs with the engine that already
// checked them: every answer comes from the cache, no request.
func BenchmarkCheck40Cached(b *testing.B) {
	srv, requests := fakeEuropePMC(b)
	docs := benchDocument(40)
	e := shippedEngine(b, srv.URL)
	if _, err := checkDocs(e, engine.CheckOptions{}, docs...); err != nil {
		b.Fatal(err)
	}
	requests.Store(0)
	n := 0
	for b.Loop() {
		rep, err := checkDocs(e, engine.CheckOptions{}, docs...)
		if err != nil {
			b.Fatal(err)
		}
		mustAllFound(b, rep, 40)
		n++
	}
	if requests.Load() != 0 {
		b.Fatalf("%d requests on a cached re-check, want 0", requests.Load())
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(n), "ms/check")
	b.ReportMetric(float64(requests.Load())/float64(n), "requests/check")
}
