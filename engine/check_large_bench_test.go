//go:build largebench

package engine_test

import (
	"testing"
	"time"

	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// BenchmarkCheck20000 checks 20,000 distinct DOIs with the shipped
// defaults (about 160 s: 800 requests at 5 per second). It reports the wall
// time against requests ÷ configured rate; no DOI may come back unknown.
// Run with: go test -tags largebench -run '^$' -bench Check20000 -benchtime 1x ./engine
func BenchmarkCheck20000(b *testing.B) {
	const n = 20000
	srv, requests := fakeEuropePMC(b)
	docs := benchDocument(n)
	rate := europepmc.DefaultSettings().RatePerSecond
	for b.Loop() {
		requests.Store(0)
		e := shippedEngine(b, srv.URL)
		start := time.Now()
		rep, err := checkDocs(e, engine.CheckOptions{}, docs...)
		if err != nil {
			b.Fatal(err)
		}
		wall := time.Since(start)
		mustAllFound(b, rep, n)
		ideal := time.Duration(float64(requests.Load()) / rate * float64(time.Second))
		b.ReportMetric(wall.Seconds(), "s/check")
		b.ReportMetric(ideal.Seconds(), "s-requests/rate")
		b.ReportMetric(wall.Seconds()/ideal.Seconds(), "wall/ideal")
		b.ReportMetric(float64(requests.Load()), "requests")
	}
}
