package batch

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/citeloop/citeloop/contract"
)

// killEnv makes this test binary a batch that SIGKILLs itself right after
// the outcome of the lead it names is recorded, before River completes its
// job (TestKilledAfterRecordRunsNoModelAgain starts it).
const killEnv = "CITELOOP_TEST_KILL_AFTER_RECORD"

// TestKillAfterRecordHelper is the killed process; it runs only when
// started by TestKilledAfterRecordRunsNoModelAgain.
func TestKillAfterRecordHelper(t *testing.T) {
	target := os.Getenv(killEnv)
	if target == "" {
		t.Skip("the process that TestKilledAfterRecordRunsNoModelAgain kills")
	}
	f, err := LoadFile(os.Getenv("CITELOOP_TEST_LEADS"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(context.Background(), f, FileRun{Out: os.Getenv("CITELOOP_TEST_OUT"), Config: Config{
		Runner: newFake(), Concurrency: 1, PollInterval: 20 * time.Millisecond,
		afterRecord: func(key string) {
			if key == target {
				_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
				time.Sleep(time.Minute)
			}
		},
	}})
	t.Fatalf("the batch was not killed: %v", err)
}

// A process killed right after a lead's outcome was recorded, before River
// completed the lead's job, leaves the job running; the next run takes it
// back and ends it with the recorded outcome: the model stand-in is not
// called again for that lead (a live model is not paid twice).
func TestKilledAfterRecordRunsNoModelAgain(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n- id: c\n  topic: z\n- id: d\n  topic: w\n")
	out := filepath.Join(dir, "out")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillAfterRecordHelper$")
	cmd.Env = append(os.Environ(), killEnv+"=c", "CITELOOP_TEST_LEADS="+leads, "CITELOOP_TEST_OUT="+out)
	b, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the helper was not killed: %v\n%s", err, b)
	}
	f := newFake()
	file, err := LoadFile(leads)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := RunFile(context.Background(), file, FileRun{Out: out, Config: Config{Runner: f, Concurrency: 1, PollInterval: 20 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count(f.runs, "c"); n != 0 {
		t.Errorf("the model stand-in ran lead c %d more time(s) after its outcome was recorded", n)
	}
	if n := f.count(f.runs, "d"); n != 1 {
		t.Errorf("lead d ran %d times, want once", n)
	}
	_, lines, err := ReadSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]contract.EndReason{}
	for _, l := range lines {
		got[l.ID] = l.EndReason
	}
	if sum.Ended != 4 || got["c"] != contract.Verified {
		t.Errorf("summary: %d ended, c %q; want 4 and c verified", sum.Ended, got["c"])
	}
	if _, err := os.Stat(filepath.Join(out, "c", "brief.md")); err != nil {
		t.Errorf("c's brief: %v", err)
	}
}
