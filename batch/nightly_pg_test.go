package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// Two processes run the same schedule on one PostgreSQL database: only
// River's elected leader enqueues the nights, and a night job is unique,
// so each night runs once; the process that takes a night gathers all its
// leads' files, wherever they ran.
func TestRunNightsTwoProcessesOnPostgres(t *testing.T) {
	url := batchtest.PostgresURL(t)
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n- id: c\n  topic: z\n")
	sched, err := cron.ParseStandard("0 2 * * *")
	if err != nil {
		t.Fatal(err)
	}
	clock := batchtest.NewFastClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.Local), 500*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	log := &nightLog{each: []func(){nil, nil}, cancel: cancel}
	f := newFake()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			errs[i] = RunNights(ctx, NightsRun{
				Out:         filepath.Join(dir, []string{"p1", "p2"}[i]),
				DatabaseURL: url,
				Config:      Config{Runner: f, Concurrency: 2, PollInterval: 20 * time.Millisecond, RetryPolicy: quickRetry{}, StopGrace: 300 * time.Millisecond},
				Nightly:     Nightly{Schedule: sched, Clock: clock, File: leads, Ended: log.ended},
			})
		})
	}
	wg.Wait()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("two nights did not end within a minute: %d ended", len(log.nights))
	}
	for i, err := range errs {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("process %d: err = %v, want context.Canceled", i+1, err)
		}
	}
	seen := map[string]int{}
	for _, n := range log.nights {
		seen[n.At.UTC().Format(time.RFC3339)]++
		for _, id := range []string{"a", "b", "c"} {
			if _, err := os.Stat(filepath.Join(n.Dir, id, OutcomeFile)); err != nil {
				t.Errorf("night %s: %v", n.Dir, err)
			}
		}
	}
	for _, at := range []time.Time{time.Date(2026, 1, 1, 2, 0, 0, 0, time.Local), time.Date(2026, 1, 2, 2, 0, 0, 0, time.Local)} {
		if seen[at.UTC().Format(time.RFC3339)] != 1 {
			t.Errorf("night %s ended %d times, want once", at, seen[at.UTC().Format(time.RFC3339)])
		}
	}
	// Each lead runs at most once a night (the second night is unchanged
	// when the first had ended before it began; on two processes the two
	// nights may overlap).
	for _, id := range []string{"a", "b", "c"} {
		if n := f.count(f.runs, id); n < 1 || n > 2 {
			t.Errorf("lead %s ran %d times over two nights, want 1 or 2", id, n)
		}
	}
}
