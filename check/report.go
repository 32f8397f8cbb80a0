package check

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/citeloop/citeloop/oracles"
)

// Verdicts of Check: one per distinct DOI, and one per reference without
// one.
const (
	VerdictFound     = "found"
	VerdictNotFound  = "not_found"
	VerdictInvalid   = "invalid"
	VerdictRetracted = "retracted"
	VerdictMismatch  = "mismatch"
	VerdictNoDOI     = "no_doi"
	// VerdictNotChecked is a reference line that could not be read into
	// fields and cites no DOI: nothing could be looked up. It never fails
	// a check.
	VerdictNotChecked = "not_checked"
	VerdictUnknown    = "unknown"
)

// KindPreprintAsPublished is the kind of a mismatch whose record is a
// preprint that the entry cites as a journal article.
const KindPreprintAsPublished = "preprint_as_published"

// badVerdicts are the verdicts that make a check fail (exit 3 in the CLI):
// each says the citation is wrong, not that an oracle could not tell. A
// no_doi row marked Warning (NoDOIWarn) does not.
var badVerdicts = []string{VerdictNotFound, VerdictInvalid, VerdictRetracted, VerdictMismatch, VerdictNoDOI}

// allVerdicts lists every verdict in the order summaries print them.
func allVerdicts() []string {
	return append(append([]string{VerdictFound}, badVerdicts...), VerdictNotChecked, VerdictUnknown)
}

// Document is a text whose cited DOIs Check verifies.
type Document struct {
	// Name says where the text came from (a path, "<stdin>", a URL).
	Name string
	Text string
}

// Location is where a reference was cited.
type Location struct {
	File string `json:"file"`
	Line int    `json:"line"`
	// Raw is the DOI as written, or for a reference without one its label.
	Raw string `json:"raw"`
}

// Entry is what a bibliography entry says about the paper its DOI should
// name; Check compares it with the oracle's record.
type Entry struct {
	// Label names the entry (a BibTeX key, "record 3", "line 12").
	Label  string `json:"label,omitempty"`
	Title  string `json:"title,omitempty"`
	Year   int    `json:"year,omitempty"`
	Author string `json:"first_author,omitempty"`
	Venue  string `json:"venue,omitempty"`
	// Text is a reference line as written, when the entry is one.
	Text string `json:"text,omitempty"`
}

// Mismatch is one field on which an entry and its record disagree.
type Mismatch struct {
	Field string `json:"field"`
	// Kind refines the field when it says more (preprint_as_published).
	Kind   string `json:"kind,omitempty"`
	Entry  string `json:"entry"`
	Record string `json:"record"`
	Why    string `json:"why"`
}

// Row is the verdict on one distinct DOI, or on one reference without a
// DOI (DOI empty).
type Row struct {
	DOI     string `json:"doi"`
	Verdict string `json:"verdict"`
	// Kind refines a mismatch: preprint_as_published.
	Kind   string `json:"kind,omitempty"`
	Oracle string `json:"oracle,omitempty"`
	Title  string `json:"title,omitempty"`
	// Notice names what a found record is when it is a notice cited on
	// purpose (erratum, correction, comment, reply, expression_of_concern),
	// or the retraction notice a retracted row cites (retraction,
	// withdrawal); by evidence.Classify, the gate's classification.
	Notice           string `json:"notice,omitempty"`
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
	// PreprintDOI and PreprintAs name a published paper's preprint, by DOI
	// or by the source's own id ("PPR PPR83152").
	PreprintDOI string `json:"preprint_doi,omitempty"`
	PreprintAs  string `json:"preprint_as,omitempty"`
	Error       string `json:"error,omitempty"`
	// Cause is why an unknown verdict is unknown (oracles.Cause).
	Cause oracles.Cause `json:"cause,omitempty"`
	// CachedAt is when an answer served from the cache was stored, and
	// CacheAge how old it was when the check read it ("2d 4h").
	CachedAt time.Time `json:"cached_at,omitzero"`
	CacheAge string    `json:"cache_age,omitempty"`
	// Mismatches are the fields on which the entry and the record disagree,
	// for a mismatch row; Notes what was accepted that a reader should know
	// (a year that is the record's online-first date, a subtitle left out).
	Mismatches []Mismatch `json:"mismatches,omitempty"`
	Notes      []string   `json:"notes,omitempty"`
	// Warning marks a no_doi row that does not fail the check
	// (--no-doi=warn).
	Warning bool `json:"warning,omitempty"`
	// Entry is what the bibliography entry or reference line says, compared
	// with the record; nil for a DOI cited in prose.
	Entry *Entry `json:"entry,omitempty"`
	// Year is the record's year.
	Year int `json:"year,omitempty"`
	// SuggestedDOI is, for a no_doi row, the DOI of the one record a title
	// search found for the entry, every field agreeing; for a mismatch row,
	// the DOI of the paper the entry describes when a search found exactly
	// one. Candidates counts the records that qualified (two or more:
	// ambiguous, no suggestion).
	SuggestedDOI string     `json:"suggested_doi,omitempty"`
	Candidates   int        `json:"candidates,omitempty"`
	Locations    []Location `json:"locations"`
}

