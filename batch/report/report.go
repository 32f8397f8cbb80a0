// Package report turns a batch output folder into a report an operator can
// read at a glance: report.json for tools and report.html for people, with
// per-lead lines, totals and rates, the gate's failures by reason, the
// skeptic's objections by kind and charts. It reads only what the batch
// already wrote (summary.json and each lead's outcome.json and failure
// report), so the report of a run, of an export or of an older night is the
// same function of the folder, and the batch engine needs no hook for it.
package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/internal/jsonobj"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/internal/atomicfile"
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
	// StartedAt and EndedAt are when the run's first lead was enqueued and
	// its last outcome recorded, and Wall the time between (the summary's).
	StartedAt time.Time     `json:"started_at,omitzero"`
	EndedAt   time.Time     `json:"ended_at,omitzero"`
	Wall      time.Duration `json:"wall_ns,omitempty"`
	// Error says why the run has no lead: a failed run (a night whose
	// leads file could not be read or held none).
	Error  string `json:"error,omitempty"`
	Totals Totals `json:"totals"`
	// GateFailures counts the gate's failures on the last pass of every
	// lead that did not verify, by reason code.
	GateFailures map[string]int `json:"gate_failures"`
	// Objections counts open objections on those passes, by kind.
	Objections map[string]int `json:"objections"`
	Leads      []Lead         `json:"leads"`
}

// Totals are the run's counts and rates. Rates are fractions of Leads.
type Totals struct {
	Leads    int                            `json:"leads"`
	Pending  int                            `json:"pending"`
	Outcomes map[contract.EndReason]int     `json:"outcomes"`
	Rates    map[contract.EndReason]float64 `json:"rates"`
	Tokens   int                            `json:"tokens"`
	Duration time.Duration                  `json:"duration_ns"`
}

// Lead is one lead's line.
type Lead struct {
	ID         string             `json:"id"`
	Outcome    contract.EndReason `json:"outcome"`
	Detail     string             `json:"detail"`
	Attempts   int                `json:"attempts,omitempty"`
	Iterations int                `json:"iterations"`
	Tokens     int                `json:"tokens"`
	Duration   time.Duration      `json:"duration_ns"`
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
var rateKeys = []contract.EndReason{
	contract.Verified, contract.Unchanged, contract.Refused, contract.IterationCap,
	contract.NoProgress, contract.OracleUnavailable, contract.ModelError, contract.Timeout, contract.Errored,
}

// Build reads the batch folder dir and returns its report, with one line
// per lead in the order summary.json lists them (the queue's, which is the
// leads file's). now stamps it. Write does not call it: Build holds every
// line, and Write holds none.
func Build(dir string, now time.Time) (Report, error) {
	leads := []Lead{}
	r, _, err := scan(dir, now, func(l Lead) { leads = append(leads, l) })
	if err != nil {
		return Report{}, err
	}
	r.Leads = leads
	return r, nil
}

// scan reads the folder's summary and each lead's files once and returns
// the report's head (everything but its lines) and its charts' counts,
// giving each line to each when it is set. It holds one lead at a time.
func scan(dir string, now time.Time, each func(Lead)) (Report, charts, error) {
	r := Report{
		GeneratedAt:  now.UTC(),
		GateFailures: map[string]int{}, Objections: map[string]int{},
		Totals: Totals{Outcomes: map[contract.EndReason]int{}, Rates: map[contract.EndReason]float64{}},
	}
	var c charts
	sum, err := batch.ScanSummary(dir, func(ls batch.LeadSummary) error {
		l, err := readLead(dir, ls)
		if err != nil {
			return err
		}
		r.Totals.Leads++
		r.Totals.Outcomes[l.Outcome]++
		r.Totals.Tokens += l.Tokens
		r.Totals.Duration += l.Duration
		for _, c := range l.Unverified {
			r.GateFailures[c.Reason]++
			if c.Kind != "" {
				r.Objections[c.Kind]++
			}
		}
		c.add(l)
		if each != nil {
			each(l)
		}
		return nil
	})
	if err != nil {
		return Report{}, c, fmt.Errorf("report: %w", err)
	}
	r.Run, r.File, r.Totals.Pending = sum.Run, sum.File, sum.Pending
	r.StartedAt, r.EndedAt, r.Wall, r.Error = sum.StartedAt, sum.EndedAt, sum.Wall(), sum.Error
	keys := slices.Concat(rateKeys, slices.Sorted(maps.Keys(r.Totals.Outcomes)))
	for _, k := range keys {
		if r.Totals.Leads > 0 {
			r.Totals.Rates[k] = float64(r.Totals.Outcomes[k]) / float64(r.Totals.Leads)
		} else {
			r.Totals.Rates[k] = 0
		}
	}
	return r, c, nil
}

// lines yields each lead's line of the folder, reading its files as it
// goes; the first error stops it and is kept in *err.
func lines(dir string, err *error) iter.Seq[Lead] {
	return func(yield func(Lead) bool) {
		stop := errors.New("stopped")
		_, e := batch.ScanSummary(dir, func(ls batch.LeadSummary) error {
			l, err := readLead(dir, ls)
			if err != nil {
				return err
			}
			if !yield(l) {
				return stop
			}
			return nil
		})
		if e != nil && !errors.Is(e, stop) {
			*err = fmt.Errorf("report: %w", e)
		}
	}
}

// outcomeRecord is the part of outcome.json the report reads.
type outcomeRecord struct {
	Metrics *contract.Metrics `json:"metrics"`
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
	for _, name := range []string{brief.BriefFile(brief.HTML), brief.BriefFile(brief.Markdown), brief.BriefFile(brief.JSON), brief.ReportFile} {
		if slices.Contains(rec.Files, name) {
			l.Link = ls.ID + "/" + name
			break
		}
	}
	if slices.Contains(rec.Files, brief.ReportFile) {
		var fr failureRecord
		if err := readJSON(filepath.Join(ld, brief.ReportFile), &fr); err != nil {
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
// into it, each atomically, and returns the report without its lines
// (they are in the files). It reads the folder three times, once for the
// totals and once for each file's lines, and holds one lead at a time: a
// report of 10,000 leads is made in the memory of one of 1,000.
func Write(dir string, now time.Time) (Report, error) {
	r, c, err := scan(dir, now, nil)
	if err != nil {
		return r, err
	}
	err = atomicfile.Write(filepath.Join(dir, JSONFile), func(w io.Writer) error {
		return writeJSON(w, r, dir)
	})
	if err != nil {
		return r, fmt.Errorf("report: %w", err)
	}
	err = atomicfile.Write(filepath.Join(dir, HTMLFile), func(w io.Writer) error {
		var linesErr error
		if err := render(w, r, c, lines(dir, &linesErr)); err != nil {
			return err
		}
		return linesErr
	})
	if err != nil {
		return r, err
	}
	return r, nil
}

// writeJSON writes report.json: r's head, then its lines read from dir one
// at a time (Leads is the report's last member).
func writeJSON(w io.Writer, r Report, dir string) error {
	r.Leads = []Lead{}
	head, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	head, ok := bytes.CutSuffix(head, []byte("[]\n}"))
	if !ok {
		return errors.New("report.json: the lines are not the report's last member")
	}
	if _, err := w.Write(append(head, '[')); err != nil {
		return err
	}
	arr := jsonobj.NewArray(w, "  ")
	var linesErr error
	for l := range lines(dir, &linesErr) {
		if err := arr.Add(l); err != nil {
			return err
		}
	}
	if linesErr != nil {
		return linesErr
	}
	if err := arr.End(); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n}\n")
	return err
}
