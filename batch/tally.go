package batch

import (
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
)

// The counts of a Tally, by the names its log lines give them.
const (
	CountVerified  = "verified"
	CountUnchanged = "unchanged"
	CountFailed    = "failed"
	CountRetried   = "retried"
)

// Counted is the count a lead that ended r adds to: CountVerified,
// CountUnchanged or CountFailed.
func Counted(r contract.EndReason) string {
	switch r {
	case contract.Verified:
		return CountVerified
	case contract.Unchanged:
		return CountUnchanged
	}
	return CountFailed
}

// Tally counts how the leads of a run end in this process, and how those
// that had ended before it resumed the run ended: an Observer and a
// Resumer, safe for concurrent use. A batch's progress lines read it, and a
// front end that draws the counts reads the same one.
type Tally struct {
	total int
	now   func() time.Time
	start time.Time

	mu      sync.Mutex
	counts  map[string]int
	resumed int
}

// NewTally tallies a run of total leads (0 when unknown, as for a worker),
// its pace measured on now (nil: the wall clock) from now on.
func NewTally(total int, now func() time.Time) *Tally {
	if now == nil {
		now = time.Now
	}
	return &Tally{total: total, now: now, start: now(), counts: map[string]int{}}
}

// Counts are a tally at one moment.
type Counts struct {
	// Total is the run's number of leads, 0 when unknown.
	Total                                int
	Verified, Unchanged, Failed, Retried int
	// Resumed counts the leads that had ended before this process resumed
	// the run: they are done, but not part of its pace.
	Resumed int
	// Took is how long the tally has run.
	Took time.Duration
}

// Done counts the leads that ended.
func (c Counts) Done() int { return c.Verified + c.Unchanged + c.Failed }

// PerMinute is the pace of the leads that ended in this process.
func (c Counts) PerMinute() float64 {
	if c.Took <= 0 {
		return 0
	}
	return float64(c.Done()-c.Resumed) / c.Took.Minutes()
}

// ETA is how long the leads left will take at the pace so far; false when
// that is not known (no total, no lead ended here yet, none left).
func (c Counts) ETA() (time.Duration, bool) {
	ranHere := c.Done() - c.Resumed
	if ranHere <= 0 || c.Total <= c.Done() {
		return 0, false
	}
	return (c.Took / time.Duration(ranHere) * time.Duration(c.Total-c.Done())).Round(time.Second), true
}

// Counts returns the tally now.
func (t *Tally) Counts() Counts {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Counts{Total: t.total, Verified: t.counts[CountVerified], Unchanged: t.counts[CountUnchanged], Failed: t.counts[CountFailed],
		Retried: t.counts[CountRetried], Resumed: t.resumed, Took: t.now().Sub(t.start)}
}

// LeadEnded implements Observer.
func (t *Tally) LeadEnded(_ string, o contract.Outcome) {
	t.mu.Lock()
	t.counts[Counted(o.Reason)]++
	t.mu.Unlock()
}

// LeadRetried implements Observer.
func (t *Tally) LeadRetried(string, contract.Outcome) {
	t.mu.Lock()
	t.counts[CountRetried]++
	t.mu.Unlock()
}

// LeadsEnded implements Resumer.
func (t *Tally) LeadsEnded(byReason map[contract.EndReason]int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for reason, n := range byReason {
		t.counts[Counted(reason)] += n
		t.resumed += n
	}
}

// fields are c as the fields of a progress line.
func (c Counts) fields() []zap.Field {
	fields := []zap.Field{
		zap.Int("done", c.Done()), zap.Int("total", c.Total),
		zap.Int(CountVerified, c.Verified), zap.Int(CountUnchanged, c.Unchanged),
		zap.Int(CountFailed, c.Failed), zap.Int(CountRetried, c.Retried),
		zap.Float64("leads_per_min", c.PerMinute()),
	}
	if eta, ok := c.ETA(); ok {
		fields = append(fields, zap.Duration("eta", eta))
	}
	return fields
}
