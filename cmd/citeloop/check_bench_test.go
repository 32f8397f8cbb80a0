package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles/all"
)

// benchLatency is what the fake Europe PMC adds to every request.
const benchLatency = 50 * time.Millisecond

var (
	benchDOITerm  = regexp.MustCompile(`DOI:"([^"]+)"`)
	benchLinkTerm = regexp.MustCompile(`EXT_ID:(\d+) AND SRC:MED`)
)

// fakeSlowEuropePMC answers a DOI query with one record per asked DOI
// after benchLatency: a preprint linked to its published version by
// Europe PMC id for a DOI holding "pre", a journal article otherwise; and
// a published-version search with the linked records.
func fakeSlowEuropePMC(tb testing.TB) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(benchLatency)
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		q := r.Form.Get("query")
		var results []map[string]any
		for i, m := range benchDOITerm.FindAllStringSubmatch(q, -1) {
			rec := map[string]any{"id": fmt.Sprint(i), "source": "MED", "doi": m[1], "title": "Record " + m[1], "pubYear": "2020"}
			if strings.Contains(m[1], "pre") {
				rec["source"], rec["id"] = "PPR", fmt.Sprintf("PPR%d", i)
				rec["pubTypeList"] = map[string]any{"pubType": []string{"Preprint"}}
				rec["commentCorrectionList"] = map[string]any{"commentCorrection": []map[string]string{{"type": "Preprint of", "source": "MED", "id": fmt.Sprint(9000 + i)}}}
			}
			results = append(results, rec)
		}
		for _, m := range benchLinkTerm.FindAllStringSubmatch(q, -1) {
			results = append(results, map[string]any{"id": m[1], "pmid": m[1], "source": "MED", "doi": "10.5555/published." + m[1], "title": "Published"})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"hitCount": len(results), "resultList": map[string]any{"result": results}})
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// checkShipped checks docs with the shipped defaults (configs.Default:
// Europe PMC alone, its batch size, burst, parallelism and rate limit) and a
// cold disk cache, against the server at base.
func checkShipped(tb testing.TB, base string, docs []check.Document) check.Report {
	tb.Helper()
	cfg := configs.Default()
	cfg.Oracles.Set("europepmc", "base_url", base)
	cfg.Oracles.Cache.Dir = tb.TempDir()
	e, err := engine.New(cfg, engine.Deps{Registry: all.Backends()})
	if err != nil {
		tb.Fatal(err)
	}
	c, err := e.Checker(engine.CheckOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return c.Check(context.Background(), docs)
}

// forty is a reference list of forty DOIs, preprints of them those whose
// index preprint(i) says.
func forty(preprint func(int) bool) []check.Document {
	var b strings.Builder
	for i := range 40 {
		kind := "bench"
		if preprint(i) {
			kind = "pre"
		}
		fmt.Fprintf(&b, "%d. doi:10.5555/%s.%d\n", i+1, kind, i)
	}
	return []check.Document{{Name: "refs.md", Text: b.String()}}
}

// naiveLoop looks the forty DOIs up one GET each, in sequence, on one
// keep-alive client with no rate limit: what a short script does.
func naiveLoop(tb testing.TB, client *http.Client, base string) {
	for i := range 40 {
		q := url.Values{"query": {fmt.Sprintf(`DOI:"10.5555/bench.%d"`, i)}, "format": {"json"}, "resultType": {"core"}}
		resp, err := client.Get(base + "/search?" + q.Encode())
		if err != nil {
			tb.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// BenchmarkCheck40SideBySide checks a 40-DOI reference list at 50 ms a
// request with the shipped defaults, and times beside it a keep-alive
// one-request-per-DOI Go loop against the same server: "x-faster" is the
// loop's time over check's. With preprints (8 of the 40), the published
// versions are searched in the same round as each batch's answer: one more
// request latency, never one per preprint.
func BenchmarkCheck40SideBySide(b *testing.B) {
	srv := fakeSlowEuropePMC(b)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	for _, tt := range []struct {
		name     string
		preprint func(int) bool
	}{
		{"journal-articles", func(int) bool { return false }},
		{"with-8-preprints", func(i int) bool { return i%5 == 0 }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			docs := forty(tt.preprint)
			var checkTime, loopTime time.Duration
			n := 0
			for b.Loop() {
				start := time.Now()
				rep := checkShipped(b, srv.URL, docs)
				checkTime += time.Since(start)
				if rep.Summary[check.VerdictFound] != 40 {
					b.Fatalf("summary %v", rep.Summary)
				}
				start = time.Now()
				naiveLoop(b, client, srv.URL)
				loopTime += time.Since(start)
				n++
			}
			b.ReportMetric(float64(checkTime.Milliseconds())/float64(n), "check-ms")
			b.ReportMetric(float64(loopTime.Milliseconds())/float64(n), "loop-ms")
			b.ReportMetric(float64(loopTime)/float64(checkTime), "x-faster")
		})
	}
}
