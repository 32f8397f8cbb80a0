package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// Off a terminal, the counts come as structured log lines, the last one
// with every lead counted.
func TestBatchLogsProgressWhenNotATerminal(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	a, stdout, stderr := testApp(nil)
	err := runApp(context.Background(), a, []string{"batch", "--offline", "--out", out, "--log-format", "json", "--progress-every", "1ms", writeLeads(t, batchLeads)})
	if err != nil {
		t.Fatalf("batch: %v\nstdout: %s\nstderr: %s", err, stdout, stderr)
	}
	var lines, final []map[string]any
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		var l map[string]any
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch l["msg"] {
		case "batch progress":
			lines = append(lines, l)
		case "batch progress (final)":
			final = append(final, l)
		}
	}
	if len(final) != 1 {
		t.Fatalf("%d final progress lines, want 1\n%s", len(final), stderr)
	}
	for k, want := range map[string]float64{"done": 3, "total": 3, "verified": 2, "unchanged": 0, "refused": 1, "failed": 0, "retried": 0} {
		if got := final[0][k]; got != want {
			t.Errorf("final progress %s = %v, want %v", k, got, want)
		}
	}
	if _, ok := final[0]["leads_per_min"]; !ok {
		t.Error("final progress line has no rate")
	}
	for _, l := range lines {
		if l["done"].(float64) > 3 || l["total"] != 3.0 {
			t.Errorf("progress line %v counts more than the batch", l)
		}
	}
	for _, l := range append(lines, final...) {
		if _, ok := l["topic"]; ok {
			t.Errorf("progress line carries lead text: %v", l)
		}
	}
}

// On a terminal, a bar with the counts is drawn on stderr.
func TestBatchDrawsProgressOnATerminal(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	a, stdout, _ := testApp(nil)
	got, err := onTerminal(t, a, "batch", "--offline", "--out", out, "--log-level", "warn", "--progress-delay", "-1ns", writeLeads(t, batchLeads))
	if err != nil {
		t.Fatalf("batch: %v\nstdout: %s", err, stdout)
	}
	for _, want := range []string{"batch", "3/3", "verified 2", "unchanged 0", "refused 1", "failed 0", "leads/min"} {
		if !strings.Contains(got, want) {
			t.Errorf("terminal output lacks %q:\n%q", want, got)
		}
	}
}

// gatedWriter blocks the writer of its lead until released, so a test can
// look at a batch mid-run.
type gatedWriter struct {
	pipeline.Writer
	topic   string
	reached chan struct{}
	release chan struct{}
	once    *sync.Once
}

func (w gatedWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if req.Lead.Topic == w.topic {
		w.once.Do(func() { close(w.reached) })
		select {
		case <-w.release:
		case <-ctx.Done():
			return contract.WriteResult{}, ctx.Err()
		}
	}
	return w.Writer.Write(ctx, req)
}

