package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/robfig/cron/v3"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// nightLog records the nights RunNights ends and stops it after the last.
type nightLog struct {
	mu     sync.Mutex
	nights []Night
	// each runs after the night of its index ended, before the next.
	each   []func()
	cancel context.CancelFunc
}

func (l *nightLog) ended(_ context.Context, n Night) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.nights = append(l.nights, n)
	if i := len(l.nights) - 1; i < len(l.each) && l.each[i] != nil {
		l.each[i]()
	}
	if len(l.nights) == len(l.each) {
		l.cancel()
	}
}

func runNightsTest(t *testing.T, f *fakeRunner, out, leads string, clock Clock, log *nightLog) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	log.cancel = cancel
	sched, err := cron.ParseStandard("0 2 * * *")
	if err != nil {
		t.Fatal(err)
	}
	err = RunNights(ctx, NightsRun{
		Out:     out,
		Config:  Config{Runner: f, Concurrency: 4, PollInterval: 20 * time.Millisecond, RetryPolicy: quickRetry{}, StopGrace: 300 * time.Millisecond},
		Nightly: Nightly{Schedule: sched, Clock: clock, File: leads, Ended: log.ended},
	})
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("the nights did not end within a minute: %d ended", len(log.nights))
	}
	return err
}

// Three nights on River's periodic jobs under a fast clock, on one
// database: each night in its dated folder with its summary; a leads file
// broken before the second night makes a night with no lead that says
// why, and the third night runs again; a lead whose sources did not change
// since the first night ends unchanged with no model call, its brief
// standing in its folder.
func TestRunNightsOnePeriodicJobANight(t *testing.T) {
	dir := t.TempDir()
	good := "- id: a\n  topic: x\n- id: b\n  topic: y\n"
	leads := writeFile(t, dir, "leads.yaml", good)
	out := filepath.Join(dir, "nightly")
	f := newFake()
	log := &nightLog{each: []func(){
		func() { writeFile(t, dir, "leads.yaml", "{{{ broken") },
		func() {
			writeFile(t, dir, "leads.yaml", good)
			f.mu.Lock()
			f.version["b"] = "v2" // b's sources changed; a's did not
			f.mu.Unlock()
		},
		nil,
	}}
	err := runNightsTest(t, f, out, leads, batchtest.NewFastClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.Local), 400*time.Millisecond), log)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	var got []string
	for _, n := range log.nights {
		got = append(got, n.At.Format(time.DateTime)+" "+strings.Join(sortedReasons(t, n), ","))
		if want := NightFolder(n.At); filepath.Base(n.Dir) != want {
			t.Errorf("night %s in %s, want its UTC start %s", n.At, n.Dir, want)
		}
	}
	want := []string{
		"2026-01-01 02:00:00 a=verified,b=verified",
		"2026-01-02 02:00:00 ",
		"2026-01-03 02:00:00 a=unchanged,b=verified",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("nights (-want +got):\n%s", diff)
	}
	if log.nights[1].Err == nil || len(log.nights[1].Summary.InvalidRows) != 1 || !strings.Contains(log.nights[1].Summary.InvalidRows[0], "leads.yaml") {
		t.Errorf("broken night: err %v, invalid rows %q; want the file named", log.nights[1].Err, log.nights[1].Summary.InvalidRows)
	}
	if f.count(f.runs, "a") != 1 || f.count(f.runs, "b") != 2 {
		t.Errorf("model runs a=%d b=%d, want 1 and 2", f.count(f.runs, "a"), f.count(f.runs, "b"))
	}
	for i, n := range log.nights {
		sum, lines, err := ReadSummary(n.Dir)
		if err != nil {
			t.Fatalf("night %d: %v", i, err)
		}
		if sum.Run != NightRun(n.At) || len(lines) != n.Summary.Ended || !cmp.Equal(sum.EndReasons, n.Summary.EndReasons, cmpopts.EquateEmpty()) {
			t.Errorf("night %d: summary.json has run %s and %d leads %v, want %s and %d %v", i, sum.Run, len(lines), sum.EndReasons, NightRun(n.At), n.Summary.Ended, n.Summary.EndReasons)
		}
		for _, l := range lines {
			if l.Dir != filepath.Join(n.Dir, l.ID) {
				t.Errorf("night %d: lead %s in %s", i, l.ID, l.Dir)
			}
			if _, err := os.Stat(filepath.Join(n.Dir, l.ID, "brief.md")); err != nil {
				t.Errorf("night %d: %v", i, err)
			}
		}
	}
	// Nothing is written beside the nights but the shared database.
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "2026-01-0") || !e.IsDir() && !strings.HasPrefix(e.Name(), DatabaseFile) && e.Name() != ".citeloop-batch.lock" || strings.HasPrefix(e.Name(), "2026") && !strings.HasSuffix(e.Name(), "T020000Z") {
			t.Errorf("unexpected %s in the output folder", e.Name())
		}
	}
}

