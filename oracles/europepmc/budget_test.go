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
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestLookupBudgetIsPerBatch: TotalBudget bounds each batch, not the whole
// Lookup. Twelve batches asked one at a time, each answered in 100 ms, take
// longer than the 1 s budget together, and every DOI is still answered.
func TestLookupBudgetIsPerBatch(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		time.Sleep(100 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"hitCount":0,"nextCursorMark":"*","resultList":{"result":[]}}`)
	}))
	t.Cleanup(srv.Close)
	// 12 batches of 100 ms in sequence take 1.2 s, past the 1 s budget,
	// which each batch alone keeps with room for a loaded machine (the
	// attempt timeout raised past the fault tests' 200 ms for the same
	// reason).
	opts := oracletest.FastOptions(europepmc.Name)
	opts.Timeout = 900 * time.Millisecond
	o := europepmc.New(europepmc.Options{BaseURL: srv.URL, BatchSize: 2, Parallel: 1,
		TotalBudget: time.Second, HTTPOptions: opts})
	var dois []string
	for i := range 24 {
		dois = append(dois, fmt.Sprintf("10.5555/budget.%d", i))
	}
	got := o.Lookup(context.Background(), dois)
	for _, d := range dois {
		if r := got[d]; r.Status != oracles.NotFound {
			t.Errorf("%s: %s (err %v), want not_found: each batch is within its budget", d, r.Status, r.Err)
		}
	}
	if n := requests.Load(); n != 12 {
		t.Errorf("%d requests, want 12 (one per batch)", n)
	}
}

// TestLookupCancelledWhileQueued: batches still waiting for a slot when the
// caller gives up are unknown, and never sent.
func TestLookupCancelledWhileQueued(t *testing.T) {
	var requests atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		cancel()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	o := europepmc.New(europepmc.Options{BaseURL: srv.URL, BatchSize: 1, Parallel: 1,
		HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	dois := []string{"10.5555/q.1", "10.5555/q.2", "10.5555/q.3"}
	got := o.Lookup(ctx, dois)
	for _, d := range dois {
		if r := got[d]; r.Status != oracles.Unknown || r.Err == nil {
			t.Errorf("%s: %s (err %v), want unknown", d, r.Status, r.Err)
		}
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests after cancel, want 1", n)
	}
}
