package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// Verdicts of Check, one per distinct DOI.
const (
	VerdictFound     = "found"
	VerdictNotFound  = "not_found"
	VerdictInvalid   = "invalid"
	VerdictRetracted = "retracted"
	VerdictErratum   = "erratum"
	VerdictMismatch  = "mismatch"
	VerdictNoDOI     = "no_doi"
	VerdictUnknown   = "unknown"
)

// badVerdicts are the verdicts that make a check fail (exit 3 in the CLI):
// each says the citation is wrong, not that an oracle could not tell.
var badVerdicts = []string{VerdictNotFound, VerdictInvalid, VerdictRetracted, VerdictErratum, VerdictMismatch, VerdictNoDOI}

// allVerdicts lists every verdict in the order summaries print them.
func allVerdicts() []string {
	return append(append([]string{VerdictFound}, badVerdicts...), VerdictUnknown)
}

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
	DOI              string `json:"doi"`
	Verdict          string `json:"verdict"`
	Oracle           string `json:"oracle,omitempty"`
	Title            string `json:"title,omitempty"`
	RetractionNotice bool   `json:"retraction_notice,omitempty"`
	// Preprint says the record is a preprint; cite the published version
	// where there is one.
	Preprint bool `json:"preprint,omitempty"`
	// PublishedDOI is the published version of a preprint, when the record
	// links one.
	PublishedDOI string `json:"published_doi,omitempty"`
	// PublishedAs names the published version by the source's own id
	// ("MED 42732137") when its DOI could not be looked up.
	PublishedAs string `json:"published_as,omitempty"`
	// PublishedBy names the source that linked the published version
	// (crossref, europepmc).
	PublishedBy string `json:"published_by,omitempty"`
	Error       string `json:"error,omitempty"`
	// Entry is what the bibliography entry citing the DOI says (BibTeX,
	// RIS, CSL JSON), compared with the record; nil for other files.
	Entry *Entry `json:"entry,omitempty"`
	// Year is the record's year.
	Year int `json:"year,omitempty"`
	// SuggestedDOI is, for a no_doi row, the DOI of the one record a title
	// search found for the entry; Candidates counts the records that
	// qualified (two or more: ambiguous, no suggestion).
	SuggestedDOI string     `json:"suggested_doi,omitempty"`
	Candidates   int        `json:"candidates,omitempty"`
	Locations    []Location `json:"locations"`
}

// CheckReport is the answer of Check.
type CheckReport struct {
	Files   []string       `json:"files"`
	Summary map[string]int `json:"summary"`
	DOIs    []CheckRow     `json:"dois"`
}

// CheckStatus sums a report up for a front end that has to pick one answer.
type CheckStatus int

// The statuses. A wrong citation is worse than an unanswered one: a report
// with both is NotVerified, so CI fails for the error it can act on.
const (
	AllFound    CheckStatus = iota // every DOI found and matching
	NotVerified                    // some DOI wrong (see badVerdicts), or no DOI at all
	Unknown                        // some DOI unknown and nothing worse
	Empty                          // no DOI in any document: a failed conversion looks like this
)

// Status is NotVerified if any DOI has a bad verdict, else Unknown if any is
// unknown, else Empty when no document cited a DOI, else AllFound.
func (r CheckReport) Status() CheckStatus {
	switch {
	case r.Bad() > 0:
		return NotVerified
	case r.Summary[VerdictUnknown] > 0:
		return Unknown
	case len(r.DOIs) == 0:
		return Empty
	default:
		return AllFound
	}
}

// Bad counts the DOIs with a bad verdict (see badVerdicts).
func (r CheckReport) Bad() int {
	n := 0
	for _, v := range badVerdicts {
		n += r.Summary[v]
	}
	return n
}

// onlyOutsideCorpus reports whether every unknown DOI is unknown because an
// offline check's corpus does not hold it: no oracle was asked. Problem
// asks only when some DOI is unknown.
func (r CheckReport) onlyOutsideCorpus() bool {
	for _, row := range r.DOIs {
		if row.Verdict == VerdictUnknown && row.Error != errNotInCorpus.Error() {
			return false
		}
	}
	return true
}

