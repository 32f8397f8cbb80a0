// Package report turns a batch output folder into a report an operator can
// read at a glance: report.json for tools and report.html for people, with
// per-lead lines, totals and rates, the gate's failures by reason, the
// skeptic's objections by kind and charts. It reads only what the batch
// already wrote (summary.json and each lead's outcome.json and failure
// report), so the report of a run, of an export or of an older night is the
// same function of the folder, and the batch engine needs no hook for it.
package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/pipeline"
)

// File names the report writes into the folder.
const (
	JSONFile = "report.json"
	HTMLFile = "report.html"
)

// Report is a run's report.
type Report struct {
	Run         string    `json:"run"`
	File        string    `json:"file,omitempty"`
	GeneratedAt time.Time `json:"generated_at"`
	Totals      Totals    `json:"totals"`
	// GateFailures counts the gate's failures on the last pass of every
	// lead that did not verify, by reason code.
	GateFailures map[string]int `json:"gate_failures"`
	// Objections counts open objections on those passes, by kind.
	Objections map[string]int `json:"objections"`
	Leads      []Lead         `json:"leads"`
}

// Totals are the run's counts and rates. Rates are fractions of Leads.
type Totals struct {
	Leads    int                `json:"leads"`
	Pending  int                `json:"pending"`
	Outcomes map[string]int     `json:"outcomes"`
	Rates    map[string]float64 `json:"rates"`
	Tokens   int                `json:"tokens"`
	Duration time.Duration      `json:"duration_ns"`
}

// Lead is one lead's line.
type Lead struct {
	ID         string        `json:"id"`
	Outcome    string        `json:"outcome"`
	Detail     string        `json:"detail"`
	Attempts   int           `json:"attempts,omitempty"`
	Iterations int           `json:"iterations"`
	Tokens     int           `json:"tokens"`
	Duration   time.Duration `json:"duration_ns"`
	// Link is the brief or failure report, relative to the folder; "" if
	// the lead's folder holds neither.
	Link string `json:"link,omitempty"`
	// Unverified are the citations the gate rejected on the last pass.
	Unverified []Citation `json:"unverified,omitempty"`
}

// Citation is one rejected citation and why.
type Citation struct {
	ClaimID string `json:"claim_id"`
	DOI     string `json:"doi,omitempty"`
	Reason  string `json:"reason"`
	Kind    string `json:"kind,omitempty"`
}

// RateKeys are the outcomes whose rates the report shows, in order.
var rateKeys = []string{
	batch.Verified, batch.Unchanged, string(pipeline.Refused), string(pipeline.IterationCap),
	string(pipeline.NoProgress), batch.OracleUnavailable, string(pipeline.ModelError), batch.Timeout, batch.Errored,
}

// Build reads the batch folder dir and returns its report. now stamps it.
func Build(dir string, now time.Time) (Report, error) {
	sum, lines, err := batch.ReadSummary(dir)
	if err != nil {
		return Report{}, fmt.Errorf("report: %w", err)
	}
	r := Report{
		Run: sum.Run, File: sum.File, GeneratedAt: now.UTC(),
		GateFailures: map[string]int{}, Objections: map[string]int{}, Leads: []Lead{},
		Totals: Totals{Leads: len(lines), Pending: sum.Pending, Outcomes: map[string]int{}, Rates: map[string]float64{}},
	}
	for _, ls := range lines {
		l, err := readLead(dir, ls)
		if err != nil {
			return Report{}, err
		}
		r.Leads = append(r.Leads, l)
		r.Totals.Outcomes[l.Outcome]++
		r.Totals.Tokens += l.Tokens
		r.Totals.Duration += l.Duration
		for _, c := range l.Unverified {
			r.GateFailures[c.Reason]++
			if c.Kind != "" {
				r.Objections[c.Kind]++
			}
		}
	}
	keys := slices.Concat(rateKeys, slices.Sorted(maps.Keys(r.Totals.Outcomes)))
	for _, k := range keys {
		if r.Totals.Leads > 0 {
			r.Totals.Rates[k] = float64(r.Totals.Outcomes[k]) / float64(r.Totals.Leads)
		} else {
			r.Totals.Rates[k] = 0
		}
	}
	slices.SortFunc(r.Leads, func(a, b Lead) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return r, nil
}

// outcomeRecord is the part of outcome.json the report reads.
type outcomeRecord struct {
	Metrics *pipeline.Metrics `json:"metrics"`
	Files   []string          `json:"files"`
}

// failureRecord is the part of a failure report the report reads.
type failureRecord struct {
	Verdict gates.Verdict `json:"verdict"`
}

func readLead(dir string, ls batch.LeadSummary) (Lead, error) {
	l := Lead{ID: ls.ID, Outcome: ls.EndReason, Detail: ls.Detail, Attempts: ls.Attempts}
	ld := filepath.Join(dir, ls.ID)
	var rec outcomeRecord
	if err := readJSON(filepath.Join(ld, batch.OutcomeFile), &rec); err != nil {
		return l, err
	}
	if m := rec.Metrics; m != nil {
		l.Iterations = len(m.Iterations)
		l.Duration = m.Duration
		for _, u := range []struct{ p, o, t int }{
			{m.Writer.PromptTokens, m.Writer.OutputTokens, m.Writer.ThinkingTokens},
			{m.Skeptic.PromptTokens, m.Skeptic.OutputTokens, m.Skeptic.ThinkingTokens},
		} {
			l.Tokens += u.p + u.o + u.t
		}
	}
	for _, name := range []string{pipeline.BriefFile(pipeline.HTML), pipeline.BriefFile(pipeline.Markdown), pipeline.BriefFile(pipeline.JSON), pipeline.ReportFile} {
		if slices.Contains(rec.Files, name) {
			l.Link = ls.ID + "/" + name
			break
		}
	}
	if slices.Contains(rec.Files, pipeline.ReportFile) {
		var fr failureRecord
		if err := readJSON(filepath.Join(ld, pipeline.ReportFile), &fr); err != nil {
			return l, err
		}
		for _, f := range fr.Verdict.Failures {
			l.Unverified = append(l.Unverified, Citation{ClaimID: f.ClaimID, DOI: f.DOI, Reason: string(f.Reason), Kind: string(f.Kind)})
		}
	}
	return l, nil
}

// readJSON decodes path into v; a missing file leaves v as it is (a lead
// still pending, or an export that has not written it yet).
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("report: %s: %w", path, err)
	}
	return nil
}

// Write builds the report of dir and writes report.json and report.html
// into it, each atomically.
func Write(dir string, now time.Time) (Report, error) {
	r, err := Build(dir, now)
	if err != nil {
		return r, err
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return r, fmt.Errorf("report: %w", err)
	}
	if err := pipeline.WriteFileAtomic(filepath.Join(dir, JSONFile), append(data, '\n')); err != nil {
		return r, fmt.Errorf("report: %w", err)
	}
	page, err := HTML(r)
	if err != nil {
		return r, err
	}
	if err := pipeline.WriteFileAtomic(filepath.Join(dir, HTMLFile), page); err != nil {
		return r, fmt.Errorf("report: %w", err)
	}
	return r, nil
}
