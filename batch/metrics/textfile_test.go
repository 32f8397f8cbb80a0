package metrics_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/contract"
)

func parseTextfile(t *testing.T, path string) map[string]*dto.MetricFamily {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(f)
	if err != nil {
		t.Fatalf("the textfile does not parse as Prometheus text: %v", err)
	}
	return fams
}

func gauge(t *testing.T, fams map[string]*dto.MetricFamily, name string) float64 {
	t.Helper()
	f, ok := fams[name]
	if !ok || len(f.GetMetric()) != 1 {
		t.Fatalf("series %s missing", name)
	}
	return f.GetMetric()[0].GetGauge().GetValue()
}

// The textfile holds the citeloop_ series only (node_exporter has its own
// Go and process ones), parses with Prometheus' text parser, and keeps the
// last success across a run that failed.
func TestTextfileKeepsTheLastSuccess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "citeloop.prom")
	start := time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)
	end := start.Add(90 * time.Minute)

	m := metrics.New(metrics.NewRegistry())
	if err := m.SeedFromTextfile(path); err != nil {
		t.Fatalf("seeding from a missing textfile: %v", err)
	}
	m.LeadEnded("a", contract.Outcome{Reason: contract.Verified})
	m.RunEnded(start, end, true)
	if err := m.WriteTextfile(path); err != nil {
		t.Fatal(err)
	}
	fams := parseTextfile(t, path)
	for name := range fams {
		if !strings.HasPrefix(name, "citeloop_") {
			t.Errorf("the textfile holds %s, not a citeloop_ series", name)
		}
	}
	if got := gauge(t, fams, metrics.LastSuccessMetric); got != float64(end.Unix()) {
		t.Errorf("last success %v, want %v", got, end.Unix())
	}
	if got := gauge(t, fams, "citeloop_batch_last_run_duration_seconds"); got != 5400 {
		t.Errorf("last run duration %v, want 5400", got)
	}

	// The next night fails: its own duration and end, the last success
	// still the night before's.
	m2 := metrics.New(metrics.NewRegistry())
	if err := m2.SeedFromTextfile(path); err != nil {
		t.Fatal(err)
	}
	next := start.Add(24 * time.Hour)
	m2.RunEnded(next, next.Add(time.Minute), false)
	if err := m2.WriteTextfile(path); err != nil {
		t.Fatal(err)
	}
	fams = parseTextfile(t, path)
	if got := gauge(t, fams, metrics.LastSuccessMetric); got != float64(end.Unix()) {
		t.Errorf("after a failed run, last success %v, want the earlier %v", got, end.Unix())
	}
	if got := gauge(t, fams, "citeloop_batch_last_run_duration_seconds"); got != 60 {
		t.Errorf("last run duration %v, want 60", got)
	}
	if got := gauge(t, fams, "citeloop_batch_last_run_timestamp_seconds"); got != float64(next.Add(time.Minute).Unix()) {
		t.Errorf("last run end %v", got)
	}
	runs := fams["citeloop_batch_runs_total"]
	if runs == nil || len(runs.GetMetric()) != 1 || runs.GetMetric()[0].GetLabel()[0].GetValue() != "failed" {
		t.Errorf("runs_total %v, want one failed run in this process", runs)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the textfile alone (no temporary left)", len(entries))
	}
}
