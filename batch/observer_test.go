package batch

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// recorder is an Observer that counts what it hears.
type recorder struct {
	mu      sync.Mutex
	ended   map[string]contract.EndReason
	retried map[string]int
}

func (r *recorder) LeadEnded(key string, o contract.Outcome) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.ended[key]; dup {
		r.ended[key] = "DUPLICATE"
		return
	}
	r.ended[key] = o.Reason
}

func (r *recorder) LeadRetried(key string, _ contract.Outcome) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.retried[key]++
}

// The observer hears every final outcome once, as recorded, and every
// retried attempt; a fan-out gives each observer the same events.
func TestObserverHearsEveryEnding(t *testing.T) {
	f := newFake()
	f.scripts["L001"] = script{transient: 2}
	f.scripts["L002"] = script{transient: -1}
	f.scripts["L003"] = script{final: "refused"}
	a := &recorder{ended: map[string]contract.EndReason{}, retried: map[string]int{}}
	b := &recorder{ended: map[string]contract.EndReason{}, retried: map[string]int{}}
	e, err := New(openTestSQLite(t), Config{Runner: f, Concurrency: 4, MaxAttempts: 3, RetryPolicy: quickRetry{},
		PollInterval: 20 * time.Millisecond, Deadline: 10 * time.Second, Observer: Observers{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := e.RunBatch(context.Background(), testLeads(6), Options{Source: "leads.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*recorder{a, b} {
		if diff := cmp.Diff(reasons(t, e, sum), r.ended); diff != "" {
			t.Errorf("observed endings differ from the summary (-summary +observed):\n%s", diff)
		}
		if diff := cmp.Diff(map[string]int{"L001": 2, "L002": 2}, r.retried); diff != "" {
			t.Errorf("observed retries (-want +got):\n%s", diff)
		}
	}
}

// resumeRecorder is a recorder that also hears a resumed run's standing.
type resumeRecorder struct {
	recorder
	resumed []map[contract.EndReason]int
}

func (r *resumeRecorder) LeadsEnded(byReason map[contract.EndReason]int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resumed = append(r.resumed, byReason)
}

// A resumed run tells a Resumer, once and before any lead runs, how its
// leads that already had an outcome ended; a new run tells it nothing. The
// leads that end afterwards are heard one by one, so the two add up to the
// run.
func TestResumerHearsWhereTheRunStands(t *testing.T) {
	f := newFake()
	f.scripts["L001"] = script{final: "refused"}
	store := openTestSQLite(t)
	first := &resumeRecorder{recorder: recorder{ended: map[string]contract.EndReason{}, retried: map[string]int{}}}
	cfg := Config{Runner: f, Concurrency: 2, PollInterval: 20 * time.Millisecond, Deadline: 10 * time.Second, Observer: Observers{first}}
	e, err := New(store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.RunBatch(context.Background(), testLeads(3), Options{Source: "leads.yaml", Run: "r1"}); err != nil {
		t.Fatal(err)
	}
	if len(first.resumed) != 0 {
		t.Errorf("a new run told the resumer %v, want nothing", first.resumed)
	}

	again := &resumeRecorder{recorder: recorder{ended: map[string]contract.EndReason{}, retried: map[string]int{}}}
	cfg.Observer = Observers{again}
	e, err = New(store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := e.RunBatch(context.Background(), testLeads(5), Options{Source: "leads.yaml", Run: "r1"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]map[contract.EndReason]int{{"verified": 2, "refused": 1}}, again.resumed); diff != "" {
		t.Errorf("resumed standing (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]contract.EndReason{"L003": "verified", "L004": "verified"}, again.ended); diff != "" {
		t.Errorf("leads heard ending after the resume (-want +got):\n%s", diff)
	}
	if sum.Ended != 5 {
		t.Errorf("summary has %d leads, want 5", sum.Ended)
	}
}

// Observers passes LeadsEnded to the observers that are Resumers only.
func TestObserversFanOutLeadsEnded(t *testing.T) {
	a := &resumeRecorder{}
	b := &recorder{}
	c := &resumeRecorder{}
	Observers{a, b, c}.LeadsEnded(map[contract.EndReason]int{"verified": 3})
	for i, r := range []*resumeRecorder{a, c} {
		if diff := cmp.Diff([]map[contract.EndReason]int{{"verified": 3}}, r.resumed); diff != "" {
			t.Errorf("resumer %d (-want +got):\n%s", i, diff)
		}
	}
}
