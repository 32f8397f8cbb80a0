package agents

import "time"

// CallStep is what a CallEvent reports.
type CallStep string

// The steps of a model call.
const (
	// CallStarted: an attempt was sent and its answer is awaited.
	CallStarted CallStep = "started"
	// CallRetrying: an attempt failed and the next waits Wait.
	CallRetrying CallStep = "retrying"
	// CallDone: the call ended, answered or failed for good.
	CallDone CallStep = "done"
)

// CallEvent is one step of a model call, for a front end that shows what
// it is waiting for ("writer: gemini-2.5-flash, pass 2…"). It carries codes
// and counts, never prompt or answer text.
type CallEvent struct {
	Step  CallStep
	Agent string // "writer" or "skeptic"
	Model string
	// Pass is the pipeline iteration the call serves (1-based).
	Pass    int
	Attempt int
	// Cause and Status say why a retry is needed (Kind and HTTP status).
	Cause  Kind
	Status int
	// Wait is the pause before the next attempt.
	Wait time.Duration
}

// WithObserver has f told each step of every model call, synchronously:
// f must return quickly.
func WithObserver(f func(CallEvent)) Option {
	return func(s *settings) { s.observe = f }
}

// event tells the observer, if any.
func (c caller) event(e CallEvent) {
	if c.observe == nil {
		return
	}
	e.Agent, e.Model, e.Pass = c.agent, c.model.Name(), c.pass
	c.observe(e)
}

// forPass is c for calls serving pipeline iteration pass.
func (c caller) forPass(pass int) caller {
	c.pass = pass
	return c
}
