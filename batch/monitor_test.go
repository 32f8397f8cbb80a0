package batch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/contract"
)

// A tally counts endings by kind (refused apart from failed), keeps a
// resumed run's earlier endings out of its pace, measures its pace over
// the time leads were running (an idle hour does not slow it), and
// estimates what is left from that pace; a run started anew counts from
// zero.
func TestTallyCounts(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	tally := NewTally(11, clock)
	tally.LeadsEnded(map[contract.EndReason]int{contract.Verified: 2, contract.Refused: 1})
	advance(time.Hour) // idle: no lead running
	for range 5 {
		tally.LeadStarted("k")
	}
	advance(2 * time.Minute)
	for _, r := range []contract.EndReason{contract.Verified, contract.Unchanged, contract.ModelError, contract.Timeout} {
		tally.LeadEnded("k", contract.Outcome{Reason: r})
	}
	tally.LeadRetried("k", contract.Outcome{Reason: contract.OracleUnavailable})
	advance(time.Hour) // idle again
	got := tally.Counts()
	want := Counts{Total: 11, Verified: 3, Unchanged: 1, Refused: 1, Failed: 2, Retried: 1, Resumed: 3, Took: 2*time.Hour + 2*time.Minute, Working: 2 * time.Minute}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	if got.Done() != 7 || got.PerMinute() != 2 {
		t.Errorf("done %d at %v a minute, want 7 at 2 (4 ended here in 2 working minutes)", got.Done(), got.PerMinute())
	}
	if eta, ok := got.ETA(); !ok || eta != 2*time.Minute {
		t.Errorf("ETA = %v, %v; want 2m for the 4 leads left", eta, ok)
	}
	if _, ok := (Counts{Verified: 1, Took: time.Minute, Working: time.Minute}).ETA(); ok {
		t.Error("an ETA without a total")
	}
	tally.LeadStarted("k")
	advance(time.Minute)
	if c := tally.Counts(); c.Working != 3*time.Minute || c.Running != 1 {
		t.Errorf("working %s with %d running, want 3m and 1", c.Working, c.Running)
	}
	tally.RunStarted("night-2", 4)
	advance(time.Minute)
	tally.LeadEnded("k", contract.Outcome{Reason: contract.Verified})
	if c := tally.Counts(); c.Total != 4 || c.Done() != 1 || c.Working != time.Minute || c.PerMinute() != 1 {
		t.Errorf("after RunStarted: %+v, want the new run's 1 of 4 in its 1 working minute", c)
	}
}

// RunFile's monitor counts every ending into its tally and metrics, logs
// the final line, serves the metrics while the run works (with the queue's
// depth) and stops serving when it returns.
func TestRunFileMonitor(t *testing.T) {
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n"))
	if err != nil {
		t.Fatal(err)
	}
	fake := newFake()
	fake.scripts["b"] = script{final: contract.Refused}
	core, logs := observer.New(zap.InfoLevel)
	met := metrics.New(metrics.NewRegistry())
	var url string
	report := func(string) error {
		// The run is over but RunFile has not returned: still served.
		url = logs.FilterMessage("metrics served").All()[0].ContextMap()["url"].(string)
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return errors.New(resp.Status)
		}
		return nil
	}
	_, err = RunFile(context.Background(), f, FileRun{
		Out:     filepath.Join(dir, "out"),
		Config:  Config{Runner: fake, PollInterval: 20 * time.Millisecond, Logger: zap.New(core)},
		Monitor: Monitor{LogFinal: true, Metrics: met, MetricsAddr: "127.0.0.1:0"},
		Report:  report,
	})
	if err != nil {
		t.Fatal(err)
	}
	final := logs.FilterMessage("batch progress (final)").All()
	if len(final) != 1 {
		t.Fatalf("%d final progress lines, want 1", len(final))
	}
	for k, want := range map[string]int64{"done": 2, "total": 2, "verified": 1, "refused": 1, "failed": 0} {
		if got := final[0].ContextMap()[k]; got != want {
			t.Errorf("final line %s = %v, want %d", k, got, want)
		}
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the metrics are still served after RunFile returned")
	}
}

// A metrics address that cannot be listened on stops the batch before it
// starts, as ErrStart.
func TestMonitorAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(context.Background(), f, FileRun{Out: filepath.Join(dir, "out"), Config: Config{Runner: newFake()},
		Monitor: Monitor{Metrics: metrics.New(metrics.NewRegistry()), MetricsAddr: ln.Addr().String()}})
	if !errors.Is(err, ErrStart) {
		t.Errorf("RunFile with the metrics address in use: %v, want ErrStart", err)
	}
}

// RunWorker works the leads another process enqueued and, with Drain,
// returns once none is left; without a shared database it does not start.
func TestRunWorker(t *testing.T) {
	if err := RunWorker(context.Background(), WorkerRun{Config: Config{Runner: newFake()}}); !errors.Is(err, ErrStart) {
		t.Errorf("RunWorker without a database: %v, want ErrStart", err)
	}
	url := batchtest.PostgresURL(t)
	ctx := context.Background()
	store, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e, err := New(store, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Enqueue(ctx, "r1", "leads.yaml", testLeads(4), false); err != nil {
		t.Fatal(err)
	}
	tally := NewTally(0, nil)
	core, logs := observer.New(zap.InfoLevel)
	err = RunWorker(ctx, WorkerRun{DatabaseURL: url, Drain: true,
		Config:  Config{Runner: newFake(), Concurrency: 2, PollInterval: 20 * time.Millisecond, Logger: zap.New(core)},
		Monitor: Monitor{Tally: tally, LogFinal: true}})
	if err != nil {
		t.Fatal(err)
	}
	if c := tally.Counts(); c.Verified != 4 {
		t.Errorf("the worker's tally: %+v, want 4 verified", c)
	}
	if n := logs.FilterMessage("worker started").Len(); n != 1 {
		t.Errorf("%d worker-started lines, want 1", n)
	}
	var reasons []string
	if err := e.EachLead(ctx, "r1", func(l LeadSummary) error { reasons = append(reasons, string(l.EndReason)); return nil }); err != nil {
		t.Fatal(err)
	}
	if strings.Join(reasons, ",") != "verified,verified,verified,verified" {
		t.Errorf("outcomes in the queue: %v", reasons)
	}
}
