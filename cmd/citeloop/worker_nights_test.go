package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/batchtest"
	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// workerOut is a worker's stdout: it counts the nights and the watches
// said there, runs onNight after each night, and interrupts the worker
// once it saw nights of each.
type workerOut struct {
	mu              sync.Mutex
	buf             bytes.Buffer
	nights, watches int
	want            int
	onNight         func(n int)
	cancel          context.CancelFunc
}

func (w *workerOut) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for _, line := range strings.Split(strings.TrimSpace(string(p)), "\n") {
		switch {
		case strings.HasPrefix(line, "night "):
			w.nights++
			w.onNight(w.nights)
		case strings.HasPrefix(line, "watch "):
			w.watches++
		}
	}
	if w.nights >= w.want && w.watches >= w.want {
		w.cancel()
	}
	return len(p), nil
}

func (w *workerOut) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// Three nights of `citeloop worker` on one machine (its queue in --out),
// under a clock that runs a day in 600ms: each night once, in a folder
// named by its UTC start with its report; the leads file emptied before
// the second night makes that night a failed one (its report and the index
// say so, the metrics count it) and the schedule goes on; the watch runs
// once a night and reports the retraction of a cited source once; the
// textfile keeps the last success.
func TestWorkerRunsNightsAndTheWatch(t *testing.T) {
	dir := t.TempDir()
	watchDir := filepath.Join(dir, "briefs")
	a, _, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", filepath.Join(watchDir, "one"), "--format", "json"}); err != nil {
		t.Fatalf("brief: %v\n%s", err, stderr)
	}
	var ledger contract.Ledger
	readJSON(t, filepath.Join(watchDir, "one", "ledger.json"), &ledger)
	var recs []oracles.Record
	for _, e := range ledger.Entries {
		recs = append(recs, oracles.Record{DOI: e.DOI, Title: e.Title, Retracted: true})
	}
	leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n- id: prostate\n  topic: prostate cancer\n")
	good, err := os.ReadFile(leads)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "nightly")
	textfile := filepath.Join(dir, "citeloop.prom")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	stdout := &workerOut{want: 3, cancel: cancel, onNight: func(n int) {
		content := good
		if n == 1 {
			content = nil // a broken export: the second night has no lead
		}
		if err := os.WriteFile(leads, content, 0o644); err != nil {
			t.Error(err)
		}
	}}
	a, _, stderr = testApp(nil)
	a.stdout = stdout
	a.nightClock = batchtest.NewFastClock(date(2026, 11, 29, 12), 600*time.Millisecond)
	a.registry = func() (*oracles.Registry, error) {
		r := oracles.NewRegistry()
		return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return oracletest.NewFake("europepmc", recs, nil), nil }))
	}
	err = runApp(ctx, a, []string{"worker", "--offline", "--schedule", "0 2 * * *", "--leads", leads, "--out", out, "--watch", watchDir,
		"--metrics-textfile", textfile, "--log-level", "warn"})
	if ctx.Err() == context.DeadlineExceeded {
		t.Fatalf("three nights did not pass within two minutes\nstdout: %s\nstderr: %s", stdout, stderr)
	}
	if code := exitCode(err); code != exitInterrupted {
		t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, exitInterrupted, stdout, stderr)
	}
	said := stdout.String()
	reported := map[string]int{}
	for _, line := range strings.Split(said, "\n") {
		if strings.HasPrefix(line, "news ") {
			reported[strings.Fields(line)[2]]++
		}
	}
	if len(reported) == 0 {
		t.Errorf("no retraction reported:\n%s", said)
	}
	for doi, n := range reported {
		if n != 1 {
			t.Errorf("the retraction of %s was reported %d times, want once", doi, n)
		}
	}
	nights := []string{batch.NightFolder(date(2026, 11, 30, 2)), batch.NightFolder(date(2026, 12, 1, 2)), batch.NightFolder(date(2026, 12, 2, 2))}
	for i, d := range nights {
		if n := strings.Count(said, "night "+filepath.Join(out, d)+":"); n != 1 {
			t.Errorf("night %s ended %d times, want once:\n%s", d, n, said)
		}
		var r report.Report
		readJSON(t, filepath.Join(out, d, report.JSONFile), &r)
		switch {
		case i == 1 && (r.Error == "" || r.Totals.Leads != 0):
			t.Errorf("night %s: report %+v, want a failed night with its error", d, r)
		case i != 1 && (r.Error != "" || r.Totals.Leads != 2 || r.StartedAt.IsZero()):
			t.Errorf("night %s: report %+v, want its 2 leads and its start", d, r)
		}
	}
	if n := strings.Count(said, "watch "+watchDir+":"); n < 3 {
		t.Errorf("the watch ran %d times, want once a night:\n%s", n, said)
	}
	page, err := os.ReadFile(filepath.Join(out, report.IndexFile))
	if err != nil || !strings.Contains(string(page), `<tr class="night failed"><td><a href="`+nights[1]+`/report.html"`) {
		t.Errorf("index.html does not mark the failed night (%v):\n%s", err, page)
	}
	f, err := os.Open(textfile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(f)
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]float64{}
	for _, m := range fams["citeloop_batch_runs_total"].GetMetric() {
		runs[m.GetLabel()[0].GetValue()] = m.GetCounter().GetValue()
	}
	if runs["ok"] < 2 || runs["failed"] != 1 {
		t.Errorf("runs_total %v, want the failed night counted apart", runs)
	}
	if fams["citeloop_batch_last_success_timestamp_seconds"].GetMetric()[0].GetGauge().GetValue() <= 0 {
		t.Error("no last success in the textfile")
	}
}

// The worker takes its schedule from the configuration's schedule section
// when no flag gives one.
func TestWorkerTakesTheScheduleFromTheConfig(t *testing.T) {
	dir := t.TempDir()
	leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n")
	out := filepath.Join(dir, "nightly")
	cfg := filepath.Join(dir, "citeloop.yaml")
	if err := os.WriteFile(cfg, []byte("schedule:\n  cron: \"0 2 * * *\"\n  leads: "+leads+"\n  out: "+out+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	stdout := &workerOut{want: 1, cancel: cancel, onNight: func(int) {}}
	stdout.watches = 1 // no watch in this schedule
	a, _, stderr := testApp(nil)
	a.stdout = stdout
	a.nightClock = batchtest.NewFastClock(date(2026, 11, 29, 12), 400*time.Millisecond)
	err := runApp(ctx, a, []string{"worker", "--offline", "--config", cfg, "--log-level", "warn"})
	if code := exitCode(err); code != exitInterrupted || ctx.Err() == context.DeadlineExceeded {
		t.Fatalf("exit %d (%v)\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
	}
	var r report.Report
	readJSON(t, filepath.Join(out, batch.NightFolder(date(2026, 11, 30, 2)), report.JSONFile), &r)
	if r.Totals.Leads != 1 {
		t.Errorf("the night's report: %+v, want its lead", r.Totals)
	}
}
