package batch

import (
	"context"
	"fmt"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/contract"
)

// A worker whose PostgreSQL server goes away for 20 seconds mid-run (the
// cluster, the test's own, stopped with -m immediate) says so at warn with
// the cause, counts the attempts it lost as retries, and once the server
// is back ends every lead exactly once.
func TestWorkerSurvivesALostDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("stops a PostgreSQL cluster for 20 seconds")
	}
	c := batchtest.OwnCluster(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var ls []contract.Lead
	for i := range 24 {
		ls = append(ls, contract.Lead{ID: fmt.Sprintf("L%02d", i), Topic: "screening"})
	}
	keyed, _ := Keys("leads.yaml", ls)
	store, err := OpenPostgres(ctx, c.URL)
	if err != nil {
		t.Fatal(err)
	}
	enq, err := New(store, Config{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := enq.RunBatch(ctx, keyed, Options{Run: "r1", Source: "leads.yaml", EnqueueOnly: true})
	if err != nil || sum.Enqueued != 24 {
		t.Fatalf("enqueue: %d, %v", sum.Enqueued, err)
	}
	store.Close()

	f := newFake()
	f.modelLatency = 150 * time.Millisecond
	core, logs := observer.New(zapcore.WarnLevel)
	tally := NewTally(24, nil)
	go func() {
		for tally.Counts().Done() < 4 {
			time.Sleep(10 * time.Millisecond)
		}
		if err := c.Crash(); err != nil {
			t.Error(err)
			return
		}
		time.Sleep(20 * time.Second)
		if err := c.Start(); err != nil {
			t.Error(err)
		}
	}()
	err = RunWorker(ctx, WorkerRun{DatabaseURL: c.URL, Drain: true, Monitor: Monitor{Tally: tally},
		Config: Config{Runner: f, Concurrency: 4, Deadline: 2 * time.Second, PollInterval: 50 * time.Millisecond, RetryPolicy: quickRetry{}, StopGrace: time.Second, Logger: zap.New(core)}})
	if err != nil {
		t.Fatalf("worker: %v", err)
	}
	warned := false
	for _, e := range logs.All() {
		if e.Level == zapcore.WarnLevel && (e.ContextMap()["database"] != nil) && e.ContextMap()["error"] != nil {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warn line names the database and the cause; lines: %v", logs.All())
	}
	if c := tally.Counts(); c.Retried == 0 || c.Done() != 24 {
		t.Errorf("counts %+v: want the attempts lost to the outage as retries, and each lead done once", c)
	}
	store, err = OpenPostgres(ctx, c.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e, err := New(store, Config{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	if err := e.Each(ctx, "r1", func(r Record) error { seen[r.Key]++; return nil }); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 24 {
		t.Errorf("%d leads have an outcome, want 24", len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("lead %s has %d outcomes", k, n)
		}
	}
}