// Cause is why an oracle could not answer, once per oracle.
type Cause struct {
	Oracle string `json:"oracle"`
	Error  string `json:"error"`
	// DOIs counts the rows it left unknown.
	DOIs int `json:"dois"`
}

// Report is the answer of Check.
type Report struct {
	Files   []string       `json:"files"`
	Summary map[string]int `json:"summary"`
	// Warnings counts the rows that are warnings only (no_doi with
	// --no-doi=warn): in Summary, not in Bad.
	Warnings int `json:"warnings,omitempty"`
	// Causes say why each oracle that left a row unknown could not answer.
	Causes []Cause `json:"oracle_errors,omitempty"`
	DOIs   []Row   `json:"dois"`
}

// Status sums a report up for a front end that has to pick one answer.
type Status int

// The statuses. A wrong citation is worse than an unanswered one: a report
// with both is NotVerified, so CI fails for the error it can act on.
const (
	AllFound    Status = iota // every reference found and matching
	NotVerified               // some reference wrong (see badVerdicts)
	Unknown                   // some DOI unknown and nothing worse
	Empty                     // nothing to check in any document: a failed conversion looks like this
)

// Status is NotVerified if any row has a bad verdict, else Unknown if any
// is unknown, else Empty when no document gave a row that was checked
// (not_checked rows do not count: a failed conversion gives those; a
// warned no_doi row was read and looked at, and counts), else AllFound.
func (r Report) Status() Status {
	switch {
	case r.Bad() > 0:
		return NotVerified
	case r.Summary[VerdictUnknown] > 0:
		return Unknown
	case r.total()-r.Summary[VerdictNotChecked] == 0:
		return Empty
	default:
		return AllFound
	}
}

// Bad counts the rows with a bad verdict (see badVerdicts), warnings left
// out.
func (r Report) Bad() int {
	n := 0
	for _, v := range badVerdicts {
		n += r.Summary[v]
	}
	return n - r.Warnings
}

// causes are the report's causes, or, for a report built by hand, the
// unknown rows' errors by oracle.
func (r Report) causes() []Cause {
	if len(r.Causes) > 0 {
		return r.Causes
	}
	var out []Cause
	at := map[string]int{}
	for _, row := range r.DOIs {
		if row.Verdict != VerdictUnknown {
			continue
		}
		key := row.Oracle + "\x00" + row.Error
		if i, ok := at[key]; ok {
			out[i].DOIs++
			continue
		}
		at[key] = len(out)
		out = append(out, Cause{Oracle: row.Oracle, Error: row.Error, DOIs: 1})
	}
	return out
}

// unknownWhy says why the unknown rows are unknown: the offline corpus
// lacks them, one oracle's cause, or several.
func (r Report) unknownWhy() string {
	cs := r.causes()
	outside := len(cs) > 0
	for _, c := range cs {
		outside = outside && c.Error == errNotInCorpus.Error()
	}
	switch {
	case outside:
		return errNotInCorpus.Error()
	case len(cs) == 1:
		return cs[0].String()
	}
	return "an oracle could not answer"
}

// Problem says in one sentence what keeps the report from AllFound, every
// category counted; "" when nothing does.
func (r Report) Problem() string {
	var parts []string
	if bad := r.Bad(); bad > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d references not verified (%s)", bad, r.total(), r.counts(badVerdicts)))
	}
	if n := r.Summary[VerdictUnknown]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d references unknown: %s", n, r.total(), r.unknownWhy()))
	}
	if r.Warnings > 0 {
		parts = append(parts, fmt.Sprintf("%d no_doi warning(s)", r.Warnings))
	}
	if n := r.Summary[VerdictNotChecked]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d not_checked", n))
	}
	switch r.Status() {
	case AllFound:
		return ""
	case Empty:
		head := fmt.Sprintf("no DOI found in %s", strings.Join(r.Files, ", "))
		if r.total() > 0 {
			head = fmt.Sprintf("nothing checked in %s", strings.Join(r.Files, ", "))
		}
		return strings.Join(append([]string{head}, parts...), "; ")
	}
	return strings.Join(parts, "; ")
}

// counts is "1 not_found, 2 no_doi" for the verdicts of vs that occur.
func (r Report) counts(vs []string) string {
	var out []string
	for _, v := range vs {
		if n := r.Summary[v]; n > 0 {
			out = append(out, fmt.Sprintf("%d %s", n, v))
		}
	}
	return strings.Join(out, ", ")
}

// String is "europepmc could not answer: …".
func (c Cause) String() string {
	if c.Oracle == "" {
		return c.Error
	}
	return c.Oracle + " could not answer: " + c.Error
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
