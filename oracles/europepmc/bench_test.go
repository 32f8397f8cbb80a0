package europepmc_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/httpx"
)

const (
	benchDOIs    = 40
	benchLatency = 50 * time.Millisecond
)

// benchSetup starts the fake Europe PMC behind 50 ms of latency per request
// and returns 40 DOIs to verify (every recorded one, then absent ones).
func benchSetup(b *testing.B) (url string, requests *atomic.Int64, dois []string) {
	b.Helper()
	c := loadCorpus(b)
	var all []oracles.Record
	for _, d := range c.dois {
		all = append(all, oracles.Record{DOI: d})
	}
	f := newFake(c, all)
	requests = &atomic.Int64{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		time.Sleep(benchLatency)
		f.ServeHTTP(w, r)
	}))
	b.Cleanup(srv.Close)
	for i := 0; len(dois) < benchDOIs; i++ {
		if i < len(c.dois) {
			dois = append(dois, c.dois[i])
		} else {
			dois = append(dois, fmt.Sprintf("10.5555/absent.%d", i))
		}
	}
	return srv.URL, requests, dois
}

// benchClient has a rate limit high enough (1000 req/s, burst 50) not to
// dominate: the benchmark measures batching, not politeness.
func benchClient(url string) *europepmc.Client {
	return europepmc.New(europepmc.Options{
		BaseURL:   url,
		BatchSize: europepmc.DefaultBatchSize,
		HTTPOptions: httpx.Options{
			Timeout:       5 * time.Second,
			MaxAttempts:   1,
			RatePerSecond: 1000,
			Burst:         50,
			MaxConcurrent: 8,
		},
	})
}

func report(b *testing.B, requests *atomic.Int64, lookups int) {
	b.ReportMetric(float64(requests.Load())/float64(lookups*benchDOIs), "requests/DOI")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(lookups), "ms/lookup")
	b.ReportMetric(0, "ns/op")
}

func mustAnswer(b *testing.B, got map[string]oracles.Result, dois []string) {
	for _, d := range dois {
		if got[d].Status == oracles.Unknown {
			b.Fatalf("%s: unknown: %v", d, got[d].Err)
		}
	}
}

// BenchmarkLookupBatched verifies 40 DOIs with one Lookup: 2 batched
// requests run concurrently.
func BenchmarkLookupBatched(b *testing.B) {
	url, requests, dois := benchSetup(b)
	o := benchClient(url)
	n := 0
	for b.Loop() {
		mustAnswer(b, o.Lookup(context.Background(), dois), dois)
		n++
	}
	report(b, requests, n)
}

// BenchmarkLookupNaive is the baseline a naive pipeline does: one request
// per DOI, in sequence.
func BenchmarkLookupNaive(b *testing.B) {
	url, requests, dois := benchSetup(b)
	o := benchClient(url)
	n := 0
	for b.Loop() {
		for _, d := range dois {
			mustAnswer(b, o.Lookup(context.Background(), []string{d}), []string{d})
		}
		n++
	}
	report(b, requests, n)
}

// BenchmarkLookupCachedRecheck re-verifies the 40 DOIs through the cache
// after one warm-up lookup: found and (with NegativeTTL) not-found answers
// come from memory, so no request is made.
func BenchmarkLookupCachedRecheck(b *testing.B) {
	url, requests, dois := benchSetup(b)
	o := cache.Wrap(benchClient(url), cache.Options{NegativeTTL: time.Hour})
	mustAnswer(b, o.Lookup(context.Background(), dois), dois)
	requests.Store(0)
	n := 0
	for b.Loop() {
		mustAnswer(b, o.Lookup(context.Background(), dois), dois)
		n++
	}
	report(b, requests, n)
}
