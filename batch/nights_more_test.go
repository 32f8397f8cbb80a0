package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/robfig/cron/v3"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// A night of a folder of leads files runs each file as its own run, into
// a sub-folder of the night's folder named by the file; files that are not
// leads files are left alone. Two files may hold leads of the same id: each
// has its own standing brief, so on the second night both are unchanged.
func TestRunNightsFolderOfLeadsFiles(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "leads")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, folder, "oncology.csv", "id,topic\nx,breast cancer\ny,lung cancer\n")
	writeFile(t, folder, "zebrafish.yaml", "- id: x\n  topic: fin regeneration\n")
	writeFile(t, folder, "notes.txt", "not leads")
	f := newFake()
	log := &nightLog{each: []func(){nil, nil, nil, nil}} // two nights of two files
	err := runNightsTest(t, f, filepath.Join(dir, "nightly"), folder, batchtest.NewFastClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 600*time.Millisecond), log)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	var got []string
	for _, n := range log.nights {
		got = append(got, strings.TrimPrefix(n.Dir, filepath.Join(dir, "nightly")+"/")+" "+strings.Join(sortedReasons(t, n), ","))
	}
	want := []string{
		"2026-01-01T020000Z/oncology x=verified,y=verified",
		"2026-01-01T020000Z/zebrafish x=verified",
		"2026-01-02T020000Z/oncology x=unchanged,y=unchanged",
		"2026-01-02T020000Z/zebrafish x=unchanged",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("nights (-want +got):\n%s", diff)
	}
	if n := f.count(f.runs, "x"); n != 2 {
		t.Errorf("lead x ran %d times over two nights of two files, want 2 (once a file)", n)
	}
}

// An empty leads file at night time makes a failed night: no lead, its
// summary says why, and the next night runs.
func TestRunNightsEmptyFileIsAFailedNight(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.csv", "id,topic\n")
	log := &nightLog{each: []func(){func() { writeFile(t, dir, "leads.csv", "id,topic\na,x\n") }, nil}}
	if err := runNightsTest(t, newFake(), filepath.Join(dir, "nightly"), leads, batchtest.NewFastClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 500*time.Millisecond), log); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	first := log.nights[0]
	sum, _, err := ReadSummary(first.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if first.Err == nil || !errors.Is(first.Err, first.Err) || !strings.Contains(sum.Error, "holds no lead") || sum.Ended != 0 {
		t.Errorf("first night: err %v, summary %+v; want a failed night saying the file holds no lead", first.Err, sum)
	}
	if second := log.nights[1]; second.Err != nil || second.Summary.Ended != 1 {
		t.Errorf("second night: %+v, want its lead", second)
	}
}

// A worker that was down while nights were due runs the latest of them
// once when it starts, and logs how many it skipped; the nights between
// never run.
func TestRunNightsCatchesUpTheLatestMissedNight(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n")
	out := filepath.Join(dir, "nightly")
	first := &nightLog{each: []func(){nil}}
	// A day of 4 s: the first night (at 02:00, 0.33 s in) ends long before
	// the next is due even on a loaded machine under -race, so the first
	// process begins no second night for the next one to finish.
	if err := runNightsTest(t, newFake(), out, leads, batchtest.NewFastClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 4*time.Second), first); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	// Down from the 1st to the 6th at noon; the clock then runs a day a
	// day: no night comes by itself during the test.
	core, logs := observer.New(zapcore.InfoLevel)
	next := &nightLog{each: []func(){nil}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	next.cancel = cancel
	err := RunNights(ctx, NightsRun{Out: out,
		Config: Config{Runner: newFake(), PollInterval: 20 * time.Millisecond, StopGrace: 300 * time.Millisecond, Logger: zap.New(core)},
		Nightly: Nightly{Schedule: daily(t), Clock: batchtest.NewFastClock(time.Date(2026, 1, 6, 12, 0, 0, 0, time.UTC), 24*time.Hour),
			File: leads, Ended: next.ended}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v (nights %v)", err, next.nights)
	}
	if len(next.nights) != 1 || NightFolder(next.nights[0].At) != "2026-01-06T020000Z" {
		t.Fatalf("nights after the start: %+v, want the 6th's alone", next.nights)
	}
	warn := logs.FilterMessageSnippet("the latest runs now").All()
	if len(warn) != 1 || warn[0].Level != zapcore.WarnLevel || warn[0].ContextMap()["skipped"] != int64(4) ||
		warn[0].ContextMap()["first_skipped"] != "2026-01-02T020000Z" || warn[0].ContextMap()["running"] != "2026-01-06T020000Z" {
		t.Errorf("catch-up lines %v, want one warn: 4 skipped from the 2nd, the 6th running", warn)
	}
	for _, d := range []string{"2026-01-02T020000Z", "2026-01-05T020000Z"} {
		if _, err := os.Stat(filepath.Join(out, d)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the skipped night %s has a folder: %v", d, err)
		}
	}
}

func daily(t *testing.T) Schedule {
	t.Helper()
	s, err := cron.ParseStandard("0 2 * * *")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A night whose first attempt died after enqueueing a file, before it
// marked the night started, is started again by the next attempt without
// that file counted twice: each run of the night ends once.
func TestNightStartedTwiceCountsEachFileOnce(t *testing.T) {
	for _, folder := range []bool{false, true} {
		dir := t.TempDir()
		leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n")
		if folder {
			leads = filepath.Join(dir, "leads")
			if err := os.Mkdir(leads, 0o755); err != nil {
				t.Fatal(err)
			}
			writeFile(t, leads, "one.yaml", "- id: a\n  topic: x\n")
			writeFile(t, leads, "two.yaml", "- id: b\n  topic: y\n")
		}
		store := openTestSQLite(t)
		e, err := New(store, Config{Runner: newFake(), OutDir: filepath.Join(dir, "out"), PollInterval: 20 * time.Millisecond,
			Nightly: &Nightly{Schedule: daily(t), File: leads}})
		if err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 1, 1, 2, 0, 0, 0, time.UTC)
		files, err := nightFiles(leads)
		if err != nil {
			t.Fatal(err)
		}
		// The first attempt enqueued the first file and died.
		p, err := e.nights.enqueue(context.Background(), at, files[0], zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		if err := store.nights.put(context.Background(), at, p); err != nil {
			t.Fatal(err)
		}
		parts, err := e.nights.start(context.Background(), at, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		if len(parts) != len(files) {
			t.Errorf("folder %v: parts %+v, want one per file", folder, parts)
		}
	}
}
