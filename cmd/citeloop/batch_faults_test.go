package main

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch"
)

// fullDisk is a batch.WriteFunc that writes the first n files and then
// fails as a full disk does (ENOSPC), having written half the file: a
// tmpfs of a few megabytes needs mount rights CI may not have, and this is
// the error it gives.
func fullDisk(n int64) (batch.WriteFunc, *atomic.Int64) {
	var written atomic.Int64
	return func(path string, data []byte) error {
		if written.Add(1) <= n {
			return batch.WriteFile(path, data)
		}
		if err := batch.WriteFile(path, data[:len(data)/2]); err != nil {
			return err
		}
		return &fs.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
	}, &written
}

// A disk that fills mid-batch stops it within seconds with exit 7, naming
// the file and the cause; what was written is kept and every brief written
// still verifies (each outcome is staged whole before any of its files is
// renamed into place), no temporary file is left in a lead's folder that
// holds an outcome, and once there is space again the same command
// finishes the run.
func TestBatchStopsOnAFullDisk(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	leads := crashLeads(t, 40)
	a, stdout, stderr := testApp(nil)
	a.writeOutcome, _ = fullDisk(60)
	start := time.Now()
	err := runApp(context.Background(), a, []string{"batch", "--offline", leads, "--out", out, "--concurrency", "4", "--log-level", "warn"})
	took := time.Since(start)
	if code := exitCode(err); code != exitOutputUnwritable {
		t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, exitOutputUnwritable, stdout, stderr)
	}
	if took > 10*time.Second {
		t.Errorf("the batch took %s to stop, want under 10s", took)
	}
	msg := err.Error()
	if !strings.Contains(msg, "no space left on device") || !strings.Contains(msg, out) || !strings.Contains(msg, "output unwritable") {
		t.Errorf("error %q: want the path, the cause and output unwritable", msg)
	}
	if !strings.Contains(stderr.String(), "the batch stops") {
		t.Errorf("no error line says the batch stops:\n%s", stderr)
	}
	briefs := 0
	dirs, _ := filepath.Glob(filepath.Join(out, "L*"))
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, batch.OutcomeFile)); err != nil {
			continue
		}
		temps, _ := filepath.Glob(filepath.Join(d, ".*.tmp-*"))
		if len(temps) > 0 {
			t.Errorf("%s keeps temporary files %v", d, temps)
		}
		if _, err := os.Stat(filepath.Join(d, "brief.json")); err != nil {
			continue
		}
		briefs++
		v, vout, verr := testApp(nil)
		if err := runApp(context.Background(), v, []string{"verify", "--offline", d}); err != nil {
			t.Errorf("%s does not verify: %v\n%s%s", d, err, vout, verr)
		}
	}
	if briefs == 0 {
		t.Fatal("no brief was written before the disk filled: the test checked nothing")
	}
	// Space again: the same command finishes the run.
	a, stdout, stderr = testApp(nil)
	if err := runApp(context.Background(), a, []string{"batch", "--offline", leads, "--out", out, "--concurrency", "4", "--log-level", "warn"}); err != nil {
		t.Fatalf("rerun: %v\nstdout: %s\nstderr: %s", err, stdout, stderr)
	}
	if got := len(batchSummary(t, out)); got != 40 {
		t.Errorf("the rerun's summary has %d leads, want 40", got)
	}
}

// River's UI on an address other than loopback without CITELOOP_UI_TOKEN
// refuses to start (exit 2, nothing made); with the token it starts.
func TestUIAddressNeedsAToken(t *testing.T) {
	leads := writeLeads(t, batchLeads)
	out := filepath.Join(t.TempDir(), "out")
	a, stdout, stderr := testApp(nil)
	err := runApp(context.Background(), a, []string{"batch", "--offline", leads, "--out", out, "--ui-addr", "0.0.0.0:0", "--log-level", "warn"})
	if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), batch.UITokenEnv) {
		t.Fatalf("exit %d (%v), want %d naming %s\nstdout: %s\nstderr: %s", code, err, exitUsage, batch.UITokenEnv, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, batch.SummaryFile)); err == nil {
		t.Error("the batch ran")
	}
	a, stdout, stderr = testApp(map[string]string{batch.UITokenEnv: "s3cret"})
	if err := runApp(context.Background(), a, []string{"batch", "--offline", leads, "--out", out, "--ui-addr", "0.0.0.0:0", "--log-level", "warn"}); err != nil {
		t.Fatalf("with the token: %v\nstdout: %s\nstderr: %s", err, stdout, stderr)
	}
}
