package leads

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/orcid"
	"github.com/citeloop/citeloop/internal/phrase"
)

// ErrInvalidLead is wrapped by every LeadError, so the CLI can map a bad lead
// to the usage exit code with errors.Is.
var ErrInvalidLead = errors.New("invalid lead")

// LeadError reports one bad field of a lead. File and Row are set when the
// lead came from a file (Row is the 1-based line of the record).
type LeadError struct {
	File  string
	Row   int
	Field string
	Msg   string
}

func (e *LeadError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Row > 0 {
		fmt.Fprintf(&b, "row %d: ", e.Row)
	}
	fmt.Fprintf(&b, "%s: %s", e.Field, e.Msg)
	return b.String()
}

func (e *LeadError) Unwrap() error { return ErrInvalidLead }

// ValidateLead checks a lead and returns it normalised: fields trimmed, the
// ORCID canonical, dates in YYYY-MM-DD form (a bare year or year-month is
// widened: since "2022" is 2022-01-01, until "2024" is 2024-12-31). A lead
// needs at least an ORCID, a name or a topic. A name, affiliation or topic
// that is given must keep a searchable word once quoted for the query (see
// phrase.Clean and TopicTerms): a topic of stopwords only ("the and") or a name of
// wildcards only ("***") is an error, never silently dropped from the
// search. Every bad field is reported, as *LeadError values joined with
// errors.Join.
func ValidateLead(l contract.Lead) (contract.Lead, error) { return validateLead(l, false) }

// ValidateSourcesLead is ValidateLead for a run whose sources come from a
// file: the lead may be empty, since the file says what to cite. A field that
// is given is checked as by ValidateLead: an empty topic is fine, a topic
// that cleans down to nothing is not.
func ValidateSourcesLead(l contract.Lead) (contract.Lead, error) { return validateLead(l, true) }

// validateLead is ValidateLead, accepting an empty lead when allowEmpty.
func validateLead(l contract.Lead, allowEmpty bool) (contract.Lead, error) {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &LeadError{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	l.ID = strings.TrimSpace(l.ID)
	l.Name = strings.TrimSpace(l.Name)
	l.Affiliation = strings.TrimSpace(l.Affiliation)
	l.Topic = strings.TrimSpace(l.Topic)
	if l.ORCID = strings.TrimSpace(l.ORCID); l.ORCID != "" {
		o, err := orcid.Normalize(l.ORCID)
		if err != nil {
			bad("orcid", "%v", err)
		}
		l.ORCID = o
	}
	if l.Query = strings.TrimSpace(l.Query); l.Query != "" {
		if l.ORCID != "" || l.Name != "" || l.Affiliation != "" || l.Topic != "" || l.Since != "" || l.Until != "" || l.AnyTopicWord {
			bad("query", "is the whole Europe PMC query: give it without orcid, name, affiliation, topic, since, until or any")
		}
	}
	if l.AnyTopicWord && l.Topic == "" {
		bad("topic", "any widens the topic's words: give a topic")
	}
	if !allowEmpty && l.ORCID == "" && l.Name == "" && l.Topic == "" && l.Query == "" && len(errs) == 0 {
		bad("orcid", "lead is empty: give an orcid, a name, a topic or a query")
	}
	// phrase.Clean drops quotes, backslashes and wildcards, TopicTerms also bare
	// stopwords: a field left without a letter or digit would vanish from
	// the query, widening it to what the other fields (maybe only a date
	// window) match.
	for _, f := range []struct{ field, value string }{{"name", l.Name}, {"affiliation", l.Affiliation}} {
		if f.value != "" && !phrase.HasWord(phrase.Clean(f.value)) {
			bad(f.field, "has no searchable words after quoting: %q (quotes, backslashes, * and ? are removed)", f.value)
		}
	}
	if l.Topic != "" && len(TopicTerms(l.Topic)) == 0 {
		bad("topic", "has no searchable words after quoting: %q (quotes, backslashes, * and ? are removed, and so are bare %s)", l.Topic, stopwordList())
	}
	var since, until time.Time
	var err error
	if l.Since, since, err = parseDate(l.Since, false); err != nil {
		bad("since", "%v", err)
	}
	if l.Until, until, err = parseDate(l.Until, true); err != nil {
		bad("until", "%v", err)
	}
	if !since.IsZero() && !until.IsZero() && since.After(until) {
		bad("since", "%s is after until %s", l.Since, l.Until)
	}
	if l.MaxSources < 0 {
		bad("max_sources", "must not be negative, got %d", l.MaxSources)
	}
	return l, errors.Join(errs...)
}

// parseDate accepts YYYY-MM-DD, YYYY-MM or YYYY. Partial dates are widened
// to the start of the period, or to its end when end is set.
func parseDate(s string, end bool) (string, time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", time.Time{}, nil
	}
	for _, f := range []struct {
		layout string
		years  int
		months int
	}{{"2006-01-02", 0, 0}, {"2006-01", 0, 1}, {"2006", 1, 0}} {
		t, err := time.Parse(f.layout, s)
		if err != nil {
			continue
		}
		if end && (f.years > 0 || f.months > 0) {
			t = t.AddDate(f.years, f.months, -1)
		}
		if t.Year() < 1000 {
			return "", time.Time{}, fmt.Errorf("%q is before the year 1000", s)
		}
		return t.Format("2006-01-02"), t, nil
	}
	return "", time.Time{}, fmt.Errorf("%q is not a date (want YYYY-MM-DD)", s)
}
