package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/robfig/cron/v3"
	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch/report"
)

// scheduleFlags make batch run the same leads file again on a schedule,
// one folder per night.
type scheduleFlags struct {
	cron  string
	every time.Duration
}

func (f *scheduleFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.cron, "schedule", "", `run the batch on this cron schedule (5 fields, local time, e.g. "0 2 * * *") until interrupted, each night into --out/<date>/`)
	fs.DurationVar(&f.every, "every", 0, "run the batch this often (e.g. 24h) until interrupted, each night into --out/<date>/")
}

func (f *scheduleFlags) active() bool { return f.cron != "" || f.every != 0 }

// schedule parses the flags; a usage error names the bad one.
func (f *scheduleFlags) schedule() (cron.Schedule, error) {
	switch {
	case f.cron != "" && f.every != 0:
		return nil, usageError("--schedule and --every: give one, not both")
	case f.every < 0:
		return nil, usageError("--every must be positive, got %s", f.every)
	case f.every > 0:
		if f.every < time.Minute {
			return nil, usageError("--every %s: at least 1m between nights", f.every)
		}
		return cron.Every(f.every), nil
	}
	s, err := cron.ParseStandard(f.cron)
	if err != nil {
		return nil, usageError("--schedule %q: %v", f.cron, err)
	}
	return s, nil
}

// waitUntil sleeps until t or until ctx is done. The app's wait replaces
// it in tests, which drive the nights with a fake clock.
func waitUntil(ctx context.Context, t time.Time) error {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// runNights runs the batch of file at each time of the schedule, into
// --out/<date>/ with its own report, and after each night rewrites
// --out/index.html listing them. A night that ends badly (a lead that did
// not verify with --fail-on, a leads file broken since yesterday) is logged
// and the next night still runs; only an interruption ends the loop.
func runNights(ctx context.Context, a *app, o *batchOptions, file string) error {
	sched, err := o.schedule.schedule()
	if err != nil {
		return err
	}
	if o.enqueueOnly {
		return usageError("--schedule and --every run the leads here: not with --enqueue-only")
	}
	if err := checkOutDir(o.out); err != nil {
		return err
	}
	wait := a.wait
	if wait == nil {
		wait = waitUntil
	}
	root := o.out
	for {
		next := sched.Next(a.now())
		a.logger.Info("next night", zap.Time("at", next))
		if err := wait(ctx, next); err != nil {
			return err
		}
		night := *o
		night.out = filepath.Join(root, nightName(root, next))
		err := runBatchFile(ctx, a, &night, file)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			a.logger.Warn("night ended with an error", zap.String("night", night.out), zap.Error(err))
		}
		if _, err := report.WriteIndex(root); err != nil {
			a.logger.Warn("index not written", zap.String("dir", root), zap.Error(err))
		}
		fmt.Fprintf(a.stdout, "night %s done; %s\n", night.out, filepath.Join(root, report.IndexFile))
	}
}

// nightName is the folder of the night starting at t: its date, or its
// date and time when the folder of that date exists already (a schedule
// that runs more than once a day).
func nightName(root string, t time.Time) string {
	name := t.Format("2006-01-02")
	if _, err := os.Stat(filepath.Join(root, name)); err == nil {
		name = t.Format("2006-01-02T150405")
	}
	return name
}
