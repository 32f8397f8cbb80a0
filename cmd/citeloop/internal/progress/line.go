package progress

import (
	"io"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// Line is a one-line status for a single wait, such as a model call:
// "writer: gemini-2.5-flash, pass 2…", then on a retry the cause and the
// wait. It appears only once the wait has lasted Delay and is erased when
// the wait ends. Its methods are safe for concurrent use; those of a nil
// Line or of one that does not draw are no-ops.
type Line struct {
	p       *mpb.Progress
	bar     *mpb.Bar
	release func()
	hold    func()

	mu    sync.Mutex
	msg   string
	done  bool
	delay *time.Timer
}

// NewLine starts a status line on w with the first message; Options.Label,
// Total and Counters are not used.
func NewLine(w io.Writer, msg string, o Options) *Line {
	l := &Line{msg: msg}
	l.p, l.delay, l.release, l.hold = container(w, o)
	if l.p == nil {
		return l
	}
	l.bar = l.p.New(0, mpb.SpinnerStyle(),
		mpb.BarFillerClearOnComplete(),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return l.message() })),
	)
	return l
}

func (l *Line) message() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.msg
}

// Set replaces the message.
func (l *Line) Set(msg string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.msg = msg
	l.mu.Unlock()
}

// Close ends the wait and erases the line.
func (l *Line) Close() {
	if l == nil || l.p == nil {
		return
	}
	l.mu.Lock()
	if l.done {
		l.mu.Unlock()
		return
	}
	l.done = true
	l.mu.Unlock()
	if l.delay != nil && l.delay.Stop() {
		l.bar.Abort(true) // never drawn
		l.p.Shutdown()
		return
	}
	// The lines written above the status since its last redraw are
	// printed as it is erased; those written from now on, after it.
	l.hold()
	l.bar.Abort(true)
	l.p.Wait()
	l.release()
}
