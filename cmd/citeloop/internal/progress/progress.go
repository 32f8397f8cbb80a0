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
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// DefaultDelay is how long a job runs before anything is drawn.
const DefaultDelay = time.Second

// IsTerminal reports whether w is a terminal (an *os.File on a TTY, or a
// Sink over one).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// Options configure a Bar.
type Options struct {
	// Label names the job, e.g. "check" or "batch".
	Label string
	// Total is how many units the job has; 0 if not known yet (SetTotal).
	// An unknown total is drawn as "?", never as 0.
	Total int
	// Counters are the named counts shown after the bar, in this order,
	// e.g. "verified", "failed". Add with another name is counted in the
	// total only.
	Counters []string
	// Source, when set, is where the bar reads its counts from, at each
	// redraw and once more at Close: done, total, named counts, rate and
	// time left, all from one snapshot (a batch's tally), so the bar says
	// what the counts say. Add, Resume, SetTotal and Status are then not
	// used.
	Source func() Snapshot
	// Delay is how long to wait before drawing; DefaultDelay if zero, none
	// if negative.
	Delay time.Duration
	// Terminal forces drawing (true) or not (false) whatever w is; nil
	// decides with IsTerminal. Tests set it to draw into a buffer.
	Terminal *bool
	// Width is the line width; the terminal's when zero.
	Width int
}

// Snapshot is what a Source says at one moment.
type Snapshot struct {
	// Done and Total are units; Total 0 when not known.
	Done, Total int
	// Counts are the named counts, in the order drawn.
	Counts []Count
	// Rate is the pace as people read it ("12.5 leads/min"), "" for none.
	Rate string
	// ETA is the time left, when ETAKnown.
	ETA      time.Duration
	ETAKnown bool
}

// Count is one named count.
type Count struct {
	Name string
	N    int
}

// Bar is the progress of one counted job. Its methods are safe for
// concurrent use, and every method of a nil *Bar or of a Bar that does not
// draw is a no-op, so callers need no checks.
type Bar struct {
	p       *mpb.Progress
	bar     *mpb.Bar
	release func()
	hold    func()
	source  func() Snapshot
	start   time.Time

	mu          sync.Mutex
	counts      map[string]int
	order       []string
	status      string
	done, total int // pushed counts (no Source)
	resumed     int // of done, units done before this process
	snap        Snapshot
	interrupted bool
	closed      bool
	delay       *time.Timer
	stop        chan struct{}
	polled      chan struct{}
}

// New starts a bar that draws on w, or a no-op bar when w is not a terminal
// (see Options.Terminal).
func New(w io.Writer, o Options) *Bar {
	b := &Bar{counts: map[string]int{}, order: o.Counters, total: o.Total, source: o.Source, start: time.Now()}
	b.p, b.delay, b.release, b.hold = container(w, o)
	if b.p == nil {
		return b
	}
	// Built without a total, so mpb never ends the bar by itself: it
	// redraws (and prints the lines written above it) until Close, which
	// draws the last frame. The total it shows is set apart.
	b.bar = b.p.AddBar(0,
		mpb.PrependDecorators(
			decor.Name(o.Label, decor.WCSyncSpaceR),
			decor.Any(func(decor.Statistics) string { return b.fraction() }, decor.WCSyncSpace),
		),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string { return b.summary() }, decor.WCSyncSpace),
			decor.Any(func(decor.Statistics) string { return b.ending() }, decor.WCSyncSpace),
		),
	)
	b.bar.SetTotal(int64(o.Total), false)
	if b.source != nil {
		b.stop, b.polled = make(chan struct{}), make(chan struct{})
		b.poll()
		go func() {
			defer close(b.polled)
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-b.stop:
					return
				case <-t.C:
					b.poll()
				}
			}
		}()
	}
	return b
}

// poll reads the source and moves the bar to what it says.
func (b *Bar) poll() {
	s := b.source()
	b.mu.Lock()
	b.snap = s
	b.mu.Unlock()
	b.bar.SetTotal(int64(s.Total), false)
	b.bar.SetCurrent(int64(s.Done))
}

// container returns the mpb container drawing on w after o.Delay, and the
// timer that starts drawing (nil when drawing starts at once); a nil
// container when nothing is to be drawn.
// On a Sink, it draws on the sink's terminal and, once it draws, takes the
// sink's writes above its bars (see Sink); release gives them back.
func container(w io.Writer, o Options) (p *mpb.Progress, timer *time.Timer, release func(), hold func()) {
	release, hold = func() {}, func() {}
	draw := IsTerminal(w)
	if o.Terminal != nil {
		draw = *o.Terminal
	}
	if !draw {
		return nil, nil, release, hold
	}
	sink, _ := w.(*Sink)
	out := w
	if sink != nil {
		out = sink.w
	}
	delay := o.Delay
	if delay == 0 {
		delay = DefaultDelay
	}
	start := make(chan any)
	opts := []mpb.ContainerOption{mpb.WithOutput(out), mpb.WithRenderDelay(start), mpb.WithRefreshRate(120 * time.Millisecond)}
	if o.Terminal != nil && *o.Terminal {
		// mpb asks the descriptor for its width and refreshes only a
		// terminal; a forced one (a test's buffer) has neither.
		opts = append(opts, mpb.WithAutoRefresh(), mpb.WithWidth(max(o.Width, 80)))
	} else if o.Width > 0 {
		opts = append(opts, mpb.WithWidth(o.Width))
	}
	p = mpb.New(opts...)
	begin := func() {
		if sink != nil {
			sink.attach(p) // before mpb draws: writes until now went straight out
		}
		close(start)
	}
	if delay < 0 {
		begin()
	} else {
		timer = time.AfterFunc(delay, begin)
	}
	if sink != nil {
		release, hold = func() { sink.detach(p) }, func() { sink.holdFor(p) }
	}
	return p, timer, release, hold
}

