package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
)

// monitorFlags choose how a running batch or worker shows its progress.
type monitorFlags struct {
	uiAddr          string
	metricsAddr     string
	metricsTextfile string
	progressEvery   time.Duration
	progressDelay   time.Duration
}

func (f *monitorFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.uiAddr, "ui-addr", "", "serve River's UI (riverqueue.com/riverui) over the queue's database at http://ADDR/ while running (e.g. 127.0.0.1:8081); an address other than loopback needs "+batch.UITokenEnv)
	fs.StringVar(&f.metricsAddr, "metrics-addr", "", "serve Prometheus metrics at http://ADDR/metrics while running (e.g. 127.0.0.1:9464)")
	fs.StringVar(&f.metricsTextfile, "metrics-textfile", "", "write the final metrics to FILE atomically for node_exporter's textfile collector (e.g. /var/lib/node_exporter/citeloop.prom), with the last success time")
	fs.DurationVar(&f.progressEvery, "progress-every", 10*time.Second, "when stderr is not a terminal, log the counts this often")
	fs.DurationVar(&f.progressDelay, "progress-delay", progress.DefaultDelay, "on a terminal, draw the progress bar once the run has lasted this long")
	_ = fs.MarkHidden("progress-delay")
}

// monitor is how a batch of total leads (0 when unknown, as for a worker)
// reports on itself: the tally's log lines, unless a bar draws the tally on
// a terminal (see bar), and with --metrics-addr the metrics. Call it before
// the Briefer is built: the engine's oracles count their requests into
// these metrics.
func (f *monitorFlags) monitor(a *app, total int) batch.Monitor {
	m := batch.Monitor{Tally: batch.NewTally(total, nil), MetricsAddr: f.metricsAddr, UIAddr: f.uiAddr, UIToken: a.getenv(batch.UITokenEnv)}
	if f.metricsAddr != "" || f.metricsTextfile != "" {
		m.Metrics = metrics.New(metrics.NewRegistry())
		a.oracleRequests = m.Metrics.OracleRequest
	}
	if f.metricsTextfile != "" {
		// The last success of an earlier run stands until this one
		// succeeds, on the live endpoint and in the file.
		if err := m.Metrics.SeedFromTextfile(f.metricsTextfile); err != nil {
			a.logger.Warn("the metrics textfile cannot be read; its last success is lost", zap.Error(err))
		}
	}
	if total == 0 || !progress.IsTerminal(a.stderr) {
		m.LogEvery, m.LogFinal = f.progressEvery, true
	}
	return m
}

// runEnded records in m's metrics a run (a batch, a night) that took from
// started to now and ended with err, successful without an infrastructure
// error when its exit code is 0 or 3, and writes the textfile.
func (f *monitorFlags) runEnded(a *app, m batch.Monitor, started time.Time, err error) {
	if m.Metrics == nil {
		return
	}
	code := exitCode(err)
	m.Metrics.RunEnded(started, time.Now(), code == exitOK || code == exitNotVerified)
	if f.metricsTextfile == "" {
		return
	}
	if err := m.Metrics.WriteTextfile(f.metricsTextfile); err != nil {
		a.logger.Warn("metrics textfile not written", zap.String("path", f.metricsTextfile), zap.Error(err))
	}
}

// bar is the bar that draws m's tally on a terminal; nil when m logs its
// lines instead. It reads the tally at each redraw: done/total, the counts,
// the pace over the time leads were running and the time left, as the log
// lines compute them.
func (f *monitorFlags) bar(a *app, label string, m batch.Monitor) *progress.Bar {
	if m.LogFinal {
		return nil
	}
	return progress.New(a.stderr, progress.Options{Label: label, Total: m.Tally.Counts().Total,
		Source: func() progress.Snapshot { return barOf(m.Tally.Counts()) }, Delay: f.progressDelay})
}

// barOf is what the bar draws of c.
func barOf(c batch.Counts) progress.Snapshot {
	s := progress.Snapshot{Done: c.Done(), Total: c.Total, Counts: []progress.Count{
		{Name: batch.CountVerified, N: c.Verified}, {Name: batch.CountUnchanged, N: c.Unchanged},
		{Name: batch.CountRefused, N: c.Refused}, {Name: batch.CountFailed, N: c.Failed},
	}}
	if c.Retried > 0 {
		s.Counts = append(s.Counts, progress.Count{Name: batch.CountRetried, N: c.Retried})
	}
	if c.Working > 0 {
		s.Rate = fmt.Sprintf("%.1f leads/min", c.PerMinute())
	}
	s.ETA, s.ETAKnown = c.ETA()
	return s
}
