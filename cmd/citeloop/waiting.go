package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
)

// modelWait shows on a terminal what a run is waiting for: a model call that
// lasts more than a second shows "writer: gemini-2.5-flash, pass 2…", and on
// a retry the cause and the wait. Off a terminal it draws nothing.
type modelWait struct {
	w    io.Writer
	opts progress.Options

	mu   sync.Mutex
	line *progress.Line
}

// observe is an agents observer (engine.Deps.ModelCalls).
func (m *modelWait) observe(e agents.CallEvent) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch e.Step {
	case agents.CallStarted:
		if m.line == nil {
			m.line = progress.NewLine(m.w, waitMessage(e), m.opts)
			return
		}
		m.line.Set(waitMessage(e))
	case agents.CallRetrying:
		m.line.Set(waitMessage(e))
	case agents.CallDone:
		m.line.Close()
		m.line = nil
	}
}

// waitMessage is the status line for a step of a model call.
func waitMessage(e agents.CallEvent) string {
	head := fmt.Sprintf("%s: %s, pass %d", e.Agent, e.Model, max(e.Pass, 1))
	switch {
	case e.Step == agents.CallRetrying:
		cause := string(e.Cause)
		if e.Status != 0 {
			cause = fmt.Sprintf("%s %d", cause, e.Status)
		}
		return fmt.Sprintf("%s: %s, retrying in %s…", head, cause, e.Wait.Round(100*time.Millisecond))
	case e.Attempt > 1:
		return fmt.Sprintf("%s, attempt %d…", head, e.Attempt)
	default:
		return head + "…"
	}
}
