package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/metrics"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/contract"
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

// monitor is how a batch of total leads (0 when unknown, as for a worker)
// reports on itself: the tally's log lines, unless a bar draws the tally on
// a terminal (see bar), and with --metrics-addr the metrics. Call it before
// the Briefer is built: the engine's oracles count their requests into
// these metrics.
func (f *monitorFlags) monitor(a *app, total int) batch.Monitor {
	m := batch.Monitor{Tally: batch.NewTally(total, nil), MetricsAddr: f.metricsAddr}
	if f.metricsAddr != "" {
		m.Metrics = metrics.New(metrics.NewRegistry())
		a.oracleRequests = m.Metrics.OracleRequest
	}
	if total == 0 || !progress.IsTerminal(a.stderr) {
		m.LogEvery, m.LogFinal = f.progressEvery, true
	}
	return m
}

// bar is the bar that draws m's tally on a terminal; nil when m logs its
// lines instead.
func (f *monitorFlags) bar(a *app, label string, m batch.Monitor) *progressBar {
	if m.LogFinal {
		return nil
	}
	return &progressBar{tally: m.Tally, bar: progress.New(a.stderr, progress.Options{Label: label, Total: m.Tally.Counts().Total,
		Counters: []string{batch.CountVerified, batch.CountUnchanged, batch.CountFailed}, Delay: f.progressDelay})}
}

// progressBar draws a batch's tally on a terminal. It is the batch's
// Observer, which hears each ending after the tally counted it.
type progressBar struct {
	tally *batch.Tally
	bar   *progress.Bar
}

// observer is b as the batch's Observer; none without a bar.
func (b *progressBar) observer() batch.Observer {
	if b == nil {
		return nil
	}
	return b
}

// LeadEnded implements batch.Observer.
func (b *progressBar) LeadEnded(_ string, o contract.Outcome) {
	b.bar.Add(batch.Counted(o.Reason), 1)
	b.bar.Status(rateOf(b.tally.Counts()))
}

// LeadRetried implements batch.Observer; the bar does not show retries.
func (b *progressBar) LeadRetried(string, contract.Outcome) {}

// LeadsEnded implements batch.Resumer: a resumed run's bar starts where the
// run stands.
func (b *progressBar) LeadsEnded(byReason map[contract.EndReason]int) {
	for reason, n := range byReason {
		b.bar.Resume(batch.Counted(reason), n)
	}
}

// close stops the bar, if one is drawn.
func (b *progressBar) close() {
	if b != nil {
		b.bar.Close()
	}
}

func rateOf(c batch.Counts) string {
	if c.Took <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1f leads/min", c.PerMinute())
}
