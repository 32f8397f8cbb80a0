package batch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/citeloop/citeloop/contract"
)

// A lead whose every attempt fails without an outcome (here a write that
// fails in a way a retry might heal, EIO, for lead b alone) is discarded by
// River after its last attempt: it is a failed lead in the summary and the
// run's first unverified lead, never absent; the others end as they do.
func TestDiscardedLeadIsAFailedLead(t *testing.T) {
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n- id: c\n  topic: z\n"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	write := func(path string, data []byte) error {
		if strings.Contains(path, string(filepath.Separator)+"b"+string(filepath.Separator)) {
			return &fs.PathError{Op: "write", Path: path, Err: syscall.EIO}
		}
		return WriteFile(path, data)
	}
	tally := NewTally(3, nil)
	sum, err := RunFile(context.Background(), f, FileRun{Out: out, Monitor: Monitor{Tally: tally},
		Config: Config{Runner: newFake(), MaxAttempts: 3, RetryPolicy: quickRetry{}, PollInterval: 20 * time.Millisecond, WriteFile: write}})
	if err != nil {
		t.Fatal(err)
	}
	_, lines, err := ReadSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]LeadSummary{}
	for _, l := range lines {
		got[l.ID] = l
	}
	b := got["b"]
	if sum.Ended != 3 || b.EndReason != contract.Errored || b.Attempts != 3 || !strings.Contains(b.Detail, "input/output error") || !strings.Contains(b.Detail, "gave up") {
		t.Errorf("summary %d ended, b %+v; want 3 with b failed after 3 attempts, saying why", sum.Ended, b)
	}
	if sum.FirstUnverified == nil || sum.FirstUnverified.ID != "b" || sum.Verified() {
		t.Errorf("first unverified %+v, want b", sum.FirstUnverified)
	}
	if c := tally.Counts(); c.Done() != 3 || c.Failed != 1 {
		t.Errorf("the tally counted %+v, want b failed among 3 done", c)
	}
}

// A process killed while it wrote the summary (its run has every outcome,
// its summary is owed) leaves a temporary file; the same command removes
// it and finishes that run, instead of starting another of every lead.
func TestOwedSummaryIsFinishedByTheRerun(t *testing.T) {
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	fake := newFake()
	killed := errors.New("killed while writing the report")
	first, err := RunFile(context.Background(), f, FileRun{Out: out, Config: Config{Runner: fake, PollInterval: 20 * time.Millisecond},
		Report: func(string) error { return killed }})
	if !errors.Is(err, killed) {
		t.Fatalf("first run: %v, want it cut short", err)
	}
	// What SIGKILL mid-write leaves: a hidden temporary file, never a
	// half-written summary.
	temp := filepath.Join(out, ".summary.json.tmp-123456")
	if err := os.WriteFile(temp, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	reported := false
	second, err := RunFile(context.Background(), f, FileRun{Out: out, Config: Config{Runner: fake, PollInterval: 20 * time.Millisecond},
		Report: func(string) error { reported = true; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if second.Run != first.Run || second.Ended != 2 || !reported {
		t.Errorf("rerun: run %s (first %s), %d ended, reported %v; want the same run finished", second.Run, first.Run, second.Ended, reported)
	}
	if fake.count(fake.runs, "a") != 1 {
		t.Errorf("lead a ran %d times, want once", fake.count(fake.runs, "a"))
	}
	if _, err := os.Stat(temp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is still there: %v", err)
	}
	// Summarised now: the next run is a new one.
	third, err := RunFile(context.Background(), f, FileRun{Out: out, Config: Config{Runner: fake, PollInterval: 20 * time.Millisecond}})
	if err != nil || third.Run == first.Run {
		t.Errorf("third run %s (%v), want a new run", third.Run, err)
	}
}