// sortedReasons lists how each lead of night n ended, as id=reason, from
// its summary.json.
func sortedReasons(t testing.TB, n Night) []string {
	t.Helper()
	_, lines, err := ReadSummary(n.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range lines {
		out = append(out, l.ID+"="+string(l.EndReason))
	}
	slicesSort(out)
	return out
}

func slicesSort(s []string) { sort.Strings(s) }

// A night interrupted while its leads run is resumed by the next process on
// the same database, before any new night: in the same folder, with each
// lead ending once.
func TestRunNightsResumesAnInterruptedNight(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n")
	out := filepath.Join(dir, "nightly")
	slow := newFake()
	slow.modelLatency = time.Minute
	first := &nightLog{}
	go func() {
		// Interrupt once both leads of the first night are running.
		for slow.count(slow.runs, "a")+slow.count(slow.runs, "b") < 2 {
			time.Sleep(10 * time.Millisecond)
		}
		first.mu.Lock()
		first.cancel()
		first.mu.Unlock()
	}()
	first.each = []func(){nil}
	// The first night comes half a second after the start, the next a day
	// later: the first process only ever enqueues one night.
	if err := runNightsTest(t, slow, out, leads, batchtest.NewFastClock(time.Date(2026, 1, 1, 1, 59, 59, 500_000_000, time.Local), 24*time.Hour), first); !errors.Is(err, context.Canceled) {
		t.Fatalf("first process: err = %v, want context.Canceled", err)
	}
	if len(first.nights) != 0 {
		t.Fatalf("the interrupted night ended: %+v", first.nights)
	}
	// A plain batch of the same file does not adopt the night's run.
	store, err := OpenSQLite(context.Background(), filepath.Join(out, DatabaseFile))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := New(store, Config{})
	if err != nil {
		t.Fatal(err)
	}
	source, err := filepath.Abs(leads)
	if err != nil {
		t.Fatal(err)
	}
	if run, err := plain.ResumableRun(context.Background(), source); err != nil || run != "" {
		t.Errorf("a plain batch of the leads file would resume run %q (%v), want a run of its own", run, err)
	}
	if run, err := plain.ResumableRun(context.Background(), nightSource(source)); err != nil || run == "" {
		t.Errorf("the night's run is not found under its own source: %q, %v", run, err)
	}
	store.Close()
	// The next process's schedule has no night for a (fast) day: only the
	// interrupted one can run.
	f := newFake()
	next := &nightLog{each: []func(){nil}}
	if err := runNightsTest(t, f, out, leads, batchtest.NewFastClock(time.Date(2026, 1, 1, 3, 0, 0, 0, time.Local), 24*time.Hour), next); !errors.Is(err, context.Canceled) {
		t.Fatalf("next process: err = %v, want context.Canceled", err)
	}
	n := next.nights[0]
	if got := n.At.Format(time.DateTime) + " " + filepath.Base(n.Dir) + " " + strings.Join(sortedReasons(t, n), ","); got != "2026-01-01 02:00:00 "+NightFolder(n.At)+" a=verified,b=verified" {
		t.Errorf("resumed night: %s", got)
	}
	if f.count(f.runs, "a") != 1 || f.count(f.runs, "b") != 1 {
		t.Errorf("runs in the next process a=%d b=%d, want 1 each", f.count(f.runs, "a"), f.count(f.runs, "b"))
	}
	entries, _ := os.ReadDir(out)
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) != 1 {
		t.Errorf("the output folder holds the folders %v, want the one night's", dirs)
	}
}
