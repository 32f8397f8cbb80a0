package oracles_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// found answers every DOI Found and records what it was asked.
type found struct {
	mu    sync.Mutex
	asked []string
}

func (f *found) one(_ context.Context, doi string) oracles.Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, doi)
	return oracles.Result{DOI: doi, Status: oracles.Found, Oracle: "test", Record: &oracles.Record{DOI: doi}}
}

func TestLookupEachAnswersEveryDOI(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	var f found
	give := []string{"10.1000/A", "doi:10.1000/a", "not a doi", "10.1000/b", `10.1/x" OR "y`}
	got := oracles.LookupEach(context.Background(), give,
		oracles.EachOptions{Oracle: "test", Parallel: 2, Log: zap.New(core)}, f.one)

	if len(got) != 4 {
		t.Errorf("got %d answers %v, want 4 (duplicates collapsed)", len(got), got)
	}
	for _, d := range []string{"10.1000/a", "10.1000/b"} {
		if r := got[d]; r.Status != oracles.Found || r.DOI != d {
			t.Errorf("got[%q] = %+v, want found", d, r)
		}
	}
	for _, d := range []string{"not a doi", `10.1/x" OR "y`} {
		r := got[d]
		var de *doi.Error
		if r.Status != oracles.Unknown || r.Oracle != "test" || !errors.As(r.Err, &de) {
			t.Errorf("got[%q] = %+v, want unknown with a doi.Error from oracle test", d, r)
		}
	}
	if len(f.asked) != 2 {
		t.Errorf("one asked %v, want each valid DOI once and no invalid one", f.asked)
	}
	entries := logs.FilterMessage("lookup done").AllUntimed()
	if len(entries) != 1 {
		t.Fatalf("got %d count lines, want 1", len(entries))
	}
	if c := entries[0].ContextMap(); c["dois"] != int64(2) || c["found"] != int64(2) || c["unknown"] != int64(0) {
		t.Errorf("got counts %v, want dois=2 found=2 unknown=0", c)
	}
}

func TestLookupEachNoValidDOI(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	called := false
	got := oracles.LookupEach(context.Background(), []string{"nope"}, oracles.EachOptions{Oracle: "test", Log: zap.New(core)},
		func(context.Context, string) oracles.Result { called = true; return oracles.Result{} })
	if called || len(got) != 1 || got["nope"].Status != oracles.Unknown {
		t.Errorf("got %v (one called: %v), want only the invalid DOI, unknown, and no call", got, called)
	}
	if n := logs.Len(); n != 0 {
		t.Errorf("got %d log lines, want none when nothing was asked", n)
	}
}

func TestLookupEachParallel(t *testing.T) {
	dois := make([]string, 12)
	for i := range dois {
		dois[i] = fmt.Sprintf("10.1000/%d", i)
	}
	for _, tt := range []struct {
		give int
		want int32
	}{
		{give: 3, want: 3},
		{give: 0, want: int32(len(dois))}, // no cap: every DOI at once
	} {
		var inFlight, most, arrived atomic.Int32
		full := make(chan struct{}) // closed once want calls have started
		got := oracles.LookupEach(context.Background(), dois, oracles.EachOptions{Oracle: "test", Parallel: tt.give},
			func(_ context.Context, doi string) oracles.Result {
				n := inFlight.Add(1)
				defer inFlight.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				if arrived.Add(1) == tt.want {
					close(full)
				}
				select { // hold the slot until the cap can have been reached
				case <-full:
				case <-time.After(5 * time.Second):
				}
				return oracles.Result{DOI: doi, Status: oracles.NotFound, Oracle: "test"}
			})
		if len(got) != len(dois) {
			t.Errorf("Parallel %d: got %d answers, want %d", tt.give, len(got), len(dois))
		}
		if m := most.Load(); m != tt.want {
			t.Errorf("Parallel %d: got %d in flight at most, want %d", tt.give, m, tt.want)
		}
	}
}

// waitDone answers Unknown with the context's error once it is done.
func waitDone(ctx context.Context, doi string) oracles.Result {
	select {
	case <-ctx.Done():
		return oracles.Result{DOI: doi, Status: oracles.Unknown, Oracle: "test", Err: ctx.Err()}
	case <-time.After(5 * time.Second):
		return oracles.Result{DOI: doi, Status: oracles.Found, Oracle: "test"}
	}
}

func TestLookupEachBudget(t *testing.T) {
	start := time.Now()
	got := oracles.LookupEach(context.Background(), []string{"10.1000/a", "10.1000/b"},
		oracles.EachOptions{Oracle: "test", Parallel: 1, Budget: 30 * time.Millisecond}, waitDone)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("took %s, want the 30ms budget to end it", el)
	}
	if len(got) != 2 {
		t.Errorf("got %d answers, want 2", len(got))
	}
	for d, r := range got {
		if r.Status != oracles.Unknown || !errors.Is(r.Err, context.DeadlineExceeded) {
			t.Errorf("got[%q] = %+v, want unknown with DeadlineExceeded", d, r)
		}
	}
}

func TestLookupEachCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := oracles.LookupEach(ctx, []string{"10.1000/a", "10.1000/b"}, oracles.EachOptions{Oracle: "test"}, waitDone)
	if len(got) != 2 {
		t.Errorf("got %d answers, want 2", len(got))
	}
	for d, r := range got {
		if r.Status != oracles.Unknown || !errors.Is(r.Err, context.Canceled) {
			t.Errorf("got[%q] = %+v, want unknown with Canceled", d, r)
		}
	}
}

func TestWithBudget(t *testing.T) {
	ctx := context.Background()
	got, cancel := oracles.WithBudget(ctx, 0)
	cancel()
	if got != ctx {
		t.Error("WithBudget(ctx, 0) returned another context, want ctx itself")
	}
	got, cancel = oracles.WithBudget(ctx, time.Hour)
	defer cancel()
	if dl, ok := got.Deadline(); !ok || time.Until(dl) > time.Hour {
		t.Errorf("got deadline %v (set: %v), want one within the hour", dl, ok)
	}
}
