package progress_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
)

// syncBuffer is a bytes.Buffer safe for mpb's render goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func yes() *bool { t := true; return &t }

func TestBarDrawsCountsOnATerminal(t *testing.T) {
	var out syncBuffer
	b := progress.New(&out, progress.Options{Label: "check", Total: 3, Counters: []string{"found", "not found"}, Delay: -1, Terminal: yes()})
	b.Add("found", 2)
	b.Add("not found", 1)
	b.Status("waiting for europepmc")
	b.Close()
	got := out.String()
	for _, want := range []string{"check", "3/3", "found 2", "not found 1", "waiting for europepmc"} {
		if !strings.Contains(got, want) {
			t.Errorf("bar output lacks %q:\n%q", want, got)
		}
	}
	if n := b.Count("found"); n != 2 {
		t.Errorf("Count(found) = %d, want 2", n)
	}
}

func TestBarDrawsNothingBeforeItsDelay(t *testing.T) {
	var out syncBuffer
	b := progress.New(&out, progress.Options{Label: "check", Total: 1, Delay: time.Hour, Terminal: yes()})
	b.Add("", 1)
	b.Close()
	if out.String() != "" {
		t.Errorf("a job shorter than the delay drew %q", out.String())
	}
}

func TestBarDrawsNothingOffATerminal(t *testing.T) {
	var out bytes.Buffer // not a terminal
	b := progress.New(&out, progress.Options{Label: "check", Total: 2, Delay: -1})
	b.Add("found", 2)
	b.Close()
	if out.Len() != 0 {
		t.Errorf("drew %q on a non-terminal", out.String())
	}
	if b.Count("found") != 2 {
		t.Errorf("a bar that does not draw still counts: got %d, want 2", b.Count("found"))
	}
	var nilBar *progress.Bar
	nilBar.Add("x", 1) // must not panic
	nilBar.Close()
}

func TestLineShowsTheWaitAndItsUpdates(t *testing.T) {
	var out syncBuffer
	l := progress.NewLine(&out, "writer: gemini-2.5-flash, pass 2…", progress.Options{Delay: -1, Terminal: yes()})
	waitFor(t, &out, "writer: gemini-2.5-flash, pass 2…")
	l.Set("writer: retrying in 2s after 429")
	waitFor(t, &out, "retrying in 2s after 429")
	l.Close()
	got := out.String()
	for _, want := range []string{"writer: gemini-2.5-flash, pass 2…", "retrying in 2s after 429"} {
		if !strings.Contains(got, want) {
			t.Errorf("status output lacks %q:\n%q", want, got)
		}
	}
}

func TestLineDrawsNothingForAShortWait(t *testing.T) {
	var out syncBuffer
	l := progress.NewLine(&out, "skeptic: pass 1…", progress.Options{Delay: time.Hour, Terminal: yes()})
	l.Close()
	if out.String() != "" {
		t.Errorf("a wait shorter than the delay drew %q", out.String())
	}
}

// waitFor waits until mpb's render goroutine has drawn want.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("never drew %q; got %q", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Leads end on many goroutines at once: Add is safe for concurrent use
// (mpb's ETA decorator is not; run with -race), and every unit counts.
func TestBarAddsFromManyGoroutines(t *testing.T) {
	var out syncBuffer
	const workers, each = 16, 50
	b := progress.New(&out, progress.Options{Label: "batch", Total: workers * each, Counters: []string{"verified"}, Delay: -1, Terminal: yes()})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				b.Add("verified", 1)
			}
		})
	}
	wg.Wait()
	b.Close()
	if n := b.Count("verified"); n != workers*each {
		t.Errorf("Count(verified) = %d, want %d", n, workers*each)
	}
	if got := out.String(); !strings.Contains(got, "800/800") {
		t.Errorf("bar output lacks 800/800:\n%q", got)
	}
}

// A job whose total is not known yet is drawn "0/?" with what it waits
// for and how long it has waited, never "0/0".
func TestBarWithoutATotalSaysSo(t *testing.T) {
	var out syncBuffer
	b := progress.New(&out, progress.Options{Label: "check", Delay: -1, Terminal: yes()})
	b.Status("asking the oracles")
	waitFor(t, &out, "0/?")
	b.Close()
	if got := out.String(); strings.Contains(got, "0/0") || !strings.Contains(got, "asking the oracles") {
		t.Errorf("bar output %q: want 0/? and the status, never 0/0", got)
	}
}

// An interrupted job's bar stays where it stood and says so.
func TestBarInterrupted(t *testing.T) {
	var out syncBuffer
	b := progress.New(&out, progress.Options{Label: "batch", Total: 10, Delay: -1, Terminal: yes()})
	b.Add("", 4)
	b.Interrupt()
	b.Close()
	got := out.String()
	if !strings.Contains(got, "4/10") || !strings.Contains(got, "interrupted") || strings.Contains(got, "10/10") {
		t.Errorf("bar output %q: want 4/10 interrupted, never 10/10", got)
	}
}

// A bar fed by a Source draws what it says: done, total, counts, rate and
// time left, and reads it once more at Close.
func TestBarReadsItsSource(t *testing.T) {
	var out syncBuffer
	var mu sync.Mutex
	snap := progress.Snapshot{Done: 1, Total: 4, Counts: []progress.Count{{Name: "verified", N: 1}}, Rate: "2.0 leads/min", ETA: 90 * time.Second, ETAKnown: true}
	b := progress.New(&out, progress.Options{Label: "batch", Delay: -1, Terminal: yes(), Source: func() progress.Snapshot {
		mu.Lock()
		defer mu.Unlock()
		return snap
	}})
	waitFor(t, &out, "eta 1m30s")
	mu.Lock()
	snap = progress.Snapshot{Done: 4, Total: 4, Counts: []progress.Count{{Name: "verified", N: 4}}, Rate: "2.0 leads/min"}
	mu.Unlock()
	b.Close()
	got := out.String()
	for _, want := range []string{"1/4", "verified 1", "2.0 leads/min", "eta 1m30s", "4/4", "verified 4", "took"} {
		if !strings.Contains(got, want) {
			t.Errorf("bar output lacks %q:\n%q", want, got)
		}
	}
}

// Lines written to the Sink while a bar is drawn go above the bar, and
// none is lost at its end, those written during its last frame included.
func TestSinkKeepsLinesAboveTheBar(t *testing.T) {
	var out syncBuffer
	sink := progress.NewSink(&out)
	b := progress.New(sink, progress.Options{Label: "batch", Total: 2, Delay: -1, Terminal: yes()})
	for i := range 20 {
		fmt.Fprintf(sink, "line %d\n", i)
		if i == 10 {
			b.Add("", 2)
		}
	}
	b.Close()
	fmt.Fprintln(sink, "after")
	got := out.String()
	for i := range 20 {
		if !strings.Contains(got, fmt.Sprintf("line %d\n", i)) {
			t.Errorf("line %d lost:\n%q", i, got)
		}
	}
	if !strings.HasSuffix(got, "after\n") {
		t.Errorf("a line after the bar is not last:\n%q", got)
	}
}
