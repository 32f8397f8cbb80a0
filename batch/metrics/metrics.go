// Package metrics exports a batch's progress as Prometheus series and serves
// them: leads by outcome, retries, the gate's failures by reason, model
// calls, tokens and latencies, oracle requests and their latencies, and the
// queue's depth. It is a batch.Observer, so it counts exactly the outcomes
// the engine records, in the process that ran them, from their
// contract.Metrics; oracle requests are counted one by one as they are made
// (OracleRequest). A worker fleet is summed by Prometheus across its
// scrapes.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// Metrics holds the series. Its methods are safe for concurrent use.
type Metrics struct {
	reg          *prometheus.Registry
	leads        *prometheus.CounterVec
	retries      *prometheus.CounterVec
	leadDuration prometheus.Histogram
	iterations   prometheus.Histogram
	gateFailures *prometheus.CounterVec
	citations    prometheus.Counter
	gateDuration prometheus.Histogram
	modelCalls   *prometheus.CounterVec
	modelLatency *prometheus.HistogramVec
	tokens       *prometheus.CounterVec
	oracleReqs   *prometheus.CounterVec
	oracleTime   *prometheus.HistogramVec
	runs         *prometheus.CounterVec
	lastSuccess  prometheus.Gauge
	lastDuration prometheus.Gauge
	lastEnd      prometheus.Gauge
}

// NewRegistry is a registry with the Go runtime's and the process's
// collectors, for New: what a batch serves.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// New registers the series on reg, which Serve serves. Build it before the
// engine, so that OracleRequest can be the engine's request hook
// (engine.Deps.OracleRequests); the queue's depth joins once the queue is
// open (WatchQueue).
func New(reg *prometheus.Registry) *Metrics {
	m := &Metrics{
		reg: reg,
		leads: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_batch_leads_total",
			Help: "Leads that ended in this process, by outcome (end reason)."}, []string{"outcome"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_batch_lead_retries_total",
			Help: "Lead attempts that failed in a way that may pass and will run again, by end reason."}, []string{"reason"}),
		leadDuration: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "citeloop_batch_lead_duration_seconds",
			Help: "Duration of a lead's maker/checker run (not of an unchanged lead, which runs none).", Buckets: prometheus.ExponentialBuckets(0.5, 2, 12)}),
		iterations: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "citeloop_batch_lead_iterations",
			Help: "Writer, skeptic and gate passes per lead run.", Buckets: prometheus.LinearBuckets(0, 1, 8)}),
		gateFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_gate_failures_total",
			Help: "Citations the gate rejected on any pass, by reason code."}, []string{"reason"}),
		citations: prometheus.NewCounter(prometheus.CounterOpts{Name: "citeloop_gate_citations_total",
			Help: "Citations the gate checked against the ledger and the oracle, over every pass."}),
		gateDuration: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "citeloop_gate_duration_seconds",
			Help: "Duration of one gate pass, oracle lookups included.", Buckets: prometheus.ExponentialBuckets(0.001, 4, 10)}),
		modelCalls: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_model_calls_total",
			Help: "Model calls, by role (writer, skeptic)."}, []string{"role"}),
		modelLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "citeloop_model_call_duration_seconds",
			Help: "Latency of a model call, by role (a pass's latency over its calls).", Buckets: prometheus.ExponentialBuckets(0.05, 2, 12)}, []string{"role"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_model_tokens_total",
			Help: "Model tokens, by role and kind (prompt, output, thinking)."}, []string{"role", "kind"}),
		oracleReqs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_oracle_requests_total",
			Help: "HTTP requests to oracle services, each retry counted, collection searches included, by oracle and code (the HTTP status, or timeout, canceled, error)."}, []string{"oracle", "code"}),
		oracleTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "citeloop_oracle_request_duration_seconds",
			Help: "Latency of one HTTP request to an oracle service, to the response's headers, by oracle.", Buckets: prometheus.ExponentialBuckets(0.01, 2, 12)}, []string{"oracle"}),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "citeloop_batch_runs_total",
			Help: "Runs (a batch, or a night of a schedule) that ended in this process, by result: ok, or failed (an infrastructure error, or a leads file that could not be read or held no lead)."}, []string{"result"}),
		lastSuccess: prometheus.NewGauge(prometheus.GaugeOpts{Name: LastSuccessMetric,
			Help: "End of the last run that finished without an infrastructure error (exit 0 or 3), in seconds since 1970; kept across runs by the textfile (0: none yet)."}),
		lastDuration: prometheus.NewGauge(prometheus.GaugeOpts{Name: "citeloop_batch_last_run_duration_seconds",
			Help: "Wall time of the last run that ended, however it ended."}),
		lastEnd: prometheus.NewGauge(prometheus.GaugeOpts{Name: "citeloop_batch_last_run_timestamp_seconds",
			Help: "End of the last run that ended, however it ended, in seconds since 1970."}),
	}
	reg.MustRegister(m.leads, m.retries, m.leadDuration, m.iterations, m.gateFailures, m.citations,
		m.gateDuration, m.modelCalls, m.modelLatency, m.tokens, m.oracleReqs, m.oracleTime,
		m.runs, m.lastSuccess, m.lastDuration, m.lastEnd)
	return m
}

