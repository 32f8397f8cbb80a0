package cache_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

const fixtures = "../../testdata/europepmc/"

func TestCachedEuropePMCRecheckMakesNoRequest(t *testing.T) {
	// The recorded answer for DOI:"10.1016/j.molcel.2019.07.008".
	srv := europepmctest.NewServer(t, europepmctest.Records(t, fixtures+"bx-scholar-mcp__europepmc_by_doi.json")...)
	dir := t.TempDir()
	newOracle := func() oracles.Oracle {
		return cache.Wrap(europepmc.New(europepmc.Options{
			BaseURL: srv.URL, HTTPOptions: oracletest.FastOptions(europepmc.Name), Logger: zaptest.NewLogger(t),
		}), cache.Options{Dir: dir})
	}
	const doi = "10.1016/j.molcel.2019.07.008"
	o := newOracle()
	if r := o.Lookup(context.Background(), []string{strings.ToUpper(doi)})[doi]; r.Status != oracles.Found {
		t.Fatalf("first lookup = %s (err %v), want found", r.Status, r.Err)
	}
	if got := srv.Requests(); got != 1 {
		t.Fatalf("first lookup made %d requests, want 1", got)
	}
	for _, o := range []oracles.Oracle{o, newOracle()} { // same process, then a new run
		if r := o.Lookup(context.Background(), []string{doi})[doi]; r.Status != oracles.Found || r.Record.DOI != doi {
			t.Errorf("re-check = %s, want found", r.Status)
		}
	}
	if got := srv.Requests(); got != 1 {
		t.Errorf("requests after cached re-checks = %d, want still 1", got)
	}
}

func TestCachedEuropePMCConformance(t *testing.T) {
	var known []oracles.Record
	raw := map[string]json.RawMessage{}
	for _, r := range europepmctest.Records(t, fixtures+"europepmc-evidence-mcp__search_retracted_core.json") {
		var res europepmc.Result
		if err := json.Unmarshal(r, &res); err != nil {
			t.Fatal(err)
		}
		rec := res.Record()
		known = append(known, rec)
		raw[rec.DOI] = r
	}
	oracletest.Run(t, oracletest.Harness{
		New: func(t *testing.T, baseURL string) oracles.Oracle {
			return cache.Wrap(europepmc.New(europepmc.Options{
				BaseURL: baseURL, HTTPOptions: oracletest.FastOptions(europepmc.Name), Logger: zaptest.NewLogger(t),
			}), cache.Options{Dir: t.TempDir(), NegativeTTL: 0})
		},
		Handler: func(_ *testing.T, known []oracles.Record) http.Handler {
			recs := make([]json.RawMessage, 0, len(known))
			for _, k := range known {
				recs = append(recs, raw[k.DOI])
			}
			return europepmctest.NewHandler(recs...)
		},
		Known: known,
	})
}
