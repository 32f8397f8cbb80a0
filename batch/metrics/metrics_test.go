package metrics_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// runMetrics are the metrics of a run of its.
func runMetrics(its ...contract.Iteration) contract.Metrics {
	return contract.Metrics{Iterations: its, StartedAt: time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC), Duration: 3 * time.Second}
}

func TestMetricsCountWhatEnded(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	depth := 7
	m := metrics.New(reg)
	if err := m.WatchQueue(func() (int, error) { return depth, nil }); err != nil {
		t.Fatal(err)
	}
	writer := contract.Usage{Calls: 2, PromptTokens: 100, OutputTokens: 20, Latency: 4 * time.Second}
	skeptic := contract.Usage{Calls: 1, PromptTokens: 30, OutputTokens: 3, ThinkingTokens: 5, Latency: time.Second}
	cap := runMetrics(
		contract.Iteration{N: 1, Writer: writer, Skeptic: skeptic, Citations: 4, Reasons: map[contract.Reason]int{"quote_not_found": 2, "open_objection": 1}, GateTime: time.Millisecond},
		contract.Iteration{N: 2, Writer: writer, Skeptic: skeptic, Citations: 4, Reasons: map[contract.Reason]int{"quote_not_found": 1}, GateTime: time.Millisecond},
	)
	m.LeadEnded("a", contract.Outcome{Reason: contract.Verified, Metrics: runMetrics(contract.Iteration{N: 1, Writer: writer, Skeptic: skeptic, Citations: 3})})
	m.LeadEnded("b", contract.Outcome{Reason: contract.IterationCap, Metrics: cap})
	m.LeadEnded("c", contract.Outcome{Reason: contract.Unchanged, Metrics: cap}) // an unchanged lead ran nothing
	m.LeadRetried("d", contract.Outcome{Reason: contract.OracleUnavailable})
	m.LeadEnded("e", contract.Outcome{Reason: contract.Errored}) // a lead that errored ran no loop

	want := `
# HELP citeloop_batch_leads_total Leads that ended in this process, by outcome (end reason).
# TYPE citeloop_batch_leads_total counter
citeloop_batch_leads_total{outcome="error"} 1
citeloop_batch_leads_total{outcome="iteration_cap"} 1
citeloop_batch_leads_total{outcome="unchanged"} 1
citeloop_batch_leads_total{outcome="verified"} 1
# HELP citeloop_batch_lead_retries_total Lead attempts that failed in a way that may pass and will run again, by end reason.
# TYPE citeloop_batch_lead_retries_total counter
citeloop_batch_lead_retries_total{reason="oracle_unavailable"} 1
# HELP citeloop_gate_failures_total Citations the gate rejected on any pass, by reason code.
# TYPE citeloop_gate_failures_total counter
citeloop_gate_failures_total{reason="open_objection"} 1
citeloop_gate_failures_total{reason="quote_not_found"} 3
# HELP citeloop_model_calls_total Model calls, by role (writer, skeptic).
# TYPE citeloop_model_calls_total counter
citeloop_model_calls_total{role="skeptic"} 3
citeloop_model_calls_total{role="writer"} 6
# HELP citeloop_gate_citations_total Citations the gate checked against the ledger and the oracle, over every pass.
# TYPE citeloop_gate_citations_total counter
citeloop_gate_citations_total 11
# HELP citeloop_batch_queue_depth Leads in the queue without an outcome, read at each scrape; -1 when the queue cannot be read.
# TYPE citeloop_batch_queue_depth gauge
citeloop_batch_queue_depth 7
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "citeloop_batch_leads_total", "citeloop_batch_lead_retries_total",
		"citeloop_gate_failures_total", "citeloop_model_calls_total", "citeloop_gate_citations_total", "citeloop_batch_queue_depth"); err != nil {
		t.Error(err)
	}
	tokens := `
# HELP citeloop_model_tokens_total Model tokens, by role and kind (prompt, output, thinking).
# TYPE citeloop_model_tokens_total counter
citeloop_model_tokens_total{kind="output",role="skeptic"} 9
citeloop_model_tokens_total{kind="output",role="writer"} 60
citeloop_model_tokens_total{kind="prompt",role="skeptic"} 90
citeloop_model_tokens_total{kind="prompt",role="writer"} 300
citeloop_model_tokens_total{kind="thinking",role="skeptic"} 15
citeloop_model_tokens_total{kind="thinking",role="writer"} 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(tokens), "citeloop_model_tokens_total"); err != nil {
		t.Error(err)
	}
	if got := testutil.CollectAndCount(reg, "citeloop_model_call_duration_seconds"); got != 2 {
		t.Errorf("latency histograms: %d series, want 2 (writer, skeptic)", got)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]uint64{}
	for _, mf := range mfs {
		for _, mt := range mf.GetMetric() {
			if h := mt.GetHistogram(); h != nil {
				key := mf.GetName()
				for _, l := range mt.GetLabel() {
					key += "/" + l.GetValue()
				}
				counts[key] = h.GetSampleCount()
			}
		}
	}
	wantCounts := map[string]uint64{
		"citeloop_batch_lead_duration_seconds": 2, "citeloop_batch_lead_iterations": 2, "citeloop_gate_duration_seconds": 3,
		"citeloop_model_call_duration_seconds/writer": 6, "citeloop_model_call_duration_seconds/skeptic": 3,
	}
	for k, v := range wantCounts {
		if counts[k] != v {
			t.Errorf("%s: %d observations, want %d", k, counts[k], v)
		}
	}

	broken := prometheus.NewRegistry()
	if err := metrics.New(broken).WatchQueue(func() (int, error) { return 0, errors.New("database gone") }); err != nil {
		t.Fatal(err)
	}
	if err := testutil.GatherAndCompare(broken, strings.NewReader(`
# HELP citeloop_batch_queue_depth Leads in the queue without an outcome, read at each scrape; -1 when the queue cannot be read.
# TYPE citeloop_batch_queue_depth gauge
citeloop_batch_queue_depth -1
`), "citeloop_batch_queue_depth"); err != nil {
		t.Error(err)
	}
}