// LastSuccessMetric is the series a cron batch is alerted on: the time
// since it grows past a night and a margin when the nightly run stopped
// succeeding.
const LastSuccessMetric = "citeloop_batch_last_success_timestamp_seconds"

// RunEnded records a run that took from started to ended: ok when it
// finished without an infrastructure error (the CLI's exit 0 or 3, a night
// whose leads file was read).
func (m *Metrics) RunEnded(started, ended time.Time, ok bool) {
	result := "failed"
	if ok {
		result = "ok"
		m.lastSuccess.Set(unixSeconds(ended))
	}
	m.runs.WithLabelValues(result).Inc()
	m.lastEnd.Set(unixSeconds(ended))
	if !started.IsZero() {
		m.lastDuration.Set(ended.Sub(started).Seconds())
	}
}

func unixSeconds(t time.Time) float64 { return float64(t.UnixNano()) / 1e9 }

// WatchQueue adds the queue's depth (leads without an outcome), read with
// depth at each scrape. A batch calls it once its queue is open; a second
// call is an error.
func (m *Metrics) WatchQueue(depth func() (int, error)) error {
	return m.reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "citeloop_batch_queue_depth",
		Help: "Leads in the queue without an outcome, read at each scrape; -1 when the queue cannot be read."},
		func() float64 {
			n, err := depth()
			if err != nil {
				return -1
			}
			return float64(n)
		}))
}

// LeadEnded implements batch.Observer.
func (m *Metrics) LeadEnded(_ string, o contract.Outcome) {
	m.leads.WithLabelValues(string(o.Reason)).Inc()
	m.run(o)
}

// OracleRequest counts one HTTP request to an oracle service, as it
// happens (engine.Deps.OracleRequests).
func (m *Metrics) OracleRequest(r oracles.Request) {
	m.oracleReqs.WithLabelValues(r.Oracle, r.Code()).Inc()
	m.oracleTime.WithLabelValues(r.Oracle).Observe(r.Took.Seconds())
}

// LeadRetried implements batch.Observer: the failed attempt's calls and
// tokens were spent too.
func (m *Metrics) LeadRetried(_ string, o contract.Outcome) {
	m.retries.WithLabelValues(string(o.Reason)).Inc()
	m.run(o)
}

// run counts the maker/checker run behind an outcome, if it had one.
func (m *Metrics) run(o contract.Outcome) {
	// An unchanged lead ran nothing, and a lead the batch ended without a
	// run (a failed collection, a deadline) has no metrics: a run's have
	// its start.
	if o.Reason == contract.Unchanged || o.Metrics.StartedAt.IsZero() {
		return
	}
	pm := o.Metrics
	m.leadDuration.Observe(pm.Duration.Seconds())
	m.iterations.Observe(float64(len(pm.Iterations)))
	for _, it := range pm.Iterations {
		for reason, n := range it.Reasons {
			m.gateFailures.WithLabelValues(string(reason)).Add(float64(n))
		}
		m.citations.Add(float64(it.Citations))
		m.gateDuration.Observe(it.GateTime.Seconds())
		m.usage("writer", it.Writer)
		m.usage("skeptic", it.Skeptic)
	}
}

func (m *Metrics) usage(role string, u contract.Usage) {
	if u.Calls == 0 {
		return
	}
	m.modelCalls.WithLabelValues(role).Add(float64(u.Calls))
	per := u.Latency / time.Duration(u.Calls)
	for range u.Calls {
		m.modelLatency.WithLabelValues(role).Observe(per.Seconds())
	}
	m.tokens.WithLabelValues(role, "prompt").Add(float64(u.PromptTokens))
	m.tokens.WithLabelValues(role, "output").Add(float64(u.OutputTokens))
	m.tokens.WithLabelValues(role, "thinking").Add(float64(u.ThinkingTokens))
}
