package batch

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// recorder is an Observer that counts what it hears.
type recorder struct {
	mu      sync.Mutex
	ended   map[string]string
	retried map[string]int
}

func (r *recorder) LeadEnded(o Outcome) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.ended[o.Key]; dup {
		r.ended[o.Key] = "DUPLICATE"
		return
	}
	r.ended[o.Key] = o.Reason
}

func (r *recorder) LeadRetried(o Outcome) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.retried[o.Key]++
}

// The observer hears every final outcome once, as recorded, and every
// retried attempt; a fan-out gives each observer the same events.
func TestObserverHearsEveryEnding(t *testing.T) {
	f := newFake()
	f.scripts["L001"] = script{transient: 2}
	f.scripts["L002"] = script{transient: -1}
	f.scripts["L003"] = script{final: "refused"}
	a := &recorder{ended: map[string]string{}, retried: map[string]int{}}
	b := &recorder{ended: map[string]string{}, retried: map[string]int{}}
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
		if diff := cmp.Diff(reasons(sum), r.ended); diff != "" {
			t.Errorf("observed endings differ from the summary (-summary +observed):\n%s", diff)
		}
		if diff := cmp.Diff(map[string]int{"L001": 2, "L002": 2}, r.retried); diff != "" {
			t.Errorf("observed retries (-want +got):\n%s", diff)
		}
	}
}
