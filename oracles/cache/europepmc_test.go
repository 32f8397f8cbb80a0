package cache_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// recordedServer answers DOI queries from the recorded Europe PMC answer
// for DOI:"10.1016/j.molcel.2019.07.008" and counts requests.
func recordedServer(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	body, err := os.ReadFile("../../testdata/europepmc/bx-scholar-mcp__europepmc_by_doi.json")
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		ResultList struct {
			Result []json.RawMessage `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	term := regexp.MustCompile(`(?i)DOI:"10\.1016/j\.molcel\.2019\.07\.008"`)
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		hits := []json.RawMessage{}
		if term.MatchString(r.FormValue("query")) {
			hits = page.ResultList.Result
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"version": "6.9", "hitCount": len(hits), "resultList": map[string]any{"result": hits}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &n
}

func TestCachedEuropePMCRecheckMakesNoRequest(t *testing.T) {
	url, n := recordedServer(t)
	dir := t.TempDir()
	newOracle := func() oracles.Oracle {
		return cache.Wrap(europepmc.New(europepmc.Options{
			BaseURL: url, HTTPOptions: oracletest.FastOptions(europepmc.Name), Logger: zaptest.NewLogger(t),
		}), cache.Options{Dir: dir})
	}
	const doi = "10.1016/j.molcel.2019.07.008"
	o := newOracle()
	if r := o.Lookup(context.Background(), []string{strings.ToUpper(doi)})[doi]; r.Status != oracles.Found {
		t.Fatalf("first lookup = %s (err %v), want found", r.Status, r.Err)
	}
	if got := n.Load(); got != 1 {
		t.Fatalf("first lookup made %d requests, want 1", got)
	}
	for _, o := range []oracles.Oracle{o, newOracle()} { // same process, then a new run
		if r := o.Lookup(context.Background(), []string{doi})[doi]; r.Status != oracles.Found || r.Record.DOI != doi {
			t.Errorf("re-check = %s, want found", r.Status)
		}
	}
	if got := n.Load(); got != 1 {
		t.Errorf("requests after cached re-checks = %d, want still 1", got)
	}
}

func TestCachedEuropePMCConformance(t *testing.T) {
	body, err := os.ReadFile("../../testdata/europepmc/europepmc-evidence-mcp__search_retracted_core.json")
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		ResultList struct {
			Result []json.RawMessage `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	var known []oracles.Record
	raw := map[string]json.RawMessage{}
	for _, r := range page.ResultList.Result {
		var res europepmc.Result
		if err := json.Unmarshal(r, &res); err != nil {
			t.Fatal(err)
		}
		rec := res.Record()
		known = append(known, rec)
		raw[rec.DOI] = r
	}
	term := regexp.MustCompile(`DOI:"([^"]*)"`)
	oracletest.Run(t, oracletest.Harness{
		New: func(t *testing.T, baseURL string) oracles.Oracle {
			return cache.Wrap(europepmc.New(europepmc.Options{
				BaseURL: baseURL, HTTPOptions: oracletest.FastOptions(europepmc.Name), Logger: zaptest.NewLogger(t),
			}), cache.Options{Dir: t.TempDir(), NegativeTTL: 0})
		},
		Handler: func(_ *testing.T, known []oracles.Record) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits := []json.RawMessage{}
				for _, m := range term.FindAllStringSubmatch(r.FormValue("query"), -1) {
					for _, k := range known {
						if strings.EqualFold(k.DOI, m[1]) {
							hits = append(hits, raw[k.DOI])
						}
					}
				}
				w.Header().Set("Content-Type", "application/json")
				_ = json.NewEncoder(w).Encode(map[string]any{"version": "6.9", "hitCount": len(hits), "resultList": map[string]any{"result": hits}})
			})
		},
		Known: known,
	})
}