func scrape(t *testing.T, url string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

// value is the series of fam whose labels include want (every label when
// want is empty), summed; histograms give their sample count.
func value(fams map[string]*dto.MetricFamily, fam string, want map[string]string) float64 {
	f, ok := fams[fam]
	if !ok {
		return -1
	}
	total := 0.0
	for _, m := range f.GetMetric() {
		match := true
		for k, v := range want {
			found := false
			for _, l := range m.GetLabel() {
				if l.GetName() == k && l.GetValue() == v {
					found = true
				}
			}
			match = match && found
		}
		if !match {
			continue
		}
		switch {
		case m.GetCounter() != nil:
			total += m.GetCounter().GetValue()
		case m.GetGauge() != nil:
			total += m.GetGauge().GetValue()
		case m.GetHistogram() != nil:
			total += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return total
}

// holdLastLead runs `batch args… --concurrency 1 --metrics-addr ADDR` on a
// free loopback address, its writer holding the lead on "prostate cancer"
// (the last), and returns once that lead is held: the address, the gate to
// release it, and the batch's result.
func holdLastLead(t *testing.T, a *app, args ...string) (string, gatedWriter, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	g := gatedWriter{Writer: offline.ExtractiveWriter{}, topic: "prostate cancer", reached: make(chan struct{}), release: make(chan struct{}), once: &sync.Once{}}
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) { return g, offline.RuleSkeptic{}, nil }
	done := make(chan error, 1)
	go func() {
		done <- runApp(context.Background(), a, append(append([]string{"batch"}, args...), "--log-level", "warn", "--concurrency", "1", "--metrics-addr", addr))
	}()
	select {
	case <-g.reached:
	case err := <-done:
		t.Fatalf("batch ended before its last lead was held: %v\nstdout: %v\nstderr: %v", err, a.stdout, a.stderr)
	}
	return addr, g, done
}

// /metrics, scraped while the last lead is held in its writer, counts the
// leads that ended, their model calls and the one still queued.
func TestBatchServesMetrics(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	a, _, stderr := testApp(nil)
	leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n- id: zebrafish\n  topic: zebrafish fin regeneration\n- id: prostate\n  topic: prostate cancer\n")
	addr, g, done := holdLastLead(t, a, "--offline", "--out", out, leads)
	// The leads before the held one ended: wait for both to be counted.
	url := "http://" + addr + "/metrics"
	var fams map[string]*dto.MetricFamily
	for deadline := time.Now().Add(time.Minute); ; {
		fams = scrape(t, url)
		// River records a finished job shortly after its worker returns:
		// the queue depth follows the lead counts a moment later.
		if value(fams, "citeloop_batch_leads_total", nil) >= 2 && value(fams, "citeloop_batch_queue_depth", nil) <= 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	var screening struct {
		Metrics contract.Metrics `json:"metrics"`
	}
	readJSON(t, filepath.Join(out, "screening", "outcome.json"), &screening)
	writerCalls := 0
	for _, it := range screening.Metrics.Iterations {
		writerCalls += it.Writer.Calls
	}
	for _, tt := range []struct {
		fam    string
		labels map[string]string
		want   float64
	}{
		{"citeloop_batch_leads_total", map[string]string{"outcome": "verified"}, 1},
		{"citeloop_batch_leads_total", map[string]string{"outcome": "refused"}, 1},
		{"citeloop_batch_queue_depth", nil, 1},
		{"citeloop_model_calls_total", map[string]string{"role": "writer"}, float64(writerCalls)},
		{"citeloop_batch_lead_duration_seconds", nil, 2},
		{"citeloop_model_call_duration_seconds", map[string]string{"role": "writer"}, float64(writerCalls)},
	} {
		if got := value(fams, tt.fam, tt.labels); got != tt.want {
			t.Errorf("%s%v = %v, want %v", tt.fam, tt.labels, got, tt.want)
		}
	}
	for _, fam := range []string{"citeloop_gate_citations_total", "citeloop_model_tokens_total", "citeloop_gate_duration_seconds"} {
		if value(fams, fam, nil) < 0 {
			t.Errorf("series %s missing", fam)
		}
	}
	close(g.release)
	if err := <-done; err != nil {
		t.Fatalf("batch: %v\nstderr: %s", err, stderr)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the metrics server still answers after the batch ended")
	}
}

// /metrics counts every request the oracles made, one by one: scraped while
// the last lead is held in its writer (nothing in flight), the count by
// oracle and code is what the fake Europe PMC served.
func TestBatchMetricsCountOracleRequests(t *testing.T) {
	fake := fakeEuropePMC(t, "pyEuropePMC__search_cancer_core.json")
	out := filepath.Join(t.TempDir(), "out")
	a, _, stderr := testApp(nil)
	europePMCAt(a, fake.URL)
	leads := writeLeads(t, "- id: screening\n  topic: cancer\n  max_sources: 3\n- id: prostate\n  topic: prostate cancer\n  max_sources: 3\n")
	addr, g, done := holdLastLead(t, a, "--out", out, leads)
	fams := scrape(t, "http://"+addr+"/metrics")
	served := float64(fake.Requests())
	if served < 3 {
		t.Fatalf("the fake Europe PMC served %d requests, want at least a search and a lookup for the first lead and a search for the held one", fake.Requests())
	}
	// Every code: the fake answers a full-text request (fullTextXML, for
	// an open-access record) 404, as Europe PMC does outside its subset.
	if got := value(fams, "citeloop_oracle_requests_total", map[string]string{"oracle": "europepmc"}); got != served {
		t.Errorf("citeloop_oracle_requests_total{oracle=europepmc} = %v, want the %v requests served", got, served)
	}
	if got := value(fams, "citeloop_oracle_request_duration_seconds", map[string]string{"oracle": "europepmc"}); got != served {
		t.Errorf("citeloop_oracle_request_duration_seconds{oracle=europepmc} has %v samples, want %v", got, served)
	}
	close(g.release)
	if err := <-done; err != nil {
		t.Fatalf("batch: %v\nstderr: %s", err, stderr)
	}
}

// A resumed run's bar starts where the run stands and ends at total/total,
// and its final log line counts every lead of the run; the pace counts only
// the leads this process ran.
func TestResumedBatchProgressReachesTheTotal(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n- id: zebrafish\n  topic: zebrafish fin regeneration\n")
	a, stdout, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"batch", "--offline", "--out", out, "--run", "r1", "--log-level", "warn", leads}); err != nil {
		t.Fatalf("first part: %v\nstderr: %s", err, stderr)
	}
	if err := os.WriteFile(leads, []byte(batchLeads), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("terminal", func(t *testing.T) {
		a, stdout, _ = testApp(nil)
		got, err := onTerminal(t, a, "batch", "--offline", "--out", out, "--run", "r1", "--log-level", "warn", "--progress-delay", "-1ns", leads)
		if err != nil {
			t.Fatalf("resumed run: %v\nstdout: %s", err, stdout)
		}
		if !strings.Contains(stdout.String(), "3 leads ended") {
			t.Fatalf("stdout %q: want the resumed run to end 3 leads", stdout)
		}
		for _, want := range []string{"3/3", "verified 2", "refused 1"} {
			if !strings.Contains(got, want) {
				t.Errorf("terminal output lacks %q:\n%q", want, got)
			}
		}
	})

	t.Run("log lines", func(t *testing.T) {
		// A third pass over the same run: every lead ended before it.
		a, stdout, stderr = testApp(nil)
		if err := runApp(context.Background(), a, []string{"batch", "--offline", "--out", out, "--run", "r1", "--log-format", "json", "--progress-every", "1h", leads}); err != nil {
			t.Fatalf("rerun: %v\nstderr: %s", err, stderr)
		}
		var final map[string]any
		for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) == nil && m["msg"] == "batch progress (final)" {
				final = m
			}
		}
		if final == nil {
			t.Fatalf("no final progress line in:\n%s", stderr)
		}
		for k, want := range map[string]float64{"done": 3, "total": 3, "verified": 2, "refused": 1, "failed": 0, "leads_per_min": 0} {
			if got, _ := final[k].(float64); got != want {
				t.Errorf("final line %s = %v, want %v (line %v)", k, final[k], want, final)
			}
		}
	})
}
