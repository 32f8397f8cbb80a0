package batch

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// Distributed set-up: one process enqueues, others work without an output
// folder, and export gathers every outcome from the database.
func TestEnqueueWorkExport(t *testing.T) { stores(t, testEnqueueWorkExport) }

func testEnqueueWorkExport(t *testing.T, open func(testing.TB) *Store) {
	ctx := context.Background()
	s := open(t)
	submit, err := New(s, Config{})
	if err != nil {
		t.Fatal(err)
	}
	leads := testLeads(12)
	sum, err := submit.RunBatch(ctx, leads, Options{Source: "leads.yaml", EnqueueOnly: true})
	if err != nil || sum.Enqueued != 12 {
		t.Fatalf("enqueue: %d leads, %v", sum.Enqueued, err)
	}
	f := newFake()
	f.scripts["L003"] = script{final: "refused"}
	var workers []*Engine
	for range 2 {
		w := testEngine(t, s, f, "")
		if err := w.Work(ctx); err != nil {
			t.Fatal(err)
		}
		workers = append(workers, w)
	}
	if err := submit.Wait(ctx, sum.Run); err != nil {
		t.Fatal(err)
	}
	for _, w := range workers {
		if err := w.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	}
	latest, err := submit.LatestRun(ctx)
	if err != nil || latest != sum.Run {
		t.Fatalf("latest run %q (%v), want %q", latest, err, sum.Run)
	}
	dir := t.TempDir()
	got, err := submit.Export(ctx, sum.Run, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Ended != 12 || got.Pending != 0 {
		t.Fatalf("exported %d leads, %d pending; want 12, 0", got.Ended, got.Pending)
	}
	if file, lines, err := ReadSummary(dir); err != nil || len(lines) != 12 || file.Ended != 12 || file.Run != sum.Run || lines[7].ID != "L007" || lines[7].Dir != filepath.Join(dir, "L007") {
		t.Errorf("exported summary.json: run %s, %d ended, lines %+v, %v; want the 12 leads in order, in %s", file.Run, file.Ended, lines, err, dir)
	}
	brief, err := os.ReadFile(filepath.Join(dir, "L007", "brief.md"))
	if err != nil || string(brief) != "# L007\n" {
		t.Errorf("exported brief %q, %v", brief, err)
	}
	assertFiles(t, filepath.Join(dir, "L003"), "FAILED-not-a-brief.json", OutcomeFile)
	if _, err := os.Stat(filepath.Join(dir, SummaryFile)); err != nil {
		t.Error(err)
	}
}

// blockingRunner holds every Run until released or cancelled.
type blockingRunner struct {
	*fakeRunner
	started chan string
	release chan struct{}
}

func (b *blockingRunner) Run(ctx context.Context, l contract.Lead, led contract.Ledger) (Record, error) {
	b.started <- l.ID
	select {
	case <-b.release:
	case <-ctx.Done():
		return Record{}, ctx.Err()
	}
	return b.fakeRunner.Run(ctx, l, led)
}

// An interrupted batch stops taking leads, releases the running ones after
// the grace period, and the same command again finishes the run: every lead
// ends once.
func TestInterruptedRunResumes(t *testing.T) {
	s := openTestSQLite(t)
	out := t.TempDir()
	leads := testLeads(6)
	b := &blockingRunner{fakeRunner: newFake(), started: make(chan string, 10), release: make(chan struct{})}
	e, err := New(s, Config{Runner: b, Concurrency: 2, OutDir: out, StopGrace: 50 * time.Millisecond,
		PollInterval: 20 * time.Millisecond, RetryPolicy: quickRetry{}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var sum Summary
	var runErr error
	wg.Go(func() { sum, runErr = e.RunBatch(ctx, leads, Options{Source: "leads.yaml"}) })
	<-b.started
	<-b.started
	cancel()
	wg.Wait()
	if runErr == nil || ctx.Err() == nil {
		t.Fatalf("interrupted run returned %v", runErr)
	}
	if sum.Ended != 0 || sum.Pending != 6 {
		t.Fatalf("after the interrupt: %d outcomes, %d pending; want 0, 6", sum.Ended, sum.Pending)
	}
	close(b.release)
	again, err := New(s, Config{Runner: b, Concurrency: 2, OutDir: out, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for range b.started {
		}
	}()
	sum2, err := again.RunBatch(context.Background(), leads, Options{Source: "leads.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	if sum2.Run != sum.Run || sum2.Enqueued != 0 {
		t.Errorf("rerun: run %s (want %s), %d enqueued (want 0)", sum2.Run, sum.Run, sum2.Enqueued)
	}
	want := map[string]contract.EndReason{}
	for _, l := range leads {
		want[l.Key] = contract.Verified
	}
	if diff := cmp.Diff(want, reasons(t, again, sum2)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	close(b.started)
}
