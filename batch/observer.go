package batch

import (
	"context"

	"github.com/citeloop/citeloop/contract"
)

// Observer hears of each lead's ending in this process, as it happens: the
// command line draws progress and exports metrics from it. Its methods are
// called from the lead's goroutine, concurrently, and must not block.
type Observer interface {
	// LeadEnded is a lead's final outcome, just recorded; key names the
	// lead in its run.
	LeadEnded(key string, o contract.Outcome)
	// LeadRetried is an attempt that failed in a way that may pass; the
	// lead runs again later.
	LeadRetried(key string, o contract.Outcome)
}

// Resumer is an Observer that is also told, once a resumed run is
// enqueued and before its work starts, how the run's leads that already
// have an outcome ended: a progress bar then starts where the run stands,
// not at zero.
type Resumer interface {
	// LeadsEnded counts the outcomes the run already had, by end reason.
	LeadsEnded(byReason map[contract.EndReason]int)
}

// Starter is an Observer that is also told when a lead starts running in
// this process and when it stops running here without LeadEnded or
// LeadRetried (released at shutdown, back to the queue): a tally measures
// the time leads were running from it, so its pace does not decay while
// the queue is idle.
type Starter interface {
	LeadStarted(key string)
	LeadStopped(key string)
}

// RunStarter is an Observer that is also told when a run of total leads
// starts here (a night): a tally counts each night from zero.
type RunStarter interface {
	RunStarted(run string, total int)
}

// leadStarted and leadStopped tell o, when it is a Starter.
func leadStarted(o Observer, key string) {
	if s, ok := o.(Starter); ok {
		s.LeadStarted(key)
	}
}

func leadStopped(o Observer, key string) {
	if s, ok := o.(Starter); ok {
		s.LeadStopped(key)
	}
}

// LeadStarted implements Starter: each observer that is a Starter hears it.
func (os Observers) LeadStarted(key string) {
	for _, x := range os {
		leadStarted(x, key)
	}
}

// LeadStopped implements Starter.
func (os Observers) LeadStopped(key string) {
	for _, x := range os {
		leadStopped(x, key)
	}
}

// RunStarted implements RunStarter: each observer that is a RunStarter
// hears it.
func (os Observers) RunStarted(run string, total int) {
	for _, x := range os {
		if r, ok := x.(RunStarter); ok {
			r.RunStarted(run, total)
		}
	}
}

// Observers fans every event out to each of its observers, in order.
type Observers []Observer

// LeadEnded implements Observer.
func (os Observers) LeadEnded(key string, o contract.Outcome) {
	for _, x := range os {
		x.LeadEnded(key, o)
	}
}

// LeadRetried implements Observer.
func (os Observers) LeadRetried(key string, o contract.Outcome) {
	for _, x := range os {
		x.LeadRetried(key, o)
	}
}

// LeadsEnded implements Resumer: each observer that is a Resumer hears it.
func (os Observers) LeadsEnded(byReason map[contract.EndReason]int) {
	for _, x := range os {
		if r, ok := x.(Resumer); ok {
			r.LeadsEnded(byReason)
		}
	}
}

// tellResumed tells the observer, when it is a Resumer, how run's leads
// that already have an outcome ended.
func (e *Engine) tellResumed(ctx context.Context, run string) error {
	r, ok := e.cfg.Observer.(Resumer)
	if !ok {
		return nil
	}
	byReason := map[contract.EndReason]int{}
	if err := e.each(ctx, run, nil, func(r Record) error {
		byReason[r.Reason]++
		return nil
	}); err != nil {
		return err
	}
	if len(byReason) > 0 {
		r.LeadsEnded(byReason)
	}
	return nil
}
