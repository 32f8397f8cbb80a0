package batch

import (
	"context"
	"errors"

	"go.uber.org/zap"
)

// NightsRun says how RunNights runs a leads file each night.
type NightsRun struct {
	// Out receives one folder per night and, by default, the embedded
	// database that every night shares.
	Out string
	// DatabaseURL is a PostgreSQL queue shared by several machines; ""
	// is the embedded SQLite file in Out, which the process locks. On a
	// shared database only River's elected leader enqueues the nights;
	// every process works their leads.
	DatabaseURL string
	// Config is the engine's: it needs a Runner; OutDir is set to Out.
	Config  Config
	Nightly Nightly
	// Monitor reports on the nights while they run.
	Monitor Monitor
}

// RunNights runs r.Nightly's leads file at each time of its schedule until
// ctx is done, then stops as RunBatch does (running leads finish within
// StopGrace or are released) and returns ctx's error. A night interrupted
// midway is resumed, in its folder, by the next process on the same
// database; its leads stay queued. An error that is ErrStart means no night
// could start.
func RunNights(ctx context.Context, r NightsRun) error {
	if r.Out == "" {
		return startError{errors.New("batch: no output folder")}
	}
	if r.Config.Runner == nil {
		return errors.New("batch: RunNights needs a Runner")
	}
	mon, err := r.Monitor.start(r.Config.logger(), 0)
	if err != nil {
		return err
	}
	defer mon.close()
	if err := makeDir(r.Out); err != nil {
		return err
	}
	if r.DatabaseURL == "" {
		unlock, err := LockDir(r.Out)
		if err != nil {
			return startError{err}
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
	nightly := r.Nightly
	cfg.Nightly = &nightly
	e, err := New(store, cfg)
	if err != nil {
		return startError{err}
	}
	mon.watch(e)
	if store.embedded {
		if n, err := e.ReleaseOrphans(ctx); err != nil {
			return err
		} else if n > 0 {
			e.cfg.Logger.Info("jobs left running by a process that died were released", zap.Int("jobs", n))
		}
	}
	e.nights.stop = ctx
	if err := e.Work(ctx); err != nil {
		return err
	}
	e.cfg.Logger.Info("nights scheduled", zap.String("database", store.Name), zap.String("out", r.Out))
	<-ctx.Done()
	if err := e.shutdown(ctx); err != nil {
		return errors.Join(ctx.Err(), err)
	}
	return ctx.Err()
}
