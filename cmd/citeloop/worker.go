package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/spf13/cobra"

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
	mon := o.monitor.monitor(a, 0)
	runner, err := o.runner(a)
	if err != nil {
		return err
	}
	err = batch.RunWorker(ctx, batch.WorkerRun{DatabaseURL: o.databaseURL, Config: o.engineConfig(a, runner, ""), Drain: drain, Monitor: mon})
	switch {
	case errors.Is(err, batch.ErrStart):
		return usageError("%v", err)
	case err == nil:
		fmt.Fprintln(a.stdout, "queue drained")
	}
	return err
}
