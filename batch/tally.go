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
	CountRefused   = "refused"
	CountFailed    = "failed"
	CountRetried   = "retried"
)

// Counted is the count a lead that ended r adds to: CountVerified,
// CountUnchanged, CountRefused (the sources do not support a brief: not a
// failure of the batch) or CountFailed.
func Counted(r contract.EndReason) string {
	switch r {
	case contract.Verified:
		return CountVerified
	case contract.Unchanged:
		return CountUnchanged
	case contract.Refused:
		return CountRefused
	}
	return CountFailed
}

// Tally counts how the leads of a run end in this process, and how those
// that had ended before it resumed the run ended: an Observer, a Resumer,
// a Starter (its pace is over the time leads were running, so it does not
// decay while the queue is idle) and a RunStarter (a night starts from
// zero), safe for concurrent use. A batch's progress lines read it, and a
// front end that draws the counts reads the same one.
type Tally struct {
	now func() time.Time

	mu      sync.Mutex
	total   int
	start   time.Time
	counts  map[string]int
	resumed int
	// running counts the leads running here; working is the time at
	// least one was, up to since, when the last stretch of it began.
	running int
	working time.Duration
	since   time.Time
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
	Total                                         int
	Verified, Unchanged, Refused, Failed, Retried int
	// Resumed counts the leads that had ended before this process resumed
	// the run: they are done, but not part of its pace.
	Resumed int
	// Running counts the leads running here now.
	Running int
	// Took is how long the tally has run, and Working how much of it at
	// least one lead was running here.
	Took, Working time.Duration
}

// Done counts the leads that ended.
func (c Counts) Done() int { return c.Verified + c.Unchanged + c.Refused + c.Failed }

// PerMinute is the pace of the leads that ended in this process, over the
// time leads were running: hours without a lead to run do not slow it.
func (c Counts) PerMinute() float64 {
	if c.Working <= 0 {
		return 0
	}
	return float64(c.Done()-c.Resumed) / c.Working.Minutes()
}

// ETA is how long the leads left will take at the pace so far; false when
// that is not known (no total, no lead ended here yet, none left).
func (c Counts) ETA() (time.Duration, bool) {
	ranHere := c.Done() - c.Resumed
	if ranHere <= 0 || c.Total <= c.Done() || c.Working <= 0 {
		return 0, false
	}
	return (c.Working / time.Duration(ranHere) * time.Duration(c.Total-c.Done())).Round(time.Second), true
}

// Counts returns the tally now.
func (t *Tally) Counts() Counts {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	working := t.working
	if t.running > 0 {
		working += now.Sub(t.since)
	}
	return Counts{Total: t.total, Verified: t.counts[CountVerified], Unchanged: t.counts[CountUnchanged], Refused: t.counts[CountRefused],
		Failed: t.counts[CountFailed], Retried: t.counts[CountRetried], Resumed: t.resumed, Running: t.running,
		Took: now.Sub(t.start), Working: working}
}

// stopped counts one lead less running; t.mu is held.
func (t *Tally) stopped() {
	if t.running == 0 {
		return // started before a RunStarted reset the tally
	}
	t.running--
	if t.running == 0 {
		t.working += t.now().Sub(t.since)
	}
}

// LeadStarted implements Starter.
func (t *Tally) LeadStarted(string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.running == 0 {
		t.since = t.now()
	}
	t.running++
}

// LeadStopped implements Starter.
func (t *Tally) LeadStopped(string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped()
}

// LeadEnded implements Observer.
func (t *Tally) LeadEnded(_ string, o contract.Outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.counts[Counted(o.Reason)]++
	t.stopped()
}

// LeadRetried implements Observer.
func (t *Tally) LeadRetried(string, contract.Outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.counts[CountRetried]++
	t.stopped()
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

// RunStarted implements RunStarter: the tally counts the run of total
// leads from zero (the leads still running from before keep running).
func (t *Tally) RunStarted(_ string, total int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.total, t.start, t.counts, t.resumed = total, now, map[string]int{}, 0
	t.working = 0
	if t.running > 0 {
		t.since = now
	}
}

// fields are c as the fields of a progress line; total and eta only when
// the run's size is known.
func (c Counts) fields() []zap.Field {
	fields := []zap.Field{zap.Int("done", c.Done())}
	if c.Total > 0 {
		fields = append(fields, zap.Int("total", c.Total))
	}
	fields = append(fields,
		zap.Int(CountVerified, c.Verified), zap.Int(CountUnchanged, c.Unchanged), zap.Int(CountRefused, c.Refused),
		zap.Int(CountFailed, c.Failed), zap.Int(CountRetried, c.Retried), zap.Int("running", c.Running),
		zap.Float64("leads_per_min", c.PerMinute()),
	)
	if eta, ok := c.ETA(); ok {
		fields = append(fields, zap.Duration("eta", eta))
	}
	return fields
}
