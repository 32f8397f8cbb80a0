package oracles

import (
	"context"
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/doi"
)

// Cause says why an answer is Unknown, in the one vocabulary every front
// end uses (brief, check, verify, watch, the batch report, logs, MCP): an
// unknown DOI is never reported as not found, whatever the cause.
type Cause string

// The causes of an Unknown answer.
const (
	// CauseUnavailable: the service could not answer (down, a bad body,
	// an HTTP error).
	CauseUnavailable Cause = "oracle_unavailable"
	// CauseNotInCorpus: an offline corpus does not hold the DOI, which
	// says nothing about whether the DOI exists.
	CauseNotInCorpus Cause = "not_in_offline_corpus"
	// CauseRateLimited: the service rate-limited the lookups past every
	// retry.
	CauseRateLimited Cause = "rate_limited"
	// CauseBudget: the lookup's time budget ran out first.
	CauseBudget Cause = "cut_by_budget"
	// CauseInterrupted: the caller's context was cancelled.
	CauseInterrupted Cause = "interrupted"
	// CauseInvalid: the DOI is not a DOI (doi.ErrInvalid); no oracle was
	// asked.
	CauseInvalid Cause = "invalid_doi"
)

// Text is the cause as a reader reads it: "not in the offline corpus".
func (c Cause) Text() string {
	switch c {
	case CauseNotInCorpus:
		return "not in the offline corpus"
	case CauseRateLimited:
		return "rate limited"
	case CauseBudget:
		return "cut by the time budget"
	case CauseInterrupted:
		return "interrupted"
	case CauseInvalid:
		return "not a valid DOI"
	case "":
		return ""
	}
	return "oracle unavailable"
}

// CauseOf is why r is Unknown; "" when r is Found or NotFound. It reads
// the typed error in r.Err, never its text.
func CauseOf(r Result) Cause {
	if r.Status != Unknown {
		return ""
	}
	return CauseOfErr(r.Err)
}

// CauseOfErr is the Cause an Unknown answer with error err has.
func CauseOfErr(err error) Cause {
	var rl *RateLimitedError
	switch {
	case errors.Is(err, ErrNotInCorpus):
		return CauseNotInCorpus
	case errors.Is(err, doi.ErrInvalid):
		return CauseInvalid
	case errors.As(err, &rl):
		return CauseRateLimited
	case errors.Is(err, context.Canceled):
		return CauseInterrupted
	case errors.Is(err, context.DeadlineExceeded):
		return CauseBudget
	}
	return CauseUnavailable
}

// ErrNotInCorpus is wrapped by the error of every Unknown answer an
// offline corpus gives for a DOI it does not hold. It does not wrap
// ErrUnavailable: the oracle answered, and it does not know.
var ErrNotInCorpus = errors.New("not in the offline corpus")

// NotInCorpusError is the cause of an offline corpus's Unknown answer: the
// corpus it searched, so a reader learns how little "not in it" means.
type NotInCorpusError struct {
	// Corpus names it: "the embedded corpus", or the file it came from.
	Corpus string
	// Records is how many records it holds.
	Records int
}

// Error is ErrNotInCorpus's text, the words check has always printed.
func (e *NotInCorpusError) Error() string { return ErrNotInCorpus.Error() }

// Unwrap returns ErrNotInCorpus.
func (e *NotInCorpusError) Unwrap() error { return ErrNotInCorpus }

// Describe names the corpus: "not in the embedded corpus of 61 records".
func (e *NotInCorpusError) Describe() string {
	return fmt.Sprintf("not in %s of %d records", e.Corpus, e.Records)
}

// DescribeUnknown is an Unknown answer's cause for a reader, with its
// detail: "not in the embedded corpus of 61 records", or the error itself
// ("europepmc: GET /search: HTTP 503 ...: oracle unavailable"), which
// names its cause. It names no verdict but unknown.
func DescribeUnknown(err error) string {
	var nc *NotInCorpusError
	switch {
	case errors.As(err, &nc):
		return nc.Describe()
	case err == nil:
		return CauseUnavailable.Text()
	}
	return err.Error()
}
