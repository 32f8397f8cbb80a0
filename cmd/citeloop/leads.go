package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
	"github.com/citeloop/citeloop/pipeline/collect"
)

// SummaryFile records, in --out, what a --leads run did for each lead.
const SummaryFile = "summary.json"

// leadOutcome is one lead's line in summary.json.
type leadOutcome struct {
	ID        string             `json:"id"`
	Dir       string             `json:"dir"`
	EndReason pipeline.EndReason `json:"end_reason"`
	Detail    string             `json:"detail"`
	// Skipped is set when a verified brief from an earlier run was kept.
	Skipped bool `json:"skipped,omitempty"`
}

type leadsSummary struct {
	File        string        `json:"file"`
	InvalidRows []string      `json:"invalid_rows,omitempty"`
	Leads       []leadOutcome `json:"leads"`
}

// runLeads runs every valid lead of --leads in turn, each into its own
// directory under --out, and keeps summary.json up to date after each lead
// so that an interrupted run leaves an accurate record. Leads whose
// directory already holds a verified brief are skipped: rerunning the same
// command resumes the job.
func runLeads(ctx context.Context, a *app, o *briefOptions, runner *pipeline.Runner, formats []pipeline.Format) error {
	leads, loadErr := collect.LoadLeads(o.collect.leads)
	sum := leadsSummary{File: o.collect.leads, Leads: []leadOutcome{}}
	if loadErr != nil {
		if len(leads) == 0 {
			return usageError("--leads: %v", loadErr)
		}
		for _, e := range collect.RowErrors(loadErr) {
			sum.InvalidRows = append(sum.InvalidRows, e.Error())
			fmt.Fprintf(a.stderr, "citeloop: --leads: skipping invalid row: %v\n", e)
		}
	}
	dirs := map[string]bool{}
	var firstFailure error
	for i, lead := range leads {
		dir := leadDir(lead, i)
		if dirs[dir] {
			msg := fmt.Sprintf("%s: lead %q: id is used by an earlier lead", o.collect.leads, dir)
			sum.InvalidRows = append(sum.InvalidRows, msg)
			fmt.Fprintf(a.stderr, "citeloop: --leads: skipping invalid row: %s\n", msg)
			continue
		}
		dirs[dir] = true
		out := filepath.Join(o.out, dir)
		fmt.Fprintf(a.stdout, "== lead %s (%s)\n", dir, lead.Describe())
		if pipeline.HasBrief(out, formats) {
			fmt.Fprintf(a.stdout, "verified earlier: %s kept\n", out)
			sum.Leads = append(sum.Leads, leadOutcome{ID: dir, Dir: out, EndReason: pipeline.Verified, Detail: "verified by an earlier run", Skipped: true})
			continue
		}
		res, err := runOne(ctx, a, runner, lead, out, formats, o.report)
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			// An internal error on one lead is recorded and the job goes on.
			res = pipeline.Result{Reason: "error", Detail: err.Error()}
			fmt.Fprintf(a.stdout, "error: %v\n", err)
			if firstFailure == nil {
				firstFailure = err
			}
		} else if firstFailure == nil {
			firstFailure = outcome(res)
		}
		sum.Leads = append(sum.Leads, leadOutcome{ID: dir, Dir: out, EndReason: res.Reason, Detail: res.Detail})
		if err := writeSummary(o.out, sum); err != nil {
			return err
		}
		a.logger.Info("lead done", zap.String("lead", dir), zap.String("end_reason", string(res.Reason)), zap.Int("done", i+1), zap.Int("leads", len(leads)))
	}
	if err := writeSummary(o.out, sum); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "%d leads: %s written\n", len(sum.Leads), filepath.Join(o.out, SummaryFile))
	if len(sum.InvalidRows) > 0 {
		return usageError("--leads: %d invalid row(s) skipped; see %s", len(sum.InvalidRows), filepath.Join(o.out, SummaryFile))
	}
	return firstFailure
}

func writeSummary(dir string, sum leadsSummary) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return pipeline.WriteFileAtomic(filepath.Join(dir, SummaryFile), data)
}

var unsafePath = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// leadDir is the directory name of a lead: its id made safe for a path, or
// its position among the valid leads when it has none (give leads ids for
// runs that must resume reliably after the file is edited).
func leadDir(l contract.Lead, i int) string {
	id := strings.Trim(unsafePath.ReplaceAllString(l.ID, "_"), "._")
	if id == "" {
		return fmt.Sprintf("lead-%04d", i+1)
	}
	return id
}
