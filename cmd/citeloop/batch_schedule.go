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
	"github.com/citeloop/citeloop/verify"
)

// scheduleFlags make batch and worker run nights on a schedule, one folder
// per night: the schedule itself (--schedule or --every) and the
// retraction watch of each night (--watch). The configuration's schedule
// section gives what the flags do not.
type scheduleFlags struct {
	cron  string
	every time.Duration
	watch string
}

// register adds the flags; config says they default from the
// configuration's schedule section (worker), or not (batch, where a
// schedule is asked for on the command line only).
func (f *scheduleFlags) register(fs *pflag.FlagSet, config bool) {
	from := func(key string) string {
		if config {
			return "; default from config: schedule." + key
		}
		return ""
	}
	fs.StringVar(&f.cron, "schedule", "", `run the nights on this cron schedule (5 fields, local time, e.g. "0 2 * * *") until interrupted, each into --out/<UTC start>/ (River periodic jobs, unique per night; one database for all nights, so unchanged leads cost no model call)`+from("cron"))
	fs.DurationVar(&f.every, "every", 0, "run the nights this often (e.g. 24h) until interrupted, as --schedule"+from("every"))
	fs.StringVar(&f.watch, "watch", "", "with --schedule or --every: re-verify the briefs under DIR online each night and report each retraction or correction once (the watch command as a periodic job)"+from("watch"))
}

// fromConfig fills the flags the command line did not set from the
// configuration's schedule section.
func (f *scheduleFlags) fromConfig(a *app, fs *pflag.FlagSet) {
	c := a.cfg.Schedule
	if !fs.Changed("schedule") && !fs.Changed("every") {
		f.cron, f.every = c.Cron, c.Every.D
	}
	if !fs.Changed("watch") {
		f.watch = c.Watch
	}
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

// nightly is the schedule's batch.Nightly: the leads (a file or a folder
// of them, "" for none) and the watch of each night, each night's report,
// the index of the nights and the metrics textfile written as it ends.
func (f *scheduleFlags) nightly(a *app, mon *monitorFlags, m batch.Monitor, leads, root string, force bool) (batch.Nightly, error) {
	sched, err := f.schedule()
	if err != nil {
		return batch.Nightly{}, err
	}
	n := batch.Nightly{Schedule: sched, Clock: a.nightClock, File: leads, Force: force,
		Ended: func(_ context.Context, n batch.Night) { nightEnded(a, mon, m, root, n) }}
	if f.watch != "" {
		dir := f.watch
		vo, err := verifyOptionsOf(a, false, "", "")
		if err != nil {
			return batch.Nightly{}, err
		}
		n.Watch = func(ctx context.Context, at time.Time) error { return watchNight(ctx, a, vo, dir, at) }
	}
	return n, nil
}

// runNights runs the batch of file at each time of the schedule on River's
// periodic jobs (batch.RunNights), each night into --out/<UTC start>/ with
// its own report, and after each night rewrites --out/index.html listing
// them. One database (--out's embedded one, or --database-url) holds every
// night, so a lead whose sources did not change since its last verified
// brief ends "unchanged". A night that ends badly (a lead that did not
// verify, a leads file broken since yesterday) is logged and the next night
// still runs; only an interruption, or an output no retry can write, ends
// the command.
func runNights(ctx context.Context, a *app, o *batchOptions, file string) error {
	switch {
	case o.enqueueOnly:
		return usageError("--schedule and --every run the leads here: not with --enqueue-only")
	case o.run != "":
		return usageError("--run names one run: with --schedule and --every each night is its own run")
	}
	if _, err := o.schedule.schedule(); err != nil {
		return err
	}
	if err := makeOutDir(o.out); err != nil {
		return err
	}
	mon := o.engine.monitor.monitor(a, 0)
	runner, err := o.engine.runner(a)
	if err != nil {
		return err
	}
	nightly, err := o.schedule.nightly(a, &o.engine.monitor, mon, file, o.out, o.force)
	if err != nil {
		return err
	}
	err = batch.RunNights(ctx, batch.NightsRun{
		Out: o.out, DatabaseURL: o.engine.databaseURL, Config: o.engine.engineConfig(a, runner, o.out), Monitor: mon, Nightly: nightly,
	})
	return workerError(err)
}

// workerError is the exit of a process that ran nights or a worker: a
// usage error for one that could not start, exit 7 for an output no retry
// can write.
func workerError(err error) error {
	switch {
	case errors.Is(err, batch.ErrStart):
		return usageError("%v", err)
	case errors.Is(err, batch.ErrOutputUnwritable):
		return &exitError{code: exitOutputUnwritable, err: fmt.Errorf("%w; stopped at once: fix it and start again, the night resumes where it stood", err)}
	}
	return err
}

// nightEnded writes the night's report, the index of the nights and the
// metrics textfile, and says so on stdout. A night whose leads file could
// not be read or held no lead is a failed night: its report says why, the
// index marks it, and the metrics count it failed.
func nightEnded(a *app, mon *monitorFlags, m batch.Monitor, root string, n batch.Night) {
	if n.Err != nil {
		a.logger.Warn("a failed night: no lead ran", zap.String("night", n.Dir), zap.Error(n.Err))
	}
	for _, e := range n.Summary.InvalidRows {
		if n.Err == nil {
			fmt.Fprintf(a.stderr, "citeloop: night %s: skipping invalid row: %s\n", filepath.Base(n.Dir), e)
		}
	}
	if err := writeReport(a, n.Dir); err != nil {
		a.logger.Warn("night report not written", zap.String("night", n.Dir), zap.Error(err))
	}
	if _, err := report.WriteIndex(root); err != nil {
		a.logger.Warn("index not written", zap.String("dir", root), zap.Error(err))
	}
	var failed error
	if n.Err != nil {
		failed = usageError("%v", n.Err)
	}
	mon.runEnded(a, m, n.Summary.StartedAt, failed)
	status := plural(n.Summary.Ended, "lead") + " ended"
	if n.Err != nil {
		status = "failed: " + n.Err.Error()
	}
	fmt.Fprintf(a.stdout, "night %s: %s; %s\n", n.Dir, status, filepath.Join(root, report.IndexFile))
}

// watchNight re-verifies the briefs under dir online, as the watch command
// does, and reports on stdout each retraction or correction found since
// the last watch (verify.Watch keeps the state in dir).
func watchNight(ctx context.Context, a *app, vo verify.Options, dir string, at time.Time) error {
	rep, err := verify.Watch(ctx, dir, vo, time.Now())
	if err != nil {
		return err
	}
	for _, b := range rep.Briefs {
		for _, n := range b.News {
			fmt.Fprintf(a.stdout, "news    %s: %s\n", filepath.Join(dir, b.Path), n.Detail)
		}
	}
	a.logger.Info("night watched", zap.String("night", batch.NightFolder(at)), zap.String("dir", dir), zap.Int("briefs", len(rep.Briefs)), zap.Int("news", rep.News), zap.Int("unknown", rep.Unknown))
	fmt.Fprintf(a.stdout, "watch %s: %s, %d with news, %d unknown; %s\n", dir, plural(len(rep.Briefs), "brief"), rep.News, rep.Unknown, filepath.Join(dir, verify.ReportHTMLFile))
	return nil
}
