//go:build largebench

package check_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
)

// everyOracle answers every DOI found, at once, with a small record: an
// in-process oracle with no rate limit, so that only check's own memory and
// time are measured.
type everyOracle struct{}

func (everyOracle) Name() string { return "every" }
func (everyOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	out := make(map[string]oracles.Result, len(dois))
	for _, d := range dois {
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "every", Record: &oracles.Record{DOI: d, Title: "Record " + d, Year: 2020}}
	}
	return out
}

// BenchmarkCheckMemory checks a list of n distinct DOIs (one a line) and
// writes the report as JSON and as a table to io.Discard, sampling the
// live heap: memory grows with n by the document and a small index per
// DOI, never by the rows, which are written as they are settled.
// Run with: go test -tags largebench -run '^$' -bench CheckMemory -benchtime 1x ./check
func BenchmarkCheckMemory(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		for _, format := range []string{"json", "table"} {
			b.Run(fmt.Sprintf("%d/%s", n, format), func(b *testing.B) {
				var sb strings.Builder
				for i := range n {
					fmt.Fprintf(&sb, "10.5555/bench.%d\n", i)
				}
				docs := []check.Document{{Name: "dois.txt", Text: sb.String()}}
				c := check.New(everyOracle{}, nil, check.Options{})
				for b.Loop() {
					runtime.GC()
					var base runtime.MemStats
					runtime.ReadMemStats(&base)
					_, stop := heapPeak()
					w, _ := check.NewWriter(format, io.Discard, check.WriterOptions{})
					start := time.Now()
					rep, err := c.Stream(context.Background(), docs, w.Row)
					if err != nil {
						b.Fatal(err)
					}
					if err := w.Close(rep); err != nil {
						b.Fatal(err)
					}
					wall := time.Since(start)
					p := stop()
					if rep.Summary[check.VerdictFound] != n {
						b.Fatalf("summary %v", rep.Summary)
					}
					grown := float64(p.live) - float64(base.HeapAlloc)
					b.ReportMetric(float64(p.peak)/(1<<20), "peak-heap-MB")
					b.ReportMetric(float64(p.live)/(1<<20), "live-heap-MB")
					b.ReportMetric(grown/float64(n), "live-B/DOI")
					b.ReportMetric(float64(len(docs[0].Text))/float64(n), "input-B/DOI")
					b.ReportMetric(wall.Seconds(), "s/check")
				}

			})
		}
	}
}

// heapSample is what heapPeak saw: the highest heap in use, garbage
// included, and the highest live heap (sampled after a collection).
type heapSample struct{ peak, live uint64 }

// heapPeak samples the heap every millisecond, and the live heap after a
// forced collection every 100 ms, until stop, which returns the highest.
func heapPeak() (*heapSample, func() heapSample) {
	var (
		mu   sync.Mutex
		s    heapSample
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			if i%100 == 0 {
				runtime.GC()
			}
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			mu.Lock()
			s.peak = max(s.peak, m.HeapAlloc)
			if i%100 == 0 {
				s.live = max(s.live, m.HeapAlloc)
			}
			mu.Unlock()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return &s, func() heapSample {
		close(done)
		wg.Wait()
		return s
	}
}
