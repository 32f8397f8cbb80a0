package batch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"
)

// WorkerRun says how RunWorker works a queue.
type WorkerRun struct {
	// DatabaseURL is the PostgreSQL queue that batch --enqueue-only (or
	// RunFile with EnqueueOnly) filled, or that the nights share; "" is
	// the embedded SQLite file in Out, which the process locks (one
	// machine).
	DatabaseURL string
	// Out receives the nights' folders (with Nightly) and, without a
	// DatabaseURL, holds the embedded database. A worker without Nightly
	// on a shared database writes nothing: outcomes are stored with their
	// jobs, and Export gathers them.
	Out string
	// Config is the engine's: it needs a Runner; OutDir is set to Out.
	Config Config
	// Nightly, when set, runs its leads file(s) and watch at each time of
	// its schedule (River's periodic jobs): on a shared database only
	// River's elected leader enqueues each night, once, and every worker
	// works its leads.
	Nightly *Nightly
	// Drain makes RunWorker return once no lead is left to run in the
	// queue; otherwise it works until ctx is done.
	Drain bool
	// Monitor reports on the worker while it runs.
	Monitor Monitor
}

// RunWorker takes leads from the queue and runs them, Concurrency at a
// time, and with Nightly runs the nights too, until ctx is done (then it
// returns ctx's error) or, with Drain, until the queue has no lead left
// (then nil). Either way it stops as RunFile does: running leads finish
// within StopGrace or go back to the queue for the next worker. A write
// that no retry heals stops it at once with its *OutputError. An error
// that is ErrStart means no lead ran.
func RunWorker(ctx context.Context, r WorkerRun) error {
	switch {
	case r.DatabaseURL == "" && r.Out == "":
		return startError{errors.New("batch: a worker needs a shared database or an output folder for its own queue")}
	case r.Nightly != nil && r.Out == "":
		return startError{errors.New("batch: nights need an output folder")}
	case r.Config.Runner == nil:
		return errors.New("batch: RunWorker needs a Runner")
	}
	mon, err := r.Monitor.start(r.Config.logger(), 0)
	if err != nil {
		return err
	}
	defer mon.close()
	if r.Out != "" {
		if err := makeDir(r.Out); err != nil {
			return err
		}
	}
	if r.DatabaseURL == "" {
		unlock, err := LockDir(r.Out)
		if err != nil {
			return startError{fmt.Errorf("output folder: %w", err)}
		}
		defer unlock()
	}
	store, err := Open(ctx, r.DatabaseURL, r.Out)
	if err != nil {
		return err
	}
	defer store.Close()
	cfg := mon.observe(r.Config)
	cfg.OutDir = r.Out
	if r.Nightly != nil {
		nightly := *r.Nightly
		cfg.Nightly = &nightly
	}
	e, err := New(store, cfg)
	if err != nil {
		return startError{err}
	}
	mon.watch(e)
	if err := mon.serveUI(e); err != nil {
		return err
	}
	defer mon.stopUI() // before the database closes
	if store.embedded {
		if n, err := e.ReleaseOrphans(ctx); err != nil {
			return err
		} else if n > 0 {
			e.cfg.Logger.Info("jobs left running by a process that died were released", zap.Int("jobs", n))
		}
	}
	if e.nights != nil {
		e.nights.stop = ctx
	}
	if err := e.Work(ctx); err != nil {
		return err
	}
	if cfg.Nightly != nil {
		if err := e.catchUp(ctx); err != nil {
			e.cfg.Logger.Warn("missed nights not caught up", zap.Error(err))
		}
		catching := make(chan struct{})
		defer func() { <-catching }()
		go func() { defer close(catching); e.keepCatchingUp(ctx) }()
		e.cfg.Logger.Info("nights scheduled", zap.String("database", store.Name), zap.String("out", r.Out), zap.Bool("leads", cfg.Nightly.File != ""), zap.Bool("watch", cfg.Nightly.Watch != nil))
	}
	e.cfg.Logger.Info("worker started", zap.String("database", store.Name), zap.Int("concurrency", e.cfg.Concurrency))
	var waitErr error
	if r.Drain {
		waitErr = e.Wait(ctx, "")
	} else {
		select {
		case <-ctx.Done():
			waitErr = ctx.Err()
		case <-e.halted:
			waitErr = e.haltErr
		}
	}
	var stopErr error
	if e.Halted() != nil {
		stopErr = e.stopNow(ctx)
	} else {
		stopErr = e.shutdown(ctx)
	}
	if stopErr != nil && waitErr == nil {
		return stopErr
	}
	if stopErr != nil {
		return errors.Join(waitErr, stopErr)
	}
	return waitErr
}

// stopNow stops e at once after a write no retry heals: running leads are
// cancelled (they would fail the same way) and go back to the queue.
func (e *Engine) stopNow(ctx context.Context) error {
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := e.client.StopAndCancel(stopCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("batch: stop: %w", err)
	}
	return nil
}

// shutdown stops e on a context of its own: after a signal the running
// leads still get StopGrace to finish, and a little more to record their
// outcomes.
func (e *Engine) shutdown(ctx context.Context) error {
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.StopGrace+30*time.Second)
	defer cancel()
	return e.Stop(stopCtx)
}
