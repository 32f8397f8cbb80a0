package europepmc_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// The caller's burst is kept: four lookups at 10/s with a burst of 1 cannot
// start in less than three intervals (a lower bound: load only slows them).
func TestNewKeepsTheCallersBurst(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"hitCount":0,"resultList":{"result":[]}}`)
	}))
	t.Cleanup(srv.Close)
	ho := oracletest.FastOptions(europepmc.Name)
	ho.RatePerSecond, ho.Burst = 10, 1
	c := europepmc.New(europepmc.Options{BaseURL: srv.URL, BatchSize: 1, Parallel: 4, HTTPOptions: ho})
	start := time.Now()
	c.Lookup(context.Background(), []string{"10.5555/a", "10.5555/b", "10.5555/c", "10.5555/d"})
	if took, min := time.Since(start), 270*time.Millisecond; took < min {
		t.Errorf("4 requests at 10/s with burst 1 took %s, want at least %s", took, min)
	}
}

// Without a logger of its own, the HTTP client logs to the oracle's: a
// retry is logged there.
func TestNewGivesItsLoggerToTheHTTPClient(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, `{"hitCount":0,"resultList":{"result":[]}}`)
	}))
	t.Cleanup(srv.Close)
	core, logs := observer.New(zap.DebugLevel)
	ho := oracletest.FastOptions(europepmc.Name)
	ho.Logger = nil
	c := europepmc.New(europepmc.Options{BaseURL: srv.URL, HTTPOptions: ho, Logger: zap.New(core)})
	c.Lookup(context.Background(), []string{"10.5555/a"})
	if logs.FilterMessage("retrying request").Len() == 0 {
		t.Errorf("no retry logged to the oracle's logger; got %v", logs.All())
	}
}
