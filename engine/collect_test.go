package engine_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles/all"
)

// Collecting from Europe PMC calls no model, so it works with no model key,
// where building a Briefer refuses.
func TestCollectNeedsNoModelCredentials(t *testing.T) {
	search := searchPage(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(search)
	}))
	t.Cleanup(srv.Close)
	e, err := engine.New(europePMCOnly(t, srv.URL), engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.NewBriefer(engine.BriefOptions{}); !errors.Is(err, configs.ErrInvalid) {
		t.Fatalf("NewBriefer without a key: want a credentials error, got %v", err)
	}
	ledger, err := e.Collect(context.Background(), engine.BriefOptions{}, contract.Lead{Topic: "cancer", MaxSources: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(ledger.Entries) != 4 {
		t.Errorf("want 4 sources, got %d", len(ledger.Entries))
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	ledger, err = e.Collect(context.Background(), engine.BriefOptions{Offline: off}, contract.Lead{Topic: "cancer screening", MaxSources: 2})
	if err != nil || len(ledger.Entries) != 2 {
		t.Errorf("offline: want 2 sources, got %d, %v", len(ledger.Entries), err)
	}
}

// searchPage is a recorded Europe PMC core search page.
func searchPage(t *testing.T) []byte {
	t.Helper()
	page, err := os.ReadFile("../testdata/europepmc/pyEuropePMC__search_cancer_core.json")
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// europePMCOnly is the default configuration with Europe PMC alone, at
// url, and a cache of the test's own.
func europePMCOnly(t *testing.T, url string) configs.Config {
	cfg := configs.Default()
	cfg.Oracles.Use = []string{"europepmc"}
	cfg.Oracles.Set("europepmc", "base_url", url)
	cfg.Oracles.Cache.Dir = t.TempDir()
	return cfg
}
