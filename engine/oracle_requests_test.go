package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
)

// Deps.OracleRequests hears of every HTTP request an oracle makes, the
// collection's searches and the gate's or check's lookups alike, each retry
// on its own; a lookup the cache answers makes none.
func TestOracleRequestsAreObservedOneByOne(t *testing.T) {
	search := searchPage(t)
	var served atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if served.Add(1) == 1 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(search)
	}))
	t.Cleanup(srv.Close)
	var mu sync.Mutex
	var got []string
	e, err := engine.New(europePMCOnly(t, srv.URL), engine.Deps{Registry: all.Backends(), Now: fixedNow, OracleRequests: func(r oracles.Request) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, r.Oracle+":"+r.Code())
	}})
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := e.Collect(context.Background(), engine.BriefOptions{}, contract.Lead{Topic: "cancer", MaxSources: 2})
	if err != nil {
		t.Fatal(err)
	}
	o, err := e.Oracle()
	if err != nil {
		t.Fatal(err)
	}
	dois := []string{ledger.Entries[0].DOI}
	o.Lookup(context.Background(), dois)
	before := served.Load()
	o.Lookup(context.Background(), dois) // answered by the cache
	if after := served.Load(); after != before {
		t.Errorf("a cached lookup made %d requests, want none", after-before)
	}
	mu.Lock()
	defer mu.Unlock()
	if int(served.Load()) != len(got) {
		t.Errorf("the server answered %d requests, the observer heard of %d: %v", served.Load(), len(got), got)
	}
	if len(got) < 3 || got[0] != "europepmc:429" || got[1] != "europepmc:200" {
		t.Errorf("observed %v, want the 429, its retry, then the lookup", got)
	}
	if diff := cmp.Diff("europepmc:200", got[len(got)-1]); diff != "" {
		t.Errorf("last request (-want +got):\n%s", diff)
	}
}
