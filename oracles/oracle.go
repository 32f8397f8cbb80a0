package oracles

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/citeloop/citeloop/doi"
)

// Status is an oracle's answer for one DOI.
type Status int

const (
	// Unknown means the oracle could not answer: the service was down, rate
	// limited, returned garbage, or the context ended. Unknown is the zero
	// value, so a forgotten answer is never mistaken for a verdict.
	Unknown Status = iota
	// Found means a returned record's DOI equals the asked DOI.
	Found
	// NotFound means the service answered properly and no record matched.
	NotFound
)

func (s Status) String() string {
	switch s {
	case Found:
		return "found"
	case NotFound:
		return "not_found"
	default:
		return "unknown"
	}
}

// MarshalText renders the status as its name in JSON and logs.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Record is what an oracle knows about a DOI. Fields the API does not have
// stay empty.
type Record struct {
	DOI   string `json:"doi"`
	PMID  string `json:"pmid,omitempty"`
	PMCID string `json:"pmcid,omitempty"`
	// OpenAccess says the service serves the record's full text
	// (Europe PMC: isOpenAccess and inEPMC "Y", or a fullTextUrlList
	// entry of Europe_PMC with availabilityCode "OA"); a FullTexter may
	// then be asked for it by PMCID.
	OpenAccess bool     `json:"open_access,omitempty"`
	Title      string   `json:"title"`
	Authors    []string `json:"authors,omitempty"`
	Journal    string   `json:"journal,omitempty"`
	// JournalAbbrevs are the journal's other names: Europe PMC's ISO and
	// MEDLINE abbreviations, Crossref's short-container-title; for a
	// preprint, the server's names (Crossref's institution and group-title).
	JournalAbbrevs []string `json:"journal_abbrevs,omitempty"`
	// ISSN are the journal's print and electronic ISSNs, as written.
	ISSN []string `json:"issn,omitempty"`
	Year int      `json:"year,omitempty"`
	// OnlineYear and PrintYear are the years of the online-first and the
	// print publication when the source gives them (0 when not): a
	// reference may cite either, so a comparison accepts them.
	OnlineYear int `json:"online_year,omitempty"`
	PrintYear  int `json:"print_year,omitempty"`
	// Volume, Issue and Pages are as the source writes them ("576-589.e5",
	// "e12807").
	Volume   string   `json:"volume,omitempty"`
	Issue    string   `json:"issue,omitempty"`
	Pages    string   `json:"pages,omitempty"`
	Abstract string   `json:"abstract,omitempty"`
	PubTypes []string `json:"pub_types,omitempty"`
	// Source is the API's own source code for the record, such as Europe
	// PMC's "MED" or "PPR".
	Source string `json:"source,omitempty"`

	Retracted        bool `json:"retracted,omitempty"`
	RetractionNotice bool `json:"retraction_notice,omitempty"`
	Erratum          bool `json:"erratum,omitempty"`
	Preprint         bool `json:"preprint,omitempty"`
	// Corrected means the article has a published correction (Europe
	// PMC's "Erratum in"); the article itself is still evidence. verify
	// and watch report it.
	Corrected bool `json:"corrected,omitempty"`
	// PublishedDOI is, for a preprint, the DOI of its published version
	// when the source links one (Crossref's relation is-preprint-of).
	PublishedDOI string `json:"published_doi,omitempty"`
	// PublishedAs names the published version by the source's own id when
	// the source links it so and its DOI is not known (Europe PMC's
	// "Preprint of" link to "MED 42732137" whose DOI lookup failed).
	PublishedAs string `json:"published_as,omitempty"`
	// PublishedBy names the source that linked the published version.
	PublishedBy string `json:"published_by,omitempty"`
	// PreprintDOI is, for a published paper, the DOI of its preprint when
	// the source links one (Crossref's relation has-preprint, Europe PMC's
	// "Preprint in" resolved); PreprintAs names it by the source's own id
	// ("PPR PPR83152") when its DOI is not known.
	PreprintDOI string `json:"preprint_doi,omitempty"`
	PreprintAs  string `json:"preprint_as,omitempty"`
}

// Merge returns r with its empty fields filled from other and the
// retraction, erratum and preprint flags of both OR-ed, so that combining
// what two sources know never loses a warning. r's non-empty fields win.
func (r Record) Merge(other Record) Record {
	fill := func(dst *string, src string) {
		if *dst == "" {
			*dst = src
		}
	}
	fill(&r.DOI, other.DOI)
	fill(&r.PMID, other.PMID)
	fill(&r.PMCID, other.PMCID)
	fill(&r.Title, other.Title)
	fill(&r.Journal, other.Journal)
	fill(&r.Abstract, other.Abstract)
	fill(&r.Source, other.Source)
	fill(&r.Volume, other.Volume)
	fill(&r.Issue, other.Issue)
	fill(&r.Pages, other.Pages)
	fill(&r.PreprintDOI, other.PreprintDOI)
	fill(&r.PreprintAs, other.PreprintAs)
	r.mergePublished(other)
	// Open access for the record's own PMCID only: a PMCID filled in from
	// other brings other's flag with it.
	if r.PMCID == other.PMCID {
		r.OpenAccess = r.OpenAccess || other.OpenAccess
	}
	if r.Year == 0 {
		r.Year = other.Year
	}
	if r.OnlineYear == 0 {
		r.OnlineYear = other.OnlineYear
	}
	if r.PrintYear == 0 {
		r.PrintYear = other.PrintYear
	}
	if len(r.JournalAbbrevs) == 0 {
		r.JournalAbbrevs = other.JournalAbbrevs
	}
	if len(r.ISSN) == 0 {
		r.ISSN = other.ISSN
	}
	if len(r.Authors) == 0 {
		r.Authors = other.Authors
	}
	if len(r.PubTypes) == 0 {
		r.PubTypes = other.PubTypes
	}
	r.Retracted = r.Retracted || other.Retracted
	r.RetractionNotice = r.RetractionNotice || other.RetractionNotice
	r.Erratum = r.Erratum || other.Erratum
	r.Preprint = r.Preprint || other.Preprint
	r.Corrected = r.Corrected || other.Corrected
	return r
}

