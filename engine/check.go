package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
	"github.com/citeloop/citeloop/oracles"
)

// Verdicts of Check, one per distinct DOI.
const (
	VerdictFound     = "found"
	VerdictNotFound  = "not_found"
	VerdictInvalid   = "invalid"
	VerdictRetracted = "retracted"
	VerdictUnknown   = "unknown"
)

// Document is a text whose cited DOIs Check verifies.
type Document struct {
	// Name says where the text came from (a path, "<stdin>", a URL).
	Name string
	Text string
}

// Location is where a DOI was cited.
type Location struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Raw  string `json:"raw"`
}

// CheckRow is the verdict on one distinct DOI.
type CheckRow struct {
	DOI              string     `json:"doi"`
	Verdict          string     `json:"verdict"`
	Oracle           string     `json:"oracle,omitempty"`
	Title            string     `json:"title,omitempty"`
	Year             int        `json:"year,omitempty"`
	RetractionNotice bool       `json:"retraction_notice,omitempty"`
	Error            string     `json:"error,omitempty"`
	Locations        []Location `json:"locations"`
}

// CheckReport is the answer of Check.
type CheckReport struct {
	Files   []string       `json:"files"`
	Summary map[string]int `json:"summary"`
	DOIs    []CheckRow     `json:"dois"`
}

// CheckStatus sums a report up for a front end that has to pick one answer.
type CheckStatus int

// The statuses, worst last: unknown wins over not verified.
const (
	AllFound    CheckStatus = iota // every DOI found (or none cited)
	NotVerified                    // some DOI not found, invalid or retracted
	Unknown                        // some DOI unknown: an oracle could not answer
)

// Status is Unknown if any DOI is unknown, else NotVerified if any is not
// found, invalid or retracted, else AllFound.
func (r CheckReport) Status() CheckStatus {
	switch {
	case r.Summary[VerdictUnknown] > 0:
		return Unknown
	case r.Bad() > 0:
		return NotVerified
	default:
		return AllFound
	}
}

// Bad counts the DOIs not found, invalid or retracted.
func (r CheckReport) Bad() int {
	return r.Summary[VerdictNotFound] + r.Summary[VerdictInvalid] + r.Summary[VerdictRetracted]
}

// Problem says in one sentence what keeps the report from AllFound; "" when
// nothing does.
func (r CheckReport) Problem() string {
	switch r.Status() {
	case Unknown:
		return fmt.Sprintf("%d of %d DOIs unknown: an oracle could not answer", r.Summary[VerdictUnknown], len(r.DOIs))
	case NotVerified:
		return fmt.Sprintf("%d of %d DOIs not verified (not found, invalid or retracted)", r.Bad(), len(r.DOIs))
	default:
		return ""
	}
}

// CheckOptions choose the oracle Check asks.
type CheckOptions struct {
	// Offline, when set, answers from this corpus instead of the network.
	Offline *Offline
	// Fresh asks the services again, past the cache.
	Fresh bool
}

// Check extracts every DOI from docs and looks each distinct one up once.
// It returns an error only when the oracle cannot be built.
func (e *Engine) Check(ctx context.Context, docs []Document, o CheckOptions) (CheckReport, error) {
	var rows []CheckRow
	index := map[string]int{}
	// invalid are tokens extract reported whole as invalid; the oracle is
	// not asked about them.
	invalid := map[string]string{}
	for _, d := range docs {
		for _, f := range extract.Extract(d.Text) {
			if f.Invalid != "" {
				invalid[f.DOI] = f.Invalid
			}
			loc := Location{File: d.Name, Line: f.Line, Raw: f.Raw}
			if i, ok := index[f.DOI]; ok {
				rows[i].Locations = append(rows[i].Locations, loc)
				continue
			}
			index[f.DOI] = len(rows)
			rows = append(rows, CheckRow{DOI: f.DOI, Locations: []Location{loc}})
		}
	}
	oracle, err := e.checkOracle(o)
	if err != nil {
		return CheckReport{}, err
	}
	var dois []string
	for _, r := range rows {
		if _, bad := invalid[r.DOI]; !bad {
			dois = append(dois, r.DOI)
		}
	}
	answers := map[string]oracles.Result{}
	if len(dois) > 0 {
		if got := oracle.Lookup(ctx, dois); got != nil {
			answers = got
		}
	}
	for d, why := range invalid {
		answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Err: fmt.Errorf("%w: %s", doi.ErrInvalid, why)}
	}
	summary := map[string]int{VerdictFound: 0, VerdictNotFound: 0, VerdictInvalid: 0, VerdictRetracted: 0, VerdictUnknown: 0}
	for i := range rows {
		rows[i].fill(answers[rows[i].DOI])
		summary[rows[i].Verdict]++
	}
	e.deps.Logger.Info("check done", zap.Int("files", len(docs)), zap.Int("dois", len(rows)),
		zap.Int("found", summary[VerdictFound]), zap.Int("not_found", summary[VerdictNotFound]),
		zap.Int("invalid", summary[VerdictInvalid]), zap.Int("retracted", summary[VerdictRetracted]),
		zap.Int("unknown", summary[VerdictUnknown]))
	report := CheckReport{Files: []string{}, Summary: summary, DOIs: rows}
	for _, d := range docs {
		report.Files = append(report.Files, d.Name)
	}
	if report.DOIs == nil {
		report.DOIs = []CheckRow{}
	}
	return report, nil
}

func (e *Engine) checkOracle(o CheckOptions) (oracles.Oracle, error) {
	switch {
	case o.Offline != nil:
		return o.Offline.Oracle(), nil
	case o.Fresh:
		return e.FreshOracle()
	default:
		return e.Oracle()
	}
}

// fill sets the verdict from the oracle's answer. A missing answer is
// unknown, never found.
func (r *CheckRow) fill(res oracles.Result) {
	r.Oracle = res.Oracle
	switch res.Status {
	case oracles.Found:
		r.Verdict = VerdictFound
		if res.Record != nil {
			r.Title = cleanTitle(res.Record.Title)
			r.Year = res.Record.Year
			r.RetractionNotice = res.Record.RetractionNotice
			if res.Record.Retracted {
				r.Verdict = VerdictRetracted
			}
		}
	case oracles.NotFound:
		r.Verdict = VerdictNotFound
	default:
		r.Verdict = VerdictUnknown
		if errors.Is(res.Err, doi.ErrInvalid) {
			r.Verdict = VerdictInvalid
		}
		if res.Err != nil {
			r.Error = res.Err.Error()
		} else {
			r.Error = "no answer"
		}
	}
}

// cleanTitle makes an API's title safe for a terminal: control characters
// (escape sequences included) become spaces, runs of space collapse.
func cleanTitle(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\t' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
