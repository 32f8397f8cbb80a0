package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/pipeline"
)

// nightWatch is the command's stdout: after each night's line it runs
// onNight, and after nights of them it interrupts the command.
type nightWatch struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	lines   int
	nights  int
	onNight func()
	cancel  context.CancelFunc
}

func (w *nightWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if bytes.HasPrefix(p, []byte("night ")) {
		w.lines++
		w.onNight()
		if w.lines == w.nights {
			w.cancel()
		}
	}
	return len(p), nil
}

func (w *nightWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// Two nights of --schedule and --every on River's periodic jobs, under a
// clock that runs a day in 400ms: two dated folders, each with its report,
// an index listing both; one database for both nights, so on the second
// the leads end unchanged without a model call; an interruption exits 130.
func TestBatchScheduleRunsNights(t *testing.T) {
	const leads = "- id: screening\n  topic: breast cancer\n- id: prostate\n  topic: prostate cancer\n"
	for _, tt := range []struct {
		give     []string
		wantDirs []string
	}{
		{give: []string{"--schedule", "0 2 * * *"}, wantDirs: []string{batch.NightFolder(date(2026, 11, 30, 2)), batch.NightFolder(date(2026, 12, 1, 2))}},
		{give: []string{"--every", "24h"}}, // a day after the start, to the second
	} {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var calls atomic.Int32
			var afterFirst int32
			stdout := &nightWatch{nights: 2, cancel: cancel, onNight: func() {
				if afterFirst == 0 {
					afterFirst = calls.Load()
				}
			}}
			a, _, stderr := testApp(nil)
			a.stdout = stdout
			a.nightClock = batchtest.NewFastClock(date(2026, 11, 29, 12), 400*time.Millisecond)
			a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
				return countingWriter{offline.ExtractiveWriter{}, &calls}, offline.RuleSkeptic{}, nil
			}
			out := filepath.Join(t.TempDir(), "nightly")
			args := append([]string{"batch", "--offline", "--out", out, "--log-level", "warn", writeLeads(t, leads)}, tt.give...)
			err := runApp(ctx, a, args)
			if ctx.Err() == context.DeadlineExceeded {
				t.Fatalf("two nights did not pass within a minute\nstdout: %s\nstderr: %s", stdout, stderr)
			}
			if code := exitCode(err); code != exitInterrupted {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, exitInterrupted, stdout, stderr)
			}
			if afterFirst == 0 || calls.Load() != afterFirst {
				t.Errorf("writer calls: %d the first night, %d the second; want some, then none", afterFirst, calls.Load()-afterFirst)
			}
			page, err := os.ReadFile(filepath.Join(out, report.IndexFile))
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := os.ReadDir(out)
			var dirs []string
			for _, e := range entries {
				if e.IsDir() {
					dirs = append(dirs, e.Name())
				}
			}
			if tt.wantDirs == nil && len(dirs) == 2 {
				tt.wantDirs = dirs
			}
			for _, d := range dirs {
				if !nightFolderName.MatchString(d) {
					t.Errorf("night folder %q is not named by its UTC start", d)
				}
			}
			if strings.Join(dirs, ",") != strings.Join(tt.wantDirs, ",") {
				t.Errorf("folders %v, want %v", dirs, tt.wantDirs)
			}
			for i, d := range tt.wantDirs {
				var r report.Report
				readJSON(t, filepath.Join(out, d, report.JSONFile), &r)
				want := map[string]int{"verified": 2}
				if i > 0 {
					want = map[string]int{"unchanged": 2}
				}
				if r.Totals.Leads != 2 || r.Totals.Outcomes["verified"] != want["verified"] || r.Totals.Outcomes["unchanged"] != want["unchanged"] {
					t.Errorf("night %s: report totals %+v, want 2 leads, %v", d, r.Totals, want)
				}
				if _, err := os.Stat(filepath.Join(out, d, report.HTMLFile)); err != nil {
					t.Error(err)
				}
				if _, err := os.Stat(filepath.Join(out, d, "screening", "brief.md")); err != nil {
					t.Errorf("night %s: %v", d, err)
				}
				if !strings.Contains(string(page), `href="`+d+`/report.html"`) {
					t.Errorf("index.html does not list night %s", d)
				}
			}
			if _, err := os.Stat(filepath.Join(out, batch.DatabaseFile)); err != nil {
				t.Errorf("no shared database in --out: %v", err)
			}
		})
	}
}

// nightFolderName is a night's folder: its start in UTC.
var nightFolderName = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d{6}Z$`)

func date(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, time.Local) }

func TestBatchScheduleFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		give []string
		want string
	}{
		{[]string{"--schedule", "0 2 * *"}, "--schedule"},
		{[]string{"--schedule", "0 2 * * *", "--every", "24h"}, "not both"},
		{[]string{"--every", "1s"}, "--every"},
		{[]string{"--every", "-5h"}, "--every"},
		{[]string{"--every", "24h", "--run", "nightly"}, "--run"},
		{[]string{"--every", "24h", "--enqueue-only", "--database-url", "postgres://u@127.0.0.1:1/q"}, "--enqueue-only"},
		{[]string{"--watch", "briefs"}, "--watch"},
	} {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			out := t.TempDir()
			err := runApp(context.Background(), a, append([]string{"batch", "--offline", "--out", out, writeLeads(t, batchLeads)}, tt.give...))
			if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d (%v), want %d naming %q", code, err, exitUsage, tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("a night ran: %s", stdout)
			}
			if _, err := os.Stat(filepath.Join(out, batch.DatabaseFile)); err == nil {
				t.Error("a database was made before the flags were checked")
			}
		})
	}
}

// The worker's schedule flags are checked before anything starts, each
// error naming what is missing.
func TestWorkerScheduleFlagErrors(t *testing.T) {
	leads := writeLeads(t, batchLeads)
	for _, tt := range []struct {
		give []string
		want string
	}{
		{[]string{"--schedule", "0 2 * * *", "--out", t.TempDir()}, "--leads"},
		{[]string{"--schedule", "0 2 * * *", "--leads", leads}, "--out"},
		{[]string{"--every", "24h", "--leads", leads, "--out", t.TempDir(), "--drain"}, "--drain"},
		{[]string{"--leads", leads, "--out", t.TempDir()}, "--schedule or --every"},
		{[]string{"--schedule", "0 2 * *", "--leads", leads, "--out", t.TempDir()}, "--schedule"},
		{[]string{}, "--database-url is required"},
	} {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			err := runApp(context.Background(), a, append([]string{"worker", "--offline"}, tt.give...))
			if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d (%v), want %d naming %q", code, err, exitUsage, tt.want)
			}
			if stdout.Len() > 0 {
				t.Errorf("the worker ran: %s", stdout)
			}
		})
	}
}
