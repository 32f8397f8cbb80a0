// Package progress tells a person at a terminal how far a long job has come:
// a bar with named counts, rate and time left for counted work (check,
// batch, many leads), and a one-line status for a single wait (a model
// call). It draws on a terminal only, and only once the job has run for
// Delay, so short runs, pipes and logs stay clean. It is built on
// github.com/vbauerster/mpb.
//
// Every front end of the CLI uses this one component; none draws its own.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// DefaultDelay is how long a job runs before anything is drawn.
const DefaultDelay = time.Second

// IsTerminal reports whether w is a terminal (an *os.File on a TTY).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Options configure a Bar.
type Options struct {
	// Label names the job, e.g. "check" or "batch".
	Label string
	// Total is how many units the job has; 0 if not known yet (SetTotal).
	Total int
	// Counters are the named counts shown after the bar, in this order,
	// e.g. "verified", "failed". Add with another name is counted in the
	// total only.
	Counters []string
	// Delay is how long to wait before drawing; DefaultDelay if zero, none
	// if negative.
	Delay time.Duration
	// Terminal forces drawing (true) or not (false) whatever w is; nil
	// decides with IsTerminal. Tests set it to draw into a buffer.
	Terminal *bool
	// Width is the line width; the terminal's when zero.
	Width int
}

// Bar is the progress of one counted job. Its methods are safe for
// concurrent use, and every method of a nil *Bar or of a Bar that does not
// draw is a no-op, so callers need no checks.
type Bar struct {
	p   *mpb.Progress
	bar *mpb.Bar

	// ewma serialises EwmaIncrBy: mpb's moving-average ETA decorator
	// updates its state on the caller's goroutine, unguarded, and leads end
	// on many. It is not mu, which the render goroutine takes to draw the
	// counts while an EwmaIncrBy may wait for it.
	ewma sync.Mutex

	mu     sync.Mutex
	counts map[string]int
	order  []string
	status string
	done   bool
	delay  *time.Timer
}

// New starts a bar that draws on w, or a no-op bar when w is not a terminal
// (see Options.Terminal).
func New(w io.Writer, o Options) *Bar {
	b := &Bar{counts: map[string]int{}, order: o.Counters}
	b.p, b.delay = container(w, o)
	if b.p == nil {
		return b
	}
	b.bar = b.p.AddBar(int64(o.Total),
		mpb.PrependDecorators(
			decor.Name(o.Label, decor.WCSyncSpaceR),
			decor.CountersNoUnit("%d/%d", decor.WCSyncSpace),
		),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string { return b.summary() }, decor.WCSyncSpace),
			decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30, decor.WCSyncSpace), ""),
		),
	)
	return b
}

// container returns the mpb container drawing on w after o.Delay, and the
// timer that starts drawing (nil when drawing starts at once); a nil
// container when nothing is to be drawn.
func container(w io.Writer, o Options) (*mpb.Progress, *time.Timer) {
	draw := IsTerminal(w)
	if o.Terminal != nil {
		draw = *o.Terminal
	}
	if !draw {
		return nil, nil
	}
	delay := o.Delay
	if delay == 0 {
		delay = DefaultDelay
	}
	var timer *time.Timer
	start := make(chan any)
	if delay < 0 {
		close(start)
	} else {
		timer = time.AfterFunc(delay, func() { close(start) })
	}
	opts := []mpb.ContainerOption{mpb.WithOutput(w), mpb.WithRenderDelay(start), mpb.WithRefreshRate(120 * time.Millisecond)}
	if o.Terminal != nil && *o.Terminal {
		// mpb asks the descriptor for its width and refreshes only a
		// terminal; a forced one (a test's buffer) has neither.
		opts = append(opts, mpb.WithAutoRefresh(), mpb.WithWidth(max(o.Width, 80)))
	} else if o.Width > 0 {
		opts = append(opts, mpb.WithWidth(o.Width))
	}
	return mpb.New(opts...), timer
}

// summary renders the named counts and the status.
func (b *Bar) summary() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var parts []string
	for _, name := range b.order {
		parts = append(parts, fmt.Sprintf("%s %d", name, b.counts[name]))
	}
	if b.status != "" {
		parts = append(parts, b.status)
	}
	return strings.Join(parts, " · ")
}

// SetTotal sets how many units the job has.
func (b *Bar) SetTotal(n int) {
	if b == nil || b.bar == nil {
		return
	}
	b.bar.SetTotal(int64(n), false)
}

// Add counts n more units done under counter ("" for none of the named
// counters). The bar advances by n.
func (b *Bar) Add(counter string, n int) {
	b.count(counter, n, true)
}

// Resume counts n units already done before this process started (a
// resumed job): the bar advances by n, but the ETA, which reads the pace of
// this process, does not take them as done just now.
func (b *Bar) Resume(counter string, n int) {
	b.count(counter, n, false)
}

// count counts n units under counter and advances the bar, feeding the ETA
// when now says they were done just now.
func (b *Bar) count(counter string, n int, now bool) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.counts[counter] += n
	b.mu.Unlock()
	switch {
	case b.bar == nil:
	case now:
		b.ewma.Lock()
		b.bar.EwmaIncrBy(n, 0)
		b.ewma.Unlock()
	default:
		b.bar.IncrBy(n)
	}
}

// Count returns how many units were counted under counter.
func (b *Bar) Count(counter string) int {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts[counter]
}

// Status sets a short status shown after the counts, e.g. what the job is
// waiting for; "" clears it.
func (b *Bar) Status(s string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.status = s
	b.mu.Unlock()
}

// Close ends the bar: what was drawn stays on screen as the final line,
// and Close returns once it is drawn. A bar that never drew prints nothing.
func (b *Bar) Close() {
	if b == nil || b.p == nil {
		return
	}
	b.mu.Lock()
	if b.done {
		b.mu.Unlock()
		return
	}
	b.done = true
	b.mu.Unlock()
	if b.delay != nil && b.delay.Stop() {
		// Never drawn: nothing to leave on screen.
		b.bar.Abort(true)
		b.p.Shutdown()
		return
	}
	if !b.bar.Completed() {
		b.bar.SetTotal(-1, true)
	}
	b.p.Wait()
}
