package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/pipeline"
)

// runLeads runs every valid lead of --leads (see engine.RunLeads) and prints
// each as it goes. The exit code is 2 if a row was invalid, else that of
// the first lead that did not verify.
func runLeads(ctx context.Context, a *app, o *briefOptions, b *engine.Briefer) error {
	job, err := engine.LoadLeadsJob(o.collect.leads, o.out)
	if err != nil {
		return usageError("--leads: %v", err)
	}
	job.Report = o.report
	for _, e := range job.InvalidRows {
		fmt.Fprintf(a.stderr, "citeloop: --leads: skipping invalid row: %s\n", e)
	}
	var firstFailure error
	n := 0 // leads started: [n/len(job.Leads)] says how far the job is
	sum, err := engine.RunLeads(ctx, b, job, engine.Observer{
		Invalid: func(msg string) { fmt.Fprintf(a.stderr, "citeloop: --leads: skipping invalid row: %s\n", msg) },
		Started: func(dir string, lead contract.Lead) {
			n++
			fmt.Fprintf(a.stdout, "== [%d/%d] lead %s (%s)\n", n, len(job.Leads), dir, lead.Describe())
		},
		Done: func(d engine.LeadDone) {
			switch {
			case d.Summary.Skipped:
				fmt.Fprintf(a.stdout, "verified earlier: %s kept\n", d.Summary.Dir)
				return
			case d.Outcome.Reason == pipeline.Errored:
				fmt.Fprintf(a.stdout, "error: %s\n", d.Outcome.Detail)
			default:
				publishPrint(a, d.Summary.Dir, d.Outcome, d.Published)
			}
			if firstFailure == nil {
				firstFailure = outcome(d.Outcome)
			}
		},
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%d leads: %s written\n", len(sum.Leads), filepath.Join(o.out, engine.SummaryFile))
	if len(sum.InvalidRows) > 0 {
		return usageError("--leads: %d invalid row(s) skipped; see %s", len(sum.InvalidRows), filepath.Join(o.out, engine.SummaryFile))
	}
	return firstFailure
}
