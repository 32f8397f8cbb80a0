package cache

import (
	"context"
	"testing"
	"time"

	"github.com/citeloop/citeloop/oracles"
)

// foundAll answers every DOI Found.
type foundAll struct{}

func (foundAll) Name() string { return "all" }

func (foundAll) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split("all", dois)
	for _, d := range valid {
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "all", Record: &oracles.Record{DOI: d}}
	}
	return out
}

// TestExpiredEntriesAreSwept: entries past their TTL that are never asked
// again leave memory on a later write, once the sweep interval has passed,
// and not before.
func TestExpiredEntriesAreSwept(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	o := Wrap(foundAll{}, Options{TTL: time.Hour, Now: func() time.Time { return now }}).(*cached)
	size := func() int {
		o.mu.Lock()
		defer o.mu.Unlock()
		return len(o.mem)
	}
	o.Lookup(context.Background(), []string{"10.1000/a", "10.1000/b", "10.1000/c"})
	if n := size(); n != 3 {
		t.Fatalf("%d entries, want 3", n)
	}
	now = now.Add(30 * time.Minute)
	o.Lookup(context.Background(), []string{"10.1000/d"})
	if n := size(); n != 4 {
		t.Fatalf("%d entries before anything expired, want 4", n)
	}
	now = now.Add(45 * time.Minute) // a, b, c expired; d has 15 minutes left
	o.Lookup(context.Background(), []string{"10.1000/e"})
	if n := size(); n != 2 {
		t.Errorf("%d entries after the sweep, want 2 (d and e)", n)
	}
}
