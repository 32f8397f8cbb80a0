package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch/report"
)

// fakeClock jumps to each night's start instead of sleeping, and after
// nights nights interrupts the schedule.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	waits  []time.Time
	nights int
	cancel context.CancelFunc
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) wait(ctx context.Context, t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, t)
	if len(c.waits) > c.nights {
		c.cancel()
		return ctx.Err()
	}
	c.now = t.Add(5 * time.Minute) // the night's batch takes a while
	return nil
}

// Two nights of --schedule under a fake clock: two dated folders, each with
// its report, and an index listing both; an interruption between nights
// exits 130.
func TestBatchScheduleRunsNights(t *testing.T) {
	for _, tt := range []struct {
		give      []string
		wantWaits []time.Time
		wantDirs  []string
	}{
		{
			give:      []string{"--schedule", "0 2 * * *"},
			wantWaits: []time.Time{date(2026, 11, 30, 2), date(2026, 12, 1, 2), date(2026, 12, 2, 2)},
			wantDirs:  []string{"2026-11-30", "2026-12-01"},
		},
		{
			give:      []string{"--every", "24h"},
			wantWaits: []time.Time{date(2026, 11, 30, 12), date(2026, 12, 1, 12).Add(5 * time.Minute), date(2026, 12, 2, 12).Add(10 * time.Minute)},
			wantDirs:  []string{"2026-11-30", "2026-12-01"},
		},
	} {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			clock := &fakeClock{now: date(2026, 11, 29, 12), nights: 2, cancel: cancel}
			a, stdout, stderr := testApp(nil)
			a.now, a.wait = clock.Now, clock.wait
			out := filepath.Join(t.TempDir(), "nightly")
			args := append([]string{"batch", "--offline", "--out", out, "--log-level", "warn", writeLeads(t, batchLeads)}, tt.give...)
			err := runApp(ctx, a, args)
			if code := exitCode(err); code != exitInterrupted {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, exitInterrupted, stdout, stderr)
			}
			if len(clock.waits) != len(tt.wantWaits) {
				t.Fatalf("waited for %v, want %v", clock.waits, tt.wantWaits)
			}
			for i := range tt.wantWaits {
				if !clock.waits[i].Equal(tt.wantWaits[i]) {
					t.Errorf("night %d started at %s, want %s", i, clock.waits[i], tt.wantWaits[i])
				}
			}
			page, err := os.ReadFile(filepath.Join(out, report.IndexFile))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range tt.wantDirs {
				var r report.Report
				readJSON(t, filepath.Join(out, d, report.JSONFile), &r)
				if r.Totals.Leads != 3 || r.Totals.Outcomes["verified"]+r.Totals.Outcomes["unchanged"] != 2 {
					t.Errorf("night %s: report totals %+v, want 3 leads, 2 verified", d, r.Totals)
				}
				if _, err := os.Stat(filepath.Join(out, d, report.HTMLFile)); err != nil {
					t.Error(err)
				}
				if !strings.Contains(string(page), `href="`+d+`/report.html"`) {
					t.Errorf("index.html does not list night %s", d)
				}
			}
			entries, _ := os.ReadDir(out)
			var dirs []string
			for _, e := range entries {
				if e.IsDir() {
					dirs = append(dirs, e.Name())
				}
			}
			if strings.Join(dirs, ",") != strings.Join(tt.wantDirs, ",") {
				t.Errorf("folders %v, want %v", dirs, tt.wantDirs)
			}
		})
	}
}

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
	} {
		t.Run(strings.Join(tt.give, " "), func(t *testing.T) {
			a, _, _ := testApp(nil)
			a.wait = func(context.Context, time.Time) error { return errors.New("must not wait") }
			err := runApp(context.Background(), a, append([]string{"batch", "--offline", "--out", t.TempDir(), writeLeads(t, batchLeads)}, tt.give...))
			if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d (%v), want %d naming %q", code, err, exitUsage, tt.want)
			}
		})
	}
}
