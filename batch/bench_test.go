package batch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents/limit"
	"github.com/citeloop/citeloop/batch/batchtest"
	"go.uber.org/zap"
	"golang.org/x/time/rate"
)

// The simulated latencies: each lead makes two oracle requests (the
// search, the gate's lookup) and two model calls (writer, skeptic).
const (
	benchModelLatency  = 200 * time.Millisecond
	benchOracleLatency = 50 * time.Millisecond
	benchOracleCalls   = 2
	benchModelCalls    = 2
	benchTokensPerCall = 3000
	benchConcurrency   = 32
)

// limits is one set-up of the shared rate limits; zero is no limit.
type limits struct {
	name               string
	oraclePerSec       float64
	modelRPM, modelTPM int
	leads              int
}

var benchLimits = []limits{
	// No rate limit binds: concurrency is the bound.
	{name: "concurrency-bound", leads: 1000},
	// What citeloop ships: Europe PMC at 5 requests/s (configs), 1,000
	// model requests and 1,000,000 tokens a minute (batch flags).
	{name: "shipped-limits", oraclePerSec: 5, modelRPM: 1000, modelTPM: 1_000_000, leads: 200},
}

// ideal is the best throughput the set-up allows, in leads/s, and which
// bound gives it.
func (l limits) ideal() (float64, string) {
	perLead := benchOracleCalls*benchOracleLatency + benchModelCalls*benchModelLatency
	best, bound := float64(benchConcurrency)/perLead.Seconds(), fmt.Sprintf("concurrency %d ÷ %s per lead", benchConcurrency, perLead)
	try := func(v float64, why string) {
		if v > 0 && v < best {
			best, bound = v, why
		}
	}
	try(l.oraclePerSec/benchOracleCalls, fmt.Sprintf("oracle %.0f req/s ÷ %d per lead", l.oraclePerSec, benchOracleCalls))
	try(float64(l.modelRPM)/60/benchModelCalls, fmt.Sprintf("model %d req/min ÷ %d per lead", l.modelRPM, benchModelCalls))
	try(float64(l.modelTPM)/60/(benchModelCalls*benchTokensPerCall), fmt.Sprintf("model %d tokens/min ÷ %d per lead", l.modelTPM, benchModelCalls*benchTokensPerCall))
	return best, bound
}

func (l limits) runner() *fakeRunner {
	f := newFake()
	f.modelLatency, f.oracleLatency, f.tokens = benchModelLatency, benchOracleLatency, benchTokensPerCall
	if l.oraclePerSec > 0 {
		f.oracle = rate.NewLimiter(rate.Limit(l.oraclePerSec), 1)
	}
	if l.modelRPM > 0 || l.modelTPM > 0 {
		f.model = limit.NewLimiter(l.modelRPM, l.modelTPM)
	}
	return f
}

// BenchmarkThroughput runs a batch at concurrency 32 with simulated latency
// on each database, beside a plain in-memory worker pool over the same fake
// (the baseline: the same work with no queue at all), and reports leads/s
// against the ideal.
//
//	go test -run '^$' -bench Throughput -benchtime 1x ./batch
func BenchmarkThroughput(b *testing.B) {
	for _, l := range benchLimits {
		ideal, bound := l.ideal()
		b.Run(l.name+"/pool-baseline", func(b *testing.B) {
			for range b.N {
				reportThroughput(b, l, ideal, bound, poolRun(b, l))
			}
		})
		for _, db := range []struct {
			name string
			open func(testing.TB) *Store
			ui   bool
		}{{"sqlite", openTestSQLite, false}, {"postgres", openTestPostgres, false}, {"sqlite+ui", openTestSQLite, true}, {"postgres+ui", openTestPostgres, true}} {
			b.Run(l.name+"/"+db.name, func(b *testing.B) {
				for range b.N {
					s := db.open(b)
					e, err := New(s, Config{Runner: l.runner(), Concurrency: benchConcurrency})
					if err != nil {
						b.Fatal(err)
					}
					if db.ui {
						// River's UI open in a browser: its job list and
						// state counts asked every second, on the
						// queue's database (SQLite: its one connection).
						stop := openUI(b, s)
						defer stop()
					}
					leads := testLeads(l.leads)
					start := time.Now()
					sum, err := e.RunBatch(context.Background(), leads, Options{Source: "bench"})
					elapsed := time.Since(start)
					if err != nil || sum.Ended != l.leads {
						b.Fatalf("%d outcomes, %v", sum.Ended, err)
					}
					reportThroughput(b, l, ideal, bound, elapsed)
				}
			})
		}
	}
}