// view is what the bar draws now: the source's snapshot, or the pushed
// counts with a rate-free ETA from the time since the bar started.
func (b *Bar) view() Snapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.source != nil {
		return b.snap
	}
	s := Snapshot{Done: b.done, Total: b.total}
	for _, name := range b.order {
		s.Counts = append(s.Counts, Count{name, b.counts[name]})
	}
	if here := b.done - b.resumed; here > 0 && b.total > b.done {
		s.ETA = (time.Since(b.start) / time.Duration(here) * time.Duration(b.total-b.done)).Round(time.Second)
		s.ETAKnown = true
	}
	return s
}

// fraction is "done/total", with "?" for a total not known yet.
func (b *Bar) fraction() string {
	s := b.view()
	if s.Total <= 0 {
		return fmt.Sprintf("%d/?", s.Done)
	}
	return fmt.Sprintf("%d/%d", s.Done, s.Total)
}

// summary renders the named counts, the status and the rate.
func (b *Bar) summary() string {
	s := b.view()
	var parts []string
	for _, c := range s.Counts {
		parts = append(parts, fmt.Sprintf("%s %d", c.Name, c.N))
	}
	b.mu.Lock()
	status := b.status
	b.mu.Unlock()
	if status != "" {
		parts = append(parts, status)
	}
	if s.Rate != "" {
		parts = append(parts, s.Rate)
	}
	return strings.Join(parts, " · ")
}

// ending is the time left, "interrupted", or the time taken once done.
func (b *Bar) ending() string {
	s := b.view()
	b.mu.Lock()
	interrupted, closed := b.interrupted, b.closed
	b.mu.Unlock()
	switch {
	case interrupted:
		return "interrupted"
	case s.Total > 0 && s.Done >= s.Total, closed:
		return "took " + time.Since(b.start).Round(time.Second).String()
	case s.ETAKnown:
		return "eta " + s.ETA.String()
	case s.Total <= 0:
		return time.Since(b.start).Round(time.Second).String()
	}
	return ""
}

// SetTotal sets how many units the job has.
func (b *Bar) SetTotal(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.total = n
	b.mu.Unlock()
	if b.bar != nil {
		b.bar.SetTotal(int64(n), false)
	}
}

// Add counts n more units done under counter ("" for none of the named
// counters). The bar advances by n.
func (b *Bar) Add(counter string, n int) {
	b.count(counter, n, false)
}

// Resume counts n units already done before this process started (a
// resumed job): the bar advances by n, but the ETA, which reads the pace of
// this process, does not take them as done just now.
func (b *Bar) Resume(counter string, n int) {
	b.count(counter, n, true)
}

// count counts n units under counter and advances the bar.
func (b *Bar) count(counter string, n int, resumed bool) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.counts[counter] += n
	b.done += n
	if resumed {
		b.resumed += n
	}
	b.mu.Unlock()
	if b.bar != nil && b.source == nil {
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

// Interrupt marks the job as cut short: Close leaves the bar where it
// stands, saying "interrupted", instead of drawing it complete.
func (b *Bar) Interrupt() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.interrupted = true
	b.mu.Unlock()
}

// Close ends the bar: its last state stays on screen as the final line,
// drawn once, and Close returns once it is drawn. A job that did not reach
// its total (interrupted, or leads left to other machines) stays at the
// count it reached. A bar that never drew prints nothing.
func (b *Bar) Close() {
	if b == nil || b.p == nil {
		return
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	b.mu.Unlock()
	if b.source != nil {
		close(b.stop)
		<-b.polled
		b.poll()
	}
	defer b.release()
	if b.delay != nil && b.delay.Stop() {
		// Never drawn: nothing to leave on screen.
		b.bar.Abort(true)
		b.p.Shutdown()
		return
	}
	s := b.view()
	b.mu.Lock()
	interrupted := b.interrupted
	b.mu.Unlock()
	b.hold()
	switch {
	case !interrupted && s.Total > 0 && s.Done >= s.Total:
		b.bar.SetTotal(int64(s.Total), true) // complete: mpb draws it once more and stops
	case !interrupted && s.Total <= 0:
		b.mu.Lock()
		b.total = b.done // the total is what was done
		b.mu.Unlock()
		b.bar.SetTotal(-1, true)
	default:
		b.bar.Abort(false) // stays where it stands
	}
	b.p.Wait()
}
