package batch

import (
	"context"
	"errors"
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
// ctx is done, as `citeloop batch --schedule` does: RunWorker with the
// nights. A night interrupted midway is resumed, in its folder, by the
// next process on the same database; its leads stay queued. An error that
// is ErrStart means no night could start.
func RunNights(ctx context.Context, r NightsRun) error {
	if r.Out == "" {
		return startError{errors.New("batch: no output folder")}
	}
	nightly := r.Nightly
	return RunWorker(ctx, WorkerRun{DatabaseURL: r.DatabaseURL, Out: r.Out, Config: r.Config, Nightly: &nightly, Monitor: r.Monitor})
}
