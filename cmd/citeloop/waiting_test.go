package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
)

func TestWaitMessage(t *testing.T) {
	base := agents.CallEvent{Agent: "writer", Model: "gemini-2.5-flash", Pass: 2}
	with := func(f func(*agents.CallEvent)) agents.CallEvent { e := base; f(&e); return e }
	tests := []struct {
		give agents.CallEvent
		want string
	}{
		{with(func(e *agents.CallEvent) { e.Step, e.Attempt = agents.CallStarted, 1 }), "writer: gemini-2.5-flash, pass 2…"},
		{with(func(e *agents.CallEvent) { e.Step, e.Attempt = agents.CallStarted, 3 }), "writer: gemini-2.5-flash, pass 2, attempt 3…"},
		{with(func(e *agents.CallEvent) {
			e.Step, e.Cause, e.Status, e.Wait = agents.CallRetrying, agents.KindAPIError, 429, 2040*time.Millisecond
		}), "writer: gemini-2.5-flash, pass 2: api_error 429, retrying in 2s…"},
		{with(func(e *agents.CallEvent) {
			e.Step, e.Cause, e.Wait = agents.CallRetrying, agents.KindTimeout, time.Second
		}), "writer: gemini-2.5-flash, pass 2: timeout, retrying in 1s…"},
		{agents.CallEvent{Step: agents.CallStarted, Agent: "skeptic", Model: "m", Attempt: 1}, "skeptic: m, pass 1…"},
	}
	for _, tt := range tests {
		if got := waitMessage(tt.give); got != tt.want {
			t.Errorf("waitMessage(%+v) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestModelWaitDrawsTheCallAndItsRetry drives the status line with the
// events of a call that is retried once.
func TestModelWaitDrawsTheCallAndItsRetry(t *testing.T) {
	var out lockedBuffer
	yes := true
	m := &modelWait{w: &out, opts: progress.Options{Delay: -1, Terminal: &yes}}
	e := agents.CallEvent{Agent: "writer", Model: "gemini-2.5-flash", Pass: 2, Attempt: 1}
	waitFor := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if strings.Contains(out.String(), want) {
				return
			}
		}
		t.Fatalf("status never showed %q:\n%q", want, out.String())
	}
	e.Step = agents.CallStarted
	m.observe(e)
	waitFor("writer: gemini-2.5-flash, pass 2…")
	e.Step, e.Cause, e.Status, e.Wait = agents.CallRetrying, agents.KindAPIError, 503, 4*time.Second
	m.observe(e)
	waitFor("api_error 503, retrying in 4s…")
	m.observe(agents.CallEvent{Step: agents.CallDone})
	if m.line != nil {
		t.Error("the line is still open after the call ended")
	}

	var off bytes.Buffer // not a terminal: nothing drawn
	quiet := &modelWait{w: &off}
	quiet.observe(agents.CallEvent{Step: agents.CallStarted, Agent: "writer", Model: "m", Attempt: 1})
	quiet.observe(agents.CallEvent{Step: agents.CallDone})
	if off.Len() != 0 {
		t.Errorf("drew %q off a terminal", off.String())
	}
}
