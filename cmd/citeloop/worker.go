package main

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch"
)

// validRun is what a run name may hold (River tags allow no more).
var validRun = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func newWorkerCmd(a *app) *cobra.Command {
	var o engineFlags
	var drain bool
	cmd := &cobra.Command{
		Use:   "worker --database-url URL [flags]",
		Short: "Take leads from a shared PostgreSQL queue and run them",
		Long: `worker runs leads that citeloop batch --enqueue-only put in a shared
PostgreSQL database, --concurrency at a time, with the same oracle and agent
flags as brief (--offline included). Outcomes are stored with their jobs:
gather them with citeloop batch export. It runs until SIGINT/SIGTERM (exit
130; running leads finish within --stop-grace or go back to the queue), or
with --drain until the queue has no lead left to run (exit 0).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.check(cmd, a); err != nil {
				return err
			}
			if o.databaseURL == "" {
				return usageError("--database-url is required: the PostgreSQL database batch --enqueue-only wrote to")
			}
			return runWorker(cmd.Context(), a, &o, drain)
		},
	}
	o.register(cmd.Flags())
	cmd.Flags().BoolVar(&drain, "drain", false, "exit once no lead is left to run in the queue")
	return cmd
}

func runWorker(ctx context.Context, a *app, o *engineFlags, drain bool) error {
	runner, err := o.runner(a)
	if err != nil {
		return err
	}
	store, err := openStore(ctx, o.databaseURL, "")
	if err != nil {
		return err
	}
	defer store.Close()
	mon, err := o.monitor.startMonitor(a, "worker", 0)
	if err != nil {
		return err
	}
	defer mon.close()
	cfg := o.engineConfig(a, runner, "")
	cfg.Observer = mon
	e, err := batch.New(store, cfg)
	if err != nil {
		return err
	}
	mon.watch(e)
	if err := e.Work(ctx); err != nil {
		return err
	}
	a.logger.Info("worker started", zap.String("database", store.Name), zap.Int("concurrency", o.concurrency))
	var waitErr error
	if drain {
		waitErr = e.Wait(ctx, "")
	} else {
		<-ctx.Done()
		waitErr = ctx.Err()
	}
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), o.stopGrace+30*time.Second)
	defer cancel()
	if err := e.Stop(stopCtx); err != nil && waitErr == nil {
		waitErr = err
	}
	if waitErr == nil {
		fmt.Fprintln(a.stdout, "queue drained")
	}
	return waitErr
}
