package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// onTerminalUntil is onTerminal on ctx: the CLI's stderr on a 160×24
// pseudo-terminal, what was drawn there, and runApp's error.
func onTerminalUntil(t *testing.T, ctx context.Context, a *app, args ...string) (string, error) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 160}); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ptmx) // ends when tty closes
		got <- b
	}()
	a.stderr = tty
	err = runApp(ctx, a, args)
	tty.Close()
	return string(<-got), err
}

// slowWriter takes d per draft, and counts the drafts written.
type slowWriter struct {
	pipeline.Writer
	d       time.Duration
	written *atomic.Int64
}

func (w slowWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	select {
	case <-time.After(w.d):
	case <-ctx.Done():
		return contract.WriteResult{}, ctx.Err()
	}
	w.written.Add(1)
	return w.Writer.Write(ctx, req)
}

// slowLeads writes n offline leads that verify.
func slowLeads(t *testing.T, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "- id: L%d\n  topic: breast cancer\n", i)
	}
	return writeLeads(t, b.String())
}

var etaOnScreen = regexp.MustCompile(`eta ([0-9hms.]+)`)

// On a terminal the bar's time left comes from the counts, as the log
// lines compute it: not zero while leads are left, and falling as they end;
// the bar ends drawn once, complete, with the counts (refused apart).
func TestBatchBarETAFalls(t *testing.T) {
	var written atomic.Int64
	a, stdout, _ := testApp(nil)
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return slowWriter{Writer: offline.ExtractiveWriter{}, d: 700 * time.Millisecond, written: &written}, offline.RuleSkeptic{}, nil
	}
	got, err := onTerminalUntil(t, context.Background(), a, "batch", "--offline", "--out", t.TempDir(), "--concurrency", "1", "--progress-delay", "-1ns", slowLeads(t, 6))
	if err != nil {
		t.Fatalf("batch: %v\nstdout: %s\nscreen: %q", err, stdout, got)
	}
	var etas []time.Duration
	for _, m := range etaOnScreen.FindAllStringSubmatch(got, -1) {
		d, err := time.ParseDuration(m[1])
		if err != nil {
			t.Fatalf("eta %q: %v", m[1], err)
		}
		if len(etas) == 0 || etas[len(etas)-1] != d {
			etas = append(etas, d)
		}
	}
	if len(etas) < 2 {
		t.Fatalf("ETAs drawn %v, want several as leads end:\n%q", etas, got)
	}
	for i, d := range etas {
		if d <= 0 {
			t.Errorf("ETA %d is %s while leads are left", i, d)
		}
	}
	if etas[len(etas)-1] >= etas[0] {
		t.Errorf("ETAs %v do not fall", etas)
	}
	last := lastFrame(got)
	for _, want := range []string{"6/6", "verified 6", "refused 0", "failed 0", "leads/min", "took"} {
		if !strings.Contains(last, want) {
			t.Errorf("final bar %q lacks %q", last, want)
		}
	}
	if b := bars(got); len(b) != 1 {
		t.Errorf("the screen shows %d bars, want one:\n%s\nraw tail %q", len(b), strings.Join(screen(got), "\n"), got[max(0, len(got)-900):])
	}
	// A log line written while the bar is drawn goes above it, never
	// erased by its next frame.
	if !slices.ContainsFunc(screen(got), func(l string) bool { return strings.Contains(l, "report written") }) {
		t.Errorf("the log line written under the bar is gone from the screen:\n%s", strings.Join(screen(got), "\n"))
	}
}

// screen is what a terminal shows after the bytes drawn: lines, with mpb's
// "cursor up, clear to the end" taking back the line above, and colours
// removed.
func screen(drawn string) []string {
	var lines []string
	for _, part := range strings.Split(strings.ReplaceAll(drawn, "\r\n", "\n"), "\n") {
		for strings.HasPrefix(part, "\x1b[1A\x1b[J") {
			part = strings.TrimPrefix(part, "\x1b[1A\x1b[J")
			if len(lines) > 0 {
				lines = lines[:len(lines)-1]
			}
		}
		lines = append(lines, strings.TrimSpace(regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`).ReplaceAllString(part, "")))
	}
	return lines
}

// bars are the lines of the screen that are the batch's bar.
func bars(drawn string) []string {
	var out []string
	for _, l := range screen(drawn) {
		if strings.HasPrefix(l, "batch ") {
			out = append(out, l)
		}
	}
	return out
}

// lastFrame is the bar as the screen shows it at the end, "" if none.
func lastFrame(drawn string) string {
	b := bars(drawn)
	if len(b) == 0 {
		return ""
	}
	return b[len(b)-1]
}

// Interrupted (Ctrl-C), the bar stays where the run stood and says so,
// never drawn complete.
func TestBatchBarShowsInterrupted(t *testing.T) {
	var written atomic.Int64
	a, stdout, _ := testApp(nil)
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return slowWriter{Writer: offline.ExtractiveWriter{}, d: 300 * time.Millisecond, written: &written}, offline.RuleSkeptic{}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for written.Load() < 2 {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	got, err := onTerminalUntil(t, ctx, a, "batch", "--offline", "--out", t.TempDir(), "--concurrency", "1", "--stop-grace", "100ms", "--progress-delay", "-1ns", slowLeads(t, 12))
	if code := exitCode(err); code != exitInterrupted {
		t.Fatalf("exit %d (%v), want %d\nstdout: %s", code, err, exitInterrupted, stdout)
	}
	last := lastFrame(got)
	m := regexp.MustCompile(`(\d+)/12`).FindStringSubmatch(last)
	if m == nil || !strings.Contains(last, "interrupted") {
		t.Fatalf("final bar %q: want n/12 and interrupted\n%q", last, got)
	}
	if n, _ := strconv.Atoi(m[1]); n >= 12 {
		t.Errorf("final bar %q drawn complete after an interruption", last)
	}
	if strings.Contains(got, "12/12") {
		t.Errorf("the bar was drawn complete:\n%q", got)
	}
	if b := bars(got); len(b) != 1 {
		t.Errorf("the screen shows %d bars, want one:\n%s", len(b), strings.Join(screen(got), "\n"))
	}
}
