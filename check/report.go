package check

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

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

// Row is the verdict on one distinct DOI.
type Row struct {
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
	// Cause is why an unknown verdict is unknown (oracles.Cause).
	Cause oracles.Cause `json:"cause,omitempty"`
	// CachedAt is when an answer served from the cache was stored, and
	// CacheAge how old it was when the check read it ("2d 4h").
	CachedAt time.Time `json:"cached_at,omitzero"`
	CacheAge string    `json:"cache_age,omitempty"`
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

// Report is the answer of Check.
type Report struct {
	Files   []string       `json:"files"`
	Summary map[string]int `json:"summary"`
	DOIs    []Row          `json:"dois"`
}

// Status sums a report up for a front end that has to pick one answer.
type Status int

// The statuses. A wrong citation is worse than an unanswered one: a report
// with both is NotVerified, so CI fails for the error it can act on.
const (
	AllFound    Status = iota // every DOI found and matching
	NotVerified               // some DOI wrong (see badVerdicts), or no DOI at all
	Unknown                   // some DOI unknown and nothing worse
	Empty                     // no DOI in any document: a failed conversion looks like this
)

// Status is NotVerified if any DOI has a bad verdict, else Unknown if any is
// unknown, else Empty when no document cited a DOI, else AllFound.
func (r Report) Status() Status {
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
func (r Report) Bad() int {
	n := 0
	for _, v := range badVerdicts {
		n += r.Summary[v]
	}
	return n
}

// onlyOutsideCorpus reports whether every unknown DOI is unknown because an
// offline check's corpus does not hold it: no oracle was asked. Problem
// asks only when some DOI is unknown.
func (r Report) onlyOutsideCorpus() bool {
	for _, row := range r.DOIs {
		if row.Verdict == VerdictUnknown && row.Error != errNotInCorpus.Error() {
			return false
		}
	}
	return true
}

// Problem says in one sentence what keeps the report from AllFound; "" when
// nothing does.
func (r Report) Problem() string {
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

// fill sets the verdict from the oracle's answer, read at now. A missing
// answer is unknown, never found.
func (r *Row) fill(res oracles.Result, now time.Time) {
	r.Oracle = res.Oracle
	r.Cause = oracles.CauseOf(res)
	if !res.CachedAt.IsZero() {
		r.CachedAt, r.CacheAge = res.CachedAt.UTC(), oracles.Age(now.Sub(res.CachedAt))
	}
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
