package collect

import (
	"context"
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// Reasons a notice is kept out of the citable ledger, besides
// ExcludedRetractionNotice and ExcludedErratum.
const (
	ExcludedConcern = "expression_of_concern"
	ExcludedComment = "comment"
)

// noticeReason is the exclusion reason of a notice, by its type.
func noticeReason(n evidence.NoticeType) string {
	switch n {
	case evidence.Retraction, evidence.Withdrawal:
		return ExcludedRetractionNotice
	case evidence.ExpressionOfConcern:
		return ExcludedConcern
	case evidence.Comment, evidence.Reply:
		return ExcludedComment
	}
	return ExcludedErratum
}

// filterFlags drops retracted papers and every notice (evidence.Classify on
// the record, and on what the notices oracle said of it: a retraction
// notice, an erratum or correction, an expression of concern, a comment or
// reply only) unless they are wanted: a notice is never evidence, and
// the gate would refuse it.
func (b *ledgerBuilder) filterFlags(docs []oracles.Hit, notices map[string]evidence.Class, include bool) []oracles.Hit {
	if include {
		return docs
	}
	var out []oracles.Hit
	for _, d := range docs {
		c := evidence.OfRecord(d.Record)
		if n, ok := notices[d.Record.DOI]; ok && !c.IsNotice() {
			c = n
		}
		switch {
		case d.Record.Retracted || c.Retracted:
			b.exclude(ExcludedRetracted, d.Record.DOI)
		case c.IsNotice():
			b.exclude(noticeReason(c.Notice), d.Record.DOI)
		default:
			out = append(out, d)
		}
	}
	return out
}

// askNotices asks the notices oracle (Options.Notices) about every doc, in
// one Lookup (the oracle batches at its own size), and marks what it
// records: a retraction of the work (Crossref's updated-by) sets the doc's
// Retracted flag, and a record it classifies as a notice is returned by
// DOI. A DOI it does not know is kept as it is; one it cannot answer for
// fails with an error wrapping oracles.ErrUnavailable: "I don't know" is
// not "not retracted".
func askNotices(ctx context.Context, o oracles.Oracle, docs []oracles.Hit) (map[string]evidence.Class, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	keys := make([]string, len(docs))
	var dois []string
	for i, d := range docs {
		if k, err := doi.Normalize(d.Record.DOI); err == nil {
			keys[i] = k
			dois = append(dois, k)
		}
	}
	answers := o.Lookup(ctx, dois)
	out := map[string]evidence.Class{}
	unknown := 0
	var cause error
	for i, d := range docs {
		if keys[i] == "" {
			continue // no DOI an oracle can be asked about
		}
		res, ok := answers[keys[i]]
		switch {
		case ok && res.Status == oracles.Found && res.Record != nil:
			if res.Record.Retracted {
				docs[i].Record.Retracted = true
			}
			if c := evidence.OfRecord(*res.Record); c.IsNotice() {
				out[d.Record.DOI] = c
			}
		case ok && res.Status == oracles.NotFound:
		default:
			unknown++
			if cause == nil {
				cause = res.Err
			}
		}
	}
	if unknown == 0 {
		return out, nil
	}
	if cause == nil {
		cause = errors.New("no answer")
	}
	if !errors.Is(cause, oracles.ErrUnavailable) {
		cause = fmt.Errorf("%w: %w", oracles.ErrUnavailable, cause)
	}
	return nil, fmt.Errorf("ask %s about notices of %d of %d record(s): %w", o.Name(), unknown, len(dois), cause)
}