func TestMetricsCountOracleRequests(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	m := metrics.New(reg)
	for _, r := range []oracles.Request{
		{Oracle: "europepmc", Status: 200, Took: 40 * time.Millisecond},
		{Oracle: "europepmc", Status: 429, Took: 10 * time.Millisecond},
		{Oracle: "europepmc", Status: 200, Took: 50 * time.Millisecond},
		{Oracle: "crossref", Err: context.DeadlineExceeded, Took: 2 * time.Second},
	} {
		m.OracleRequest(r)
	}
	want := `
# HELP citeloop_oracle_requests_total HTTP requests to oracle services, each retry counted, collection searches included, by oracle and code (the HTTP status, or timeout, canceled, error).
# TYPE citeloop_oracle_requests_total counter
citeloop_oracle_requests_total{code="200",oracle="europepmc"} 2
citeloop_oracle_requests_total{code="429",oracle="europepmc"} 1
citeloop_oracle_requests_total{code="timeout",oracle="crossref"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "citeloop_oracle_requests_total"); err != nil {
		t.Error(err)
	}
	if got := testutil.CollectAndCount(reg, "citeloop_oracle_request_duration_seconds"); got != 2 {
		t.Errorf("latency histograms = %d, want one per oracle (2)", got)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "citeloop_oracle_request_duration_seconds" {
			continue
		}
		for _, h := range mf.GetMetric() {
			oracle := h.GetLabel()[0].GetValue()
			wantN, wantSum := map[string]uint64{"europepmc": 3, "crossref": 1}[oracle], map[string]float64{"europepmc": 0.1, "crossref": 2}[oracle]
			if got := h.GetHistogram().GetSampleCount(); got != wantN {
				t.Errorf("%s latency samples = %d, want %d", oracle, got, wantN)
			}
			if got := h.GetHistogram().GetSampleSum(); got < wantSum-1e-9 || got > wantSum+1e-9 {
				t.Errorf("%s latency sum = %v, want %v", oracle, got, wantSum)
			}
		}
	}
}

// Serve serves the series at /metrics until Close; an address that cannot
// be listened on is an error at once. A second queue to watch is refused.
func TestServe(t *testing.T) {
	m := metrics.New(metrics.NewRegistry())
	m.LeadEnded("a", contract.Outcome{Reason: contract.Refused})
	if err := m.WatchQueue(func() (int, error) { return 2, nil }); err != nil {
		t.Fatal(err)
	}
	if err := m.WatchQueue(func() (int, error) { return 3, nil }); err == nil {
		t.Error("a second WatchQueue: no error")
	}
	s, err := m.Serve("127.0.0.1:0", zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`citeloop_batch_leads_total{outcome="refused"} 1`, "citeloop_batch_queue_depth 2", "go_goroutines"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if _, err := m.Serve(strings.TrimPrefix(strings.TrimSuffix(s.URL, "/metrics"), "http://"), zaptest.NewLogger(t)); err == nil {
		t.Error("Serve on an address in use: no error")
	}
	s.Close()
	if _, err := http.Get(s.URL); err == nil {
		t.Error("the server still answers after Close")
	}
}
