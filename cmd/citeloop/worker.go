package main

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/batch"
)

// validRun is what a run name may hold (River tags allow no more).
var validRun = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

type workerOptions struct {
	engine   engineFlags
	drain    bool
	schedule scheduleFlags
	leads    string
	out      string
	force    bool
}

func newWorkerCmd(a *app) *cobra.Command {
	var o workerOptions
	cmd := &cobra.Command{
		Use:   "worker [--database-url URL] [--schedule CRON --leads F -o D]",
		Short: "Run the leads of a queue, and the nights of a schedule",
		Long: `worker runs leads that citeloop batch --enqueue-only put in a shared
PostgreSQL database, --concurrency at a time, with the same oracle and agent
flags as brief (--offline included). Outcomes are stored with their jobs:
gather them with citeloop batch export.

With a schedule (--schedule or --every, or the configuration's schedule
section) it also runs the nights, as batch --schedule does: at each time the
leads file (--leads; a folder runs each of its leads files, one sub-folder
per file) is run into --out/<UTC start, e.g. 2026-12-01T020000Z>/ with its
report, and --watch DIR re-verifies the briefs under DIR online, each a
River periodic job unique per night, so several workers on one database run
each night once. A worker that was down runs the latest missed night once
and logs the ones it skipped. Without --database-url the queue is an
embedded SQLite file in --out (one machine).

It runs until SIGINT/SIGTERM (exit 130; running leads finish within
--stop-grace or go back to the queue), or with --drain until the queue has
no lead left to run (exit 0). Exit 7 when an output cannot be written (no
space, read-only, refused); 2 when it cannot start.`,
		Example: `  citeloop worker --concurrency 32 \
      --database-url postgres://citeloop@db/citeloop
  citeloop worker --offline --schedule "0 2 * * *" --leads leads.yaml \
      --out nightly/ --watch briefs/
  citeloop worker --database-url $DB --every 24h --leads leads/ --out nightly/ \
      --ui-addr 127.0.0.1:8081`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.engine.check(cmd, a); err != nil {
				return err
			}
			o.schedule.fromConfig(a, cmd.Flags())
			if !cmd.Flags().Changed("leads") {
				o.leads = a.cfg.Schedule.Leads
			}
			if !cmd.Flags().Changed("out") {
				o.out = a.cfg.Schedule.Out
			}
			return runWorker(cmd.Context(), a, &o)
		},
	}
	f := cmd.Flags()
	o.engine.register(f)
	f.Lookup("database-url").Usage = "PostgreSQL queue shared with batch --enqueue-only and other workers, postgres://user:pass@host/db (without it: an embedded SQLite file in --out, this machine only)"
	f.BoolVar(&o.drain, "drain", false, "exit once no lead is left to run in the queue")
	o.schedule.register(f, true)
	f.StringVar(&o.leads, "leads", "", "with a schedule: the leads file, or a folder of leads files, run each night; default from config: schedule.leads")
	f.StringVar(&o.out, "out", "", "with a schedule: the folder of the nights (one folder each); without --database-url also the embedded queue's; default from config: schedule.out")
	f.BoolVar(&o.force, "force", false, "with a schedule: re-write briefs even when a lead's sources did not change")
	return cmd
}

func runWorker(ctx context.Context, a *app, o *workerOptions) error {
	r := batch.WorkerRun{DatabaseURL: o.engine.databaseURL, Out: o.out, Drain: o.drain}
	switch {
	case o.schedule.active() && o.drain:
		return usageError("--drain ends the worker once its queue is empty: not with a schedule, whose nights never end")
	case o.schedule.active() && o.leads == "" && o.schedule.watch == "":
		return usageError("a schedule needs --leads (a leads file or folder) or --watch (a folder of briefs), or the config's schedule.leads or schedule.watch")
	case o.schedule.active() && o.out == "":
		return usageError("a schedule needs --out: the folder of the nights (default from config: schedule.out)")
	case !o.schedule.active() && (o.leads != "" || o.schedule.watch != ""):
		return usageError("--leads and --watch run with a schedule: give --schedule or --every (or the config's schedule.cron or schedule.every)")
	case o.engine.databaseURL == "" && o.out == "":
		return usageError("--database-url is required: the PostgreSQL database batch --enqueue-only wrote to (or --out for a queue of this machine's own)")
	}
	if o.out != "" {
		if err := makeOutDir(o.out); err != nil {
			return err
		}
	}
	r.Monitor = o.engine.monitor.monitor(a, 0)
	runner, err := o.engine.runner(a)
	if err != nil {
		return err
	}
	r.Config = o.engine.engineConfig(a, runner, o.out)
	if o.schedule.active() {
		n, err := o.schedule.nightly(a, &o.engine.monitor, r.Monitor, o.leads, o.out, o.force)
		if err != nil {
			return err
		}
		r.Nightly = &n
	}
	started := time.Now()
	err = batch.RunWorker(ctx, r)
	if !o.schedule.active() && r.Monitor.Metrics != nil {
		o.engine.monitor.runEnded(a, r.Monitor, started, err)
	}
	if err == nil {
		fmt.Fprintln(a.stdout, "queue drained")
	}
	return workerError(err)
}
