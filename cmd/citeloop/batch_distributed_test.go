package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/batchtest"
)

// Two worker processes on one PostgreSQL queue, one killed with SIGKILL
// mid-batch: River rescues its leads after twice the per-lead deadline, the
// other worker runs them, and every lead ends exactly once. Then export
// gathers the run on "another machine".
func TestDistributedWorkersSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills citeloop processes")
	}
	url := batchtest.PostgresURL(t)
	const n = 300
	leads := crashLeads(t, n)
	if b, err := citeloopCmd("batch", leads, "--enqueue-only", "--database-url", url, "--log-level", "warn").CombinedOutput(); err != nil {
		t.Fatalf("enqueue: %v\n%s", err, b)
	}
	worker := func() (*exec.Cmd, *bytes.Buffer, chan error) {
		cmd := citeloopCmd("worker", "--offline", "--database-url", url, "--drain", "--concurrency", "4", "--deadline", "10s", "--log-level", "warn")
		var log bytes.Buffer
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		return cmd, &log, done
	}
	a, _, aDone := worker()
	b, bLog, bDone := worker()

	ctx := context.Background()
	store, err := batch.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e, err := batch.New(store, batch.Config{})
	if err != nil {
		t.Fatal(err)
	}
	run, err := e.LatestRun(ctx)
	if err != nil || run == "" {
		t.Fatalf("run %q: %v", run, err)
	}
	// Kill worker A once a fifth of the leads have ended.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		pending, err := e.Pending(ctx, run)
		if err != nil {
			t.Fatal(err)
		}
		if pending <= n*4/5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the workers ran nothing in 2 minutes; %d pending", pending)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = a.Process.Kill()
	<-aDone
	select {
	case err := <-bDone:
		if err != nil {
			t.Fatalf("worker B: %v\n%s", err, bLog)
		}
	case <-time.After(5 * time.Minute):
		// River rescues the killed worker's leads once they have run twice
		// --deadline (20s), at its rescuer's next pass (every 30s) once B
		// leads: about a minute. --deadline is 10s, not less: a lead that
		// overruns a short deadline on a loaded machine is retried after
		// River's backoff (16s, then 81s), which is what made this wait
		// long.
		_ = b.Process.Kill()
		<-bDone
		t.Fatalf("worker B did not drain the queue in 5 minutes\n%s", bLog)
	}

	out := filepath.Join(t.TempDir(), "export")
	if b, err := citeloopCmd("batch", "export", "--database-url", url, "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("export: %v\n%s", err, b)
	}
	got := batchSummary(t, out) // fails on a lead with two outcomes
	if len(got) != n {
		t.Errorf("%d leads have an outcome, want %d", len(got), n)
	}
	rerun := 0
	if err := e.Each(ctx, run, func(o batch.Record) error {
		if o.Attempts > 1 {
			rerun++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d leads were taken back from the killed worker and run again", rerun)
	want := briefs(t, out)
	if len(want) == 0 {
		t.Error("no verified brief was exported")
	}
}
