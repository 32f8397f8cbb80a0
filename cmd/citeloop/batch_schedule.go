package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/robfig/cron/v3"
	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/report"
)

// scheduleFlags make batch run the same leads file again on a schedule,
// one folder per night.
type scheduleFlags struct {
	cron  string
	every time.Duration
}

func (f *scheduleFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.cron, "schedule", "", `run the batch on this cron schedule (5 fields, local time, e.g. "0 2 * * *") until interrupted, each night into --out/<date>/ (River periodic jobs; one database for all nights, so unchanged leads cost no model call)`)
	fs.DurationVar(&f.every, "every", 0, "run the batch this often (e.g. 24h) until interrupted, each night into --out/<date>/, as --schedule")
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

// runNights runs the batch of file at each time of the schedule on River's
// periodic jobs (batch.RunNights), each night into --out/<date>/ with its
// own report, and after each night rewrites --out/index.html listing them.
// One database (--out's embedded one, or --database-url) holds every night,
// so a lead whose sources did not change since its last verified brief
// ends "unchanged". A night that ends badly (a lead that did not verify, a
// leads file broken since yesterday) is logged and the next night still
// runs; only an interruption ends the command.
func runNights(ctx context.Context, a *app, o *batchOptions, file string) error {
	sched, err := o.schedule.schedule()
	if err != nil {
		return err
	}
	switch {
	case o.enqueueOnly:
		return usageError("--schedule and --every run the leads here: not with --enqueue-only")
	case o.run != "":
		return usageError("--run names one run: with --schedule and --every each night is its own run")
	}
	if err := makeOutDir(o.out); err != nil {
		return err
	}
	mon := o.engine.monitor.monitor(a, 0)
	runner, err := o.engine.runner(a)
	if err != nil {
		return err
	}
	root := o.out
	err = batch.RunNights(ctx, batch.NightsRun{
		Out: root, DatabaseURL: o.engine.databaseURL, Config: o.engine.engineConfig(a, runner, o.out), Monitor: mon,
		Nightly: batch.Nightly{Schedule: sched, Clock: a.nightClock, File: file, Force: o.force,
			Ended: func(_ context.Context, n batch.Night) { nightEnded(a, root, n) }},
	})
	if errors.Is(err, batch.ErrStart) {
		return usageError("%v", err)
	}
	return err
}

// nightEnded writes the night's report and the index of the nights, and
// says so on stdout.
func nightEnded(a *app, root string, n batch.Night) {
	if n.Err != nil {
		a.logger.Warn("night without leads", zap.String("night", n.Dir), zap.Error(n.Err))
	}
	for _, e := range n.Summary.InvalidRows {
		fmt.Fprintf(a.stderr, "citeloop: night %s: skipping invalid row: %s\n", filepath.Base(n.Dir), e)
	}
	if err := writeReport(a, n.Dir); err != nil {
		a.logger.Warn("night report not written", zap.String("night", n.Dir), zap.Error(err))
	}
	if _, err := report.WriteIndex(root); err != nil {
		a.logger.Warn("index not written", zap.String("dir", root), zap.Error(err))
	}
	fmt.Fprintf(a.stdout, "night %s: %d leads ended; %s\n", n.Dir, n.Summary.Ended, filepath.Join(root, report.IndexFile))
}