// mergePublished keeps the published-version link that says most: a DOI
// over a bare id, r's over other's. The link's fields travel together, so
// PublishedBy always names the source of the DOI shown; a DOI both sources
// give names both.
func (r *Record) mergePublished(other Record) {
	switch {
	case r.PublishedDOI != "" && r.PublishedDOI == other.PublishedDOI && other.PublishedBy != "" && r.PublishedBy != other.PublishedBy:
		r.PublishedBy += "+" + other.PublishedBy
	case r.PublishedDOI != "":
	case other.PublishedDOI != "", r.PublishedAs == "":
		r.PublishedDOI, r.PublishedAs, r.PublishedBy = other.PublishedDOI, other.PublishedAs, other.PublishedBy
	}
}

// Result is the answer for one DOI.
type Result struct {
	DOI    string `json:"doi"`
	Status Status `json:"status"`
	// Oracle names the oracle that gave this answer.
	Oracle string `json:"oracle"`
	// Record is set only when Status is Found.
	Record *Record `json:"record,omitempty"`
	// Err is the cause when Status is Unknown.
	Err error `json:"-"`
	// CachedAt is when the answer was stored, for an answer served from
	// a cache (package cache); zero for one the oracle gave now. The
	// answer's age is the reader's now minus CachedAt.
	CachedAt time.Time `json:"cached_at,omitzero"`
}

// Oracle looks DOIs up in an external bibliographic service.
//
// Lookup answers every DOI it is given, keyed by its normalised form: callers
// never have to treat a missing key as anything. A DOI that fails
// doi.Normalize is answered Unknown with an error wrapping doi.ErrInvalid and is
// never sent to the service. A DOI is Found only when a returned record's DOI
// equals it after normalisation; any failure to get a trustworthy answer is
// Unknown with the cause in Err. Lookup must be safe for concurrent use.
type Oracle interface {
	Name() string
	Lookup(ctx context.Context, dois []string) map[string]Result
}

// ErrUnavailable is wrapped by every error that makes an answer Unknown
// because of the service: network failures, 5xx, rate limiting, bad bodies.
var ErrUnavailable = errors.New("oracle unavailable")

// RateLimitedError reports a 429 (or an equivalent) that retries did not
// outlast.
type RateLimitedError struct {
	Oracle     string
	RetryAfter time.Duration
}

func (e *RateLimitedError) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("%s: rate limited (retry after %s)", e.Oracle, e.RetryAfter)
	}
	return e.Oracle + ": rate limited"
}

func (e *RateLimitedError) Unwrap() error { return ErrUnavailable }

// BadResponseError reports an answer that cannot be trusted: a non-JSON or
// truncated body, an HTML error page, a 200 without the expected fields.
type BadResponseError struct {
	Oracle     string
	StatusCode int
	Reason     string
}

func (e *BadResponseError) Error() string {
	return fmt.Sprintf("%s: bad response (HTTP %d): %s", e.Oracle, e.StatusCode, e.Reason)
}

func (e *BadResponseError) Unwrap() error { return ErrUnavailable }

// UnknownAll answers every DOI Unknown with err. Oracles use it when a whole
// batch fails.
func UnknownAll(oracle string, dois []string, err error) map[string]Result {
	out := make(map[string]Result, len(dois))
	for _, d := range dois {
		key, nerr := doi.Normalize(d)
		if nerr != nil {
			out[d] = Result{DOI: d, Status: Unknown, Oracle: oracle, Err: nerr}
			continue
		}
		out[key] = Result{DOI: key, Status: Unknown, Oracle: oracle, Err: err}
	}
	return out
}

// Split normalises dois, dropping duplicates. Valid ones are returned in
// input order; invalid ones are answered in rejected as Unknown with their
// doi.Error.
func Split(oracle string, dois []string) (valid []string, rejected map[string]Result) {
	rejected = map[string]Result{}
	seen := map[string]bool{}
	for _, d := range dois {
		key, err := doi.Normalize(d)
		if err != nil {
			rejected[d] = Result{DOI: d, Status: Unknown, Oracle: oracle, Err: err}
			continue
		}
		if !seen[key] {
			seen[key] = true
			valid = append(valid, key)
		}
	}
	return valid, rejected
}
