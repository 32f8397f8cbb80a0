package engine

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

// SummaryFile records, in a leads job's folder, what was done for each lead.
const SummaryFile = "summary.json"

// LeadSummary is one lead's line in summary.json.
type LeadSummary struct {
	ID        string             `json:"id"`
	Dir       string             `json:"dir"`
	EndReason pipeline.EndReason `json:"end_reason"`
	Detail    string             `json:"detail"`
	// Skipped is set when a verified brief from an earlier run was kept.
	Skipped bool `json:"skipped,omitempty"`
}

// Summary is the whole summary.json of a leads job.
type Summary struct {
	File        string        `json:"file"`
	InvalidRows []string      `json:"invalid_rows,omitempty"`
	Leads       []LeadSummary `json:"leads"`
}

// LeadsJob is a list of leads to run, each into Out/<lead dir>/.
type LeadsJob struct {
	// File names the leads file in the summary.
	File  string
	Leads []contract.Lead
	// InvalidRows are the rows of the file already rejected; they are
	// recorded in the summary.
	InvalidRows []string
	Out         string
	// Report writes the failure report of a lead that did not verify.
	Report bool
}

// LoadLeadsJob reads a leads file (see collect.LoadLeads) into a job that
// writes into out. Invalid rows are kept in the job's InvalidRows, by row
// and field; only a file with no valid lead is an error.
func LoadLeadsJob(path, out string) (LeadsJob, error) {
	leads, err := collect.LoadLeads(path)
	job := LeadsJob{File: path, Leads: leads, Out: out}
	if err != nil {
		if len(leads) == 0 {
			return LeadsJob{}, err
		}
		for _, e := range collect.RowErrors(err) {
			job.InvalidRows = append(job.InvalidRows, e.Error())
		}
	}
	return job, nil
}

// Observer hears about a leads job as it goes. Nil fields are skipped.
type Observer struct {
	// Invalid is called for a lead skipped as invalid (a repeated id).
	Invalid func(msg string)
	// Started is called before a lead runs (or is found verified earlier).
	Started func(dir string, lead contract.Lead)
	// Done is called after a lead's outcome was published. A lead skipped
	// because dir already held a verified brief has Skipped set and an
	// empty Outcome.
	Done func(LeadDone)
}

// LeadDone is one finished lead of a leads job.
type LeadDone struct {
	Summary   LeadSummary
	Outcome   Outcome
	Published Published
	// Err is a failure to publish the outcome.
	Err error
}

// RunLeads runs every lead of job in turn with b, publishes each into its
// own folder and keeps summary.json up to date after each lead, so that an
// interrupted job leaves an accurate record. Leads whose folder already
// holds a verified brief are skipped: rerunning a job resumes it. It
// returns an error only when the context ends or the summary cannot be
// written; every lead's ending is in the Summary.
func RunLeads(ctx context.Context, b *Briefer, job LeadsJob, obs Observer) (Summary, error) {
	sum := Summary{File: job.File, InvalidRows: job.InvalidRows, Leads: []LeadSummary{}}
	dirs := map[string]bool{}
	for i, lead := range job.Leads {
		dir := LeadDir(lead, i)
		if dirs[dir] {
			msg := fmt.Sprintf("%s: lead %q: id is used by an earlier lead", job.File, dir)
			sum.InvalidRows = append(sum.InvalidRows, msg)
			if obs.Invalid != nil {
				obs.Invalid(msg)
			}
			continue
		}
		dirs[dir] = true
		out := filepath.Join(job.Out, dir)
		if obs.Started != nil {
			obs.Started(dir, lead)
		}
		if pipeline.HasBrief(out, b.formats) {
			ls := LeadSummary{ID: dir, Dir: out, EndReason: pipeline.Verified, Detail: "verified by an earlier run", Skipped: true}
			sum.Leads = append(sum.Leads, ls)
			if obs.Done != nil {
				obs.Done(LeadDone{Summary: ls})
			}
			continue
		}
		o := b.RunLead(ctx, lead)
		if o.Err != nil && ctx.Err() != nil {
			return sum, o.Err
		}
		pub, err := b.Publish(out, o, job.Report)
		if err != nil {
			// A lead that cannot be written is recorded and the job goes on.
			o = errored(lead, o.Result, err)
		}
		ls := LeadSummary{ID: dir, Dir: out, EndReason: o.Reason, Detail: o.Detail}
		sum.Leads = append(sum.Leads, ls)
		if obs.Done != nil {
			obs.Done(LeadDone{Summary: ls, Outcome: o, Published: pub, Err: err})
		}
		if err := WriteSummary(job.Out, sum); err != nil {
			return sum, err
		}
		b.log.Info("lead done", zap.String("lead", dir), zap.String("end_reason", string(o.Reason)), zap.Int("done", i+1), zap.Int("leads", len(job.Leads)))
	}
	return sum, WriteSummary(job.Out, sum)
}

// WriteSummary writes summary.json into dir atomically.
func WriteSummary(dir string, sum Summary) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	data, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	return pipeline.WriteFileAtomic(filepath.Join(dir, SummaryFile), data)
}

var unsafePath = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// LeadDir is the folder name of a lead: its id made safe for a path, or its
// position among the valid leads when it has none (give leads ids for runs
// that must resume reliably after the file is edited).
func LeadDir(l contract.Lead, i int) string {
	id := strings.Trim(unsafePath.ReplaceAllString(l.ID, "_"), "._")
	if id == "" {
		return fmt.Sprintf("lead-%04d", i+1)
	}
	return id
}