// openUI serves River's UI over s and polls it as an open browser tab
// would, every second, until the returned stop.
func openUI(b *testing.B, s *Store) (stop func()) {
	ui, err := serveUI(s, "127.0.0.1:0", "", zap.NewNop())
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			for _, path := range []string{"api/jobs?state=running&limit=20", "api/jobs?state=completed&limit=20", "api/states", "api/queues"} {
				resp, err := http.Get(ui.URL + path)
				if err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() { close(done); wg.Wait(); ui.close() }
}

func reportThroughput(b *testing.B, l limits, ideal float64, bound string, elapsed time.Duration) {
	got := float64(l.leads) / elapsed.Seconds()
	b.ReportMetric(got, "leads/s")
	b.ReportMetric(ideal, "ideal-leads/s")
	b.ReportMetric(100*got/ideal, "%ideal")
	b.Logf("%d leads in %s: %.1f leads/s, ideal %.1f (%s)", l.leads, elapsed.Round(time.Millisecond), got, ideal, bound)
}

// poolRun runs the fake over the leads with a bare worker pool.
func poolRun(b *testing.B, l limits) time.Duration {
	f := l.runner()
	leads := testLeads(l.leads)
	jobs := make(chan Lead)
	var wg sync.WaitGroup
	start := time.Now()
	for range benchConcurrency {
		wg.Go(func() {
			for ld := range jobs {
				ledger, err := f.Collect(context.Background(), ld.Lead)
				if err == nil {
					_, err = f.Run(context.Background(), ld.Lead, ledger)
				}
				if err != nil {
					b.Error(err)
				}
			}
		})
	}
	for _, ld := range leads {
		jobs <- ld
	}
	close(jobs)
	wg.Wait()
	return time.Since(start)
}

// BenchmarkPeakMemory runs 1,000 then 10,000 leads of a JSON Lines file at
// concurrency 32 with the simulated latencies and the shipped defaults
// (each outcome carrying 50 KB of files, like a real brief and ledger) and
// reports, for each, the
// peak heap (HeapAlloc sampled every 10ms during the run, garbage
// included), the peak live heap (as of each GC) and the peak resident set
// (VmHWM, reset before the run), and the ratios 10k/1k: memory must not grow
// with the number of leads. The 10,000-lead runs take about
// three minutes per database.
//
//	go test -run '^$' -bench PeakMemory -benchtime 1x ./batch
func BenchmarkPeakMemory(b *testing.B) {
	for _, db := range []struct {
		name string
		open func(testing.TB) *Store
	}{{"sqlite", openTestSQLite}, {"postgres", openTestPostgres}} {
		b.Run(db.name, func(b *testing.B) {
			for range b.N {
				small := peakMemory(b, db.open, 1000)
				large := peakMemory(b, db.open, 10000)
				batchtest.ReportGrowth(b, "heap", small.heap, large.heap)
				batchtest.ReportGrowth(b, "live", small.live, large.live)
				if small.rss > 0 && large.rss > 0 {
					batchtest.ReportGrowth(b, "rss", small.rss, large.rss)
				}
			}
		})
	}
}

// peak is what one run took at most, in bytes.
type peak struct{ heap, live, rss float64 }

func peakMemory(b testing.TB, open func(testing.TB) *Store, n int) peak {
	s := open(b)
	f := newFake()
	// The latencies: leads end at the pace they would, not faster
	// than the database can record them.
	f.modelLatency, f.oracleLatency, f.fileSize, f.uncounted = benchModelLatency, benchOracleLatency, 50<<10, true
	e, err := New(s, Config{Runner: f, Concurrency: benchConcurrency, OutDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	// The leads come from a JSON Lines file, as a nightly batch's do: the
	// run reads it (twice) as a stream, and the file is on disk, not in
	// the heap.
	path := filepath.Join(b.TempDir(), "leads.jsonl")
	var lines strings.Builder
	for i := range n {
		fmt.Fprintf(&lines, "{\"id\": \"L%05d\", \"topic\": \"screening\", \"name\": \"Researcher %d\", \"affiliation\": \"Institute %d\"}\n", i, i, i%97)
	}
	if err := os.WriteFile(path, []byte(lines.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	lines.Reset()
	// Each size starts from a freed heap (PeakMemory), and the previous
	// run's store is closed.
	resetPeakRSS()
	start := time.Now()
	var sum Summary
	m, err := batchtest.PeakMemory(10*time.Millisecond, func() error {
		file, err := LoadFile(path)
		if err != nil || file.Count != n {
			return fmt.Errorf("%d leads, %v", file.Count, err)
		}
		sum, err = e.RunLeads(context.Background(), file.Leads(), Options{Source: file.Source})
		return err
	})
	elapsed := time.Since(start)
	if err != nil || sum.Ended != n {
		b.Fatalf("%d outcomes, %v", sum.Ended, err)
	}
	p := peak{heap: float64(m.Heap), live: float64(m.Live), rss: peakRSS()}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d leads in %s (%.1f leads/s): peak heap %.1f MB (at %s), peak live heap %.1f MB (at %s), peak RSS %.1f MB",
		n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), p.heap/(1<<20),
		m.HeapAt.Round(time.Second), p.live/(1<<20), m.LiveAt.Round(time.Second), p.rss/(1<<20))
	return p
}

// resetPeakRSS resets the kernel's high-water mark of this process's
// resident set (Linux: "5" to clear_refs), so peakRSS reads one run's.
func resetPeakRSS() {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSS is VmHWM from /proc/self/status in bytes, or 0 where there is none.
func peakRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				return 0
			}
			return kb * 1024
		}
	}
	return 0
}
