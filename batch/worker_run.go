package batch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"
)

// WorkerRun says how RunWorker works a shared queue.
type WorkerRun struct {
	// DatabaseURL is the PostgreSQL queue that batch --enqueue-only (or
	// RunFile with EnqueueOnly) filled.
	DatabaseURL string
	// Config is the engine's: it needs a Runner. Outcomes are stored with
	// their jobs, not written to a folder: gather them with Export.
	Config Config
	// Drain makes RunWorker return once no lead is left to run in the
	// queue; otherwise it works until ctx is done.
	Drain bool
	// Monitor reports on the worker while it runs.
	Monitor Monitor
}

// RunWorker takes leads from the shared queue and runs them, Concurrency at
// a time, until ctx is done (then it returns ctx's error) or, with Drain,
// until the queue has no lead left (then nil). Either way it stops as
// RunBatch does: running leads finish within StopGrace or go back to the
// queue for the next worker. An error that is ErrStart means no lead ran.
func RunWorker(ctx context.Context, r WorkerRun) error {
	if r.DatabaseURL == "" {
		return startError{errors.New("batch: a worker needs a shared database")}
	}
	if r.Config.Runner == nil {
		return errors.New("batch: RunWorker needs a Runner")
	}
	store, err := Open(ctx, r.DatabaseURL, "")
	if err != nil {
		return err
	}
	defer store.Close()
	mon, err := r.Monitor.start(r.Config.logger(), 0)
	if err != nil {
		return err
	}
	defer mon.close()
	e, err := New(store, mon.observe(r.Config))
	if err != nil {
		return err
	}
	mon.watch(e)
	if err := e.Work(ctx); err != nil {
		return err
	}
	e.cfg.Logger.Info("worker started", zap.String("database", store.Name), zap.Int("concurrency", e.cfg.Concurrency))
	var waitErr error
	if r.Drain {
		waitErr = e.Wait(ctx, "")
	} else {
		<-ctx.Done()
		waitErr = ctx.Err()
	}
	if err := e.shutdown(ctx); err != nil && waitErr == nil {
		waitErr = err
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
