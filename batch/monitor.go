package batch

import (
	"context"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch/metrics"
)

// Monitor says how a batch that works leads reports on itself while it
// runs (RunFile, RunNights, RunWorker), besides Config.Observer.
type Monitor struct {
	// Tally counts the endings; nil: the monitor keeps its own. A front end
	// that draws the counts passes the tally it reads. Config.Observer
	// hears each ending after the tally counted it.
	Tally *Tally
	// LogEvery, when positive, logs the tally as one structured line
	// ("batch progress") this often.
	LogEvery time.Duration
	// LogFinal logs the tally once more when the batch stops ("batch
	// progress (final)").
	LogFinal bool
	// Metrics, when set, hear every ending and, with the queue open, read
	// its depth at each scrape; with MetricsAddr they are served at
	// http://MetricsAddr/metrics while the batch runs.
	Metrics     *metrics.Metrics
	MetricsAddr string
	// UIAddr, when set, serves River's UI (riverqueue.com/riverui) at
	// http://UIAddr/ over the queue's database while the batch runs: a
	// loopback address, or any with UIToken, which the UI then asks for
	// (CheckUIAddr).
	UIAddr, UIToken string
}

// monitoring is a Monitor at work.
type monitoring struct {
	Monitor
	log  *zap.Logger
	srv  *metrics.Server
	ui   *uiServer
	stop chan struct{}
	wg   sync.WaitGroup
}

// start starts m for a run of total leads (0 when unknown), its lines on
// log. An address the metrics cannot be served at is ErrStart.
func (m Monitor) start(log *zap.Logger, total int) (*monitoring, error) {
	w := &monitoring{Monitor: m, log: log, stop: make(chan struct{})}
	if m.UIAddr != "" {
		if err := CheckUIAddr(m.UIAddr, m.UIToken); err != nil {
			return nil, startError{err}
		}
	}
	if w.Tally == nil {
		w.Tally = NewTally(total, nil)
	}
	if m.Metrics != nil && m.MetricsAddr != "" {
		srv, err := m.Metrics.Serve(m.MetricsAddr, log)
		if err != nil {
			return nil, startError{fmt.Errorf("%s: %w", m.MetricsAddr, err)}
		}
		w.srv = srv
		log.Info("metrics served", zap.String("url", srv.URL))
	}
	if m.LogEvery > 0 {
		w.wg.Go(func() {
			t := time.NewTicker(m.LogEvery)
			defer t.Stop()
			for {
				select {
				case <-w.stop:
					return
				case <-t.C:
					w.log.Info("batch progress", w.Tally.Counts().fields()...)
				}
			}
		})
	}
	return w, nil
}

// observe is cfg with the monitor's observers before its own.
func (w *monitoring) observe(cfg Config) Config {
	os := Observers{w.Tally}
	if w.Metrics != nil {
		os = append(os, w.Metrics)
	}
	if cfg.Observer != nil {
		os = append(os, cfg.Observer)
	}
	cfg.Observer = os
	return cfg
}

// serveUI serves River's UI over e's database, when asked; an address it
// cannot listen on is ErrStart.
func (w *monitoring) serveUI(e *Engine) error {
	if w.UIAddr == "" {
		return nil
	}
	ui, err := serveUI(e.store, w.UIAddr, w.UIToken, w.log)
	if err != nil {
		return startError{fmt.Errorf("%s: %w", w.UIAddr, err)}
	}
	w.ui = ui
	w.log.Info("river ui served", zap.String("url", ui.URL), zap.String("database", e.store.Name), zap.Bool("token", w.UIToken != ""))
	return nil
}

// watch makes e the engine whose queue depth the metrics read.
func (w *monitoring) watch(e *Engine) {
	if w.Metrics == nil {
		return
	}
	err := w.Metrics.WatchQueue(func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return e.Pending(ctx, "")
	})
	if err != nil {
		w.log.Warn("queue depth not exported", zap.Error(err))
	}
}

// close stops the log lines and the metrics server, after the final line.
func (w *monitoring) close() {
	close(w.stop)
	w.wg.Wait()
	if w.LogFinal {
		w.log.Info("batch progress (final)", w.Tally.Counts().fields()...)
	}
	if w.srv != nil {
		w.srv.Close()
	}
	w.stopUI()
}

// stopUI stops River's UI, if served; the batch stops it before it closes
// the database the UI reads.
func (w *monitoring) stopUI() {
	if w.ui != nil {
		w.ui.close()
		w.ui = nil
	}
}
