package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// monitorFlags choose how a running batch or worker shows its progress.
type monitorFlags struct {
	metricsAddr   string
	progressEvery time.Duration
	progressDelay time.Duration
}

func (f *monitorFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.metricsAddr, "metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics while running (e.g. 127.0.0.1:9464)")
	fs.DurationVar(&f.progressEvery, "progress-every", 10*time.Second, "when stderr is not a terminal, log the counts this often")
	fs.DurationVar(&f.progressDelay, "progress-delay", progress.DefaultDelay, "on a terminal, draw the progress bar once the run has lasted this long")
	_ = fs.MarkHidden("progress-delay")
}

// monitor is a batch.Observer that draws the progress bar (on a terminal),
// logs the counts every few seconds (elsewhere) and feeds the metrics.
type monitor struct {
	log   *zap.Logger
	bar   *progress.Bar
	met   *metrics.Metrics
	srv   *http.Server
	start time.Time
	total int
	// engine is read at each scrape for the queue depth.
	engine atomic.Pointer[batch.Engine]

	mu     sync.Mutex
	counts map[string]int
	// resumed counts the leads that had ended before this process resumed
	// the run: they are done, but not part of this process's pace.
	resumed int

	stop chan struct{}
	wg   sync.WaitGroup
	// unhook stops forwarding oracle requests to these metrics.
	unhook func()
}

// requestSink forwards oracle requests to the metrics of the batch or
// worker running in this process: the engine, and its oracles, are built
// before the monitor starts, and outlive it in tests.
type requestSink struct {
	to atomic.Pointer[func(oracles.Request)]
}

func (s *requestSink) observe(r oracles.Request) {
	if f := s.to.Load(); f != nil {
		(*f)(r)
	}
}

// Progress counters, in the order the bar shows them.
const (
	countVerified  = "verified"
	countUnchanged = "unchanged"
	countFailed    = "failed"
	countRetried   = "retried"
)

// startMonitor starts what f asks for; total is the number of leads (0 when
// unknown, as for a worker: then no bar is drawn, only counts logged).
func (f *monitorFlags) startMonitor(a *app, label string, total int) (*monitor, error) {
	m := &monitor{log: a.logger, start: time.Now(), total: total, counts: map[string]int{}, stop: make(chan struct{})}
	if f.metricsAddr != "" {
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		m.met = metrics.New(reg, m.depth)
		ln, err := net.Listen("tcp", f.metricsAddr)
		if err != nil {
			return nil, usageError("--metrics-addr %s: %v", f.metricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
		m.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		m.wg.Go(func() {
			if err := m.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				m.log.Warn("metrics server stopped", zap.Error(err))
			}
		})
		m.log.Info("metrics served", zap.String("url", "http://"+ln.Addr().String()+"/metrics"))
		count := m.met.OracleRequest
		a.requests.to.Store(&count)
		m.unhook = func() { a.requests.to.CompareAndSwap(&count, nil) }
	}
	if total > 0 && progress.IsTerminal(a.stderr) {
		m.bar = progress.New(a.stderr, progress.Options{Label: label, Total: total,
			Counters: []string{countVerified, countUnchanged, countFailed}, Delay: f.progressDelay})
	} else if f.progressEvery > 0 {
		m.wg.Go(func() {
			t := time.NewTicker(f.progressEvery)
			defer t.Stop()
			for {
				select {
				case <-m.stop:
					return
				case <-t.C:
					m.logCounts("batch progress")
				}
			}
		})
	}
	return m, nil
}

// watch makes e the engine whose queue depth the metrics report.
func (m *monitor) watch(e *batch.Engine) { m.engine.Store(e) }

func (m *monitor) depth() (int, error) {
	e := m.engine.Load()
	if e == nil {
		return 0, errors.New("no engine yet")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return e.Pending(ctx, "")
}

// counterOf is the progress counter of an end reason.
func counterOf(reason contract.EndReason) string {
	switch reason {
	case contract.Verified:
		return countVerified
	case contract.Unchanged:
		return countUnchanged
	default:
		return countFailed
	}
}

// LeadsEnded implements batch.Resumer: a resumed run's bar and counts start
// where the run stands.
func (m *monitor) LeadsEnded(byReason map[contract.EndReason]int) {
	for reason, n := range byReason {
		counter := counterOf(reason)
		m.mu.Lock()
		m.counts[counter] += n
		m.resumed += n
		m.mu.Unlock()
		m.bar.Resume(counter, n)
	}
}

// LeadEnded implements batch.Observer.
func (m *monitor) LeadEnded(key string, o contract.Outcome) {
	counter := counterOf(o.Reason)
	m.mu.Lock()
	m.counts[counter]++
	ranHere := m.done() - m.resumed
	m.mu.Unlock()
	m.bar.Add(counter, 1)
	m.bar.Status(rateOf(ranHere, time.Since(m.start)))
	if m.met != nil {
		m.met.LeadEnded(key, o)
	}
}

// LeadRetried implements batch.Observer.
func (m *monitor) LeadRetried(key string, o contract.Outcome) {
	m.mu.Lock()
	m.counts[countRetried]++
	m.mu.Unlock()
	if m.met != nil {
		m.met.LeadRetried(key, o)
	}
}

// done counts ended leads; m.mu is held.
func (m *monitor) done() int {
	return m.counts[countVerified] + m.counts[countUnchanged] + m.counts[countFailed]
}

func rateOf(done int, took time.Duration) string {
	if took <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1f leads/min", float64(done)/took.Minutes())
}

// logCounts logs the counts as one structured line: what a log reader or
// CI job sees instead of the bar.
func (m *monitor) logCounts(msg string) {
	m.mu.Lock()
	done := m.done()
	ranHere := done - m.resumed
	fields := []zap.Field{
		zap.Int("done", done), zap.Int("total", m.total),
		zap.Int(countVerified, m.counts[countVerified]), zap.Int(countUnchanged, m.counts[countUnchanged]),
		zap.Int(countFailed, m.counts[countFailed]), zap.Int(countRetried, m.counts[countRetried]),
	}
	m.mu.Unlock()
	took := time.Since(m.start)
	perMin := 0.0
	if took > 0 {
		perMin = float64(ranHere) / took.Minutes()
	}
	fields = append(fields, zap.Float64("leads_per_min", perMin))
	if ranHere > 0 && m.total > done {
		fields = append(fields, zap.Duration("eta", (took/time.Duration(ranHere)*time.Duration(m.total-done)).Round(time.Second)))
	}
	m.log.Info(msg, fields...)
}

// close stops the bar, the log lines and the metrics server.
func (m *monitor) close() {
	if m == nil {
		return
	}
	close(m.stop)
	if m.unhook != nil {
		m.unhook()
	}
	if m.bar != nil {
		m.bar.Close()
	} else {
		m.logCounts("batch progress (final)")
	}
	if m.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = m.srv.Shutdown(ctx)
	}
	m.wg.Wait()
}