// Problem says in one sentence what keeps the report from AllFound; "" when
// nothing does.
func (r CheckReport) Problem() string {
	switch r.Status() {
	case Unknown:
		why := "an oracle could not answer"
		if r.onlyOutsideCorpus() {
			why = errNotInCorpus.Error()
		}
		return fmt.Sprintf("%d of %d DOIs unknown: %s", r.Summary[VerdictUnknown], len(r.DOIs), why)
	case NotVerified:
		return fmt.Sprintf("%d of %d DOIs not verified (%s)", r.Bad(), len(r.DOIs), strings.Join(badVerdicts, ", "))
	case Empty:
		return fmt.Sprintf("no DOI found in %s", strings.Join(r.Files, ", "))
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
	// TitleSimilarity is the token-set similarity below which an entry's
	// title and its DOI's record name different papers;
	// DefaultTitleSimilarity when zero.
	TitleSimilarity float64
	// Progress, when set, is called as DOIs are answered with how many of
	// the total have been; from several goroutines, never at once.
	Progress func(done, total int)
}

// errNotInCorpus is the reason an offline check gives for a DOI outside its
// corpus: the corpus is small, so absence proves nothing.
var errNotInCorpus = errors.New("not in the offline corpus")

// Check extracts every DOI from docs and looks each distinct one up once.
// It returns an error only when the oracle cannot be built.
func (e *Engine) Check(ctx context.Context, docs []Document, o CheckOptions) (CheckReport, error) {
	var rows []CheckRow
	index := map[string]int{}
	// invalid are tokens extract reported whole as invalid; the oracle is
	// not asked about them.
	invalid := map[string]string{}
	// Each document is read once: its DOIs make the rows, its entries are
	// compared with the records and, without a DOI, searched by title.
	parsed := make([]bib.Document, len(docs))
	for i, d := range docs {
		parsed[i] = bib.Parse(d.Name, []byte(d.Text))
		for _, f := range parsed[i].DOIs {
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
	answers := lookupChunks(ctx, oracle, dois, o.Progress)
	if o.Offline != nil {
		for d, res := range answers {
			if res.Status == oracles.NotFound {
				answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: res.Oracle, Err: errNotInCorpus}
			}
		}
	}
	for d, why := range invalid {
		answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Err: fmt.Errorf("%w: %s", doi.ErrInvalid, why)}
	}
	summary := map[string]int{}
	for _, v := range allVerdicts() {
		summary[v] = 0
	}
	entries := entriesByDOI(parsed)
	threshold := o.TitleSimilarity
	if threshold <= 0 {
		threshold = DefaultTitleSimilarity
	}
	// compared is, per DOI cited by one entry only, the entry the row
	// reports: a correction is searched for it. A DOI cited by several
	// entries gets none, as --fix could not tell which entry to change.
	compared := map[string]bib.Entry{}
	for i := range rows {
		res := answers[rows[i].DOI]
		rows[i].fill(res)
		if es := entries[rows[i].DOI]; len(es) > 0 && rows[i].Verdict == VerdictFound && res.Record != nil {
			e, why := firstMismatch(es, res.Record, threshold)
			if len(es) == 1 {
				compared[rows[i].DOI] = e
			}
			rows[i].Entry = entryOf(e)
			if why != "" {
				rows[i].Verdict = VerdictMismatch
				rows[i].Error = fmt.Sprintf("%s: entry %q (%d), record %q (%d)", why, cleanTitle(e.Title), e.Year, rows[i].Title, res.Record.Year)
				if len(es) > 1 {
					rows[i].Error = fmt.Sprintf("%s (%s, one of %d entries citing this DOI)", rows[i].Error, e.Label, len(es))
				}
			}
		}
		summary[rows[i].Verdict]++
	}
	missing := entriesWithoutDOI(docs, parsed)
	var searches []titleSearch
	if o.Offline == nil && (len(missing) > 0 || summary[VerdictMismatch] > 0) {
		if searches, err = e.titleSearches(); err != nil {
			return CheckReport{}, err
		}
	}
	suggestCorrections(ctx, searches, rows, compared, threshold)
	if len(missing) > 0 {
		for _, row := range noDOIRows(ctx, searches, missing, threshold) {
			if o.Offline != nil {
				row.Error = "no DOI; not searched offline"
			}
			summary[row.Verdict]++
			rows = append(rows, row)
		}
	}
	fields := []zap.Field{zap.Int("files", len(docs)), zap.Int("dois", len(rows))}
	for _, v := range allVerdicts() {
		fields = append(fields, zap.Int(v, summary[v]))
	}
	e.deps.Logger.Info("check done", fields...)
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
			r.Preprint = res.Record.Preprint
			r.PublishedDOI = res.Record.PublishedDOI
			r.PublishedAs = res.Record.PublishedAs
			r.PublishedBy = res.Record.PublishedBy
			switch {
			case res.Record.Retracted || res.Record.RetractionNotice:
				// A retraction notice is not the paper: citing it in place
				// of the paper is as wrong as citing the retracted paper.
				r.Verdict = VerdictRetracted
			case res.Record.Erratum:
				r.Verdict = VerdictErratum
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
