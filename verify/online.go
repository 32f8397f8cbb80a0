package verify

import (
	"cmp"
	"context"
	"fmt"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// checkOnline looks every cited DOI up again and reports sources retracted
// or corrected since the brief shipped, and sources the oracle could not
// answer for: unknown with its cause (an outage, or a DOI an offline
// corpus does not hold), never a false alarm, never not found.
func checkOnline(ctx context.Context, r *Result, o oracles.Oracle, draft contract.Draft, ledger contract.Ledger) {
	var dois []string
	seen := map[string]bool{}
	for _, c := range draft.Claims() {
		for _, cite := range c.Citations {
			d, err := doi.Normalize(cite.DOI)
			if err != nil || seen[d] {
				continue
			}
			seen[d] = true
			dois = append(dois, d)
		}
	}
	answers := o.Lookup(ctx, dois)
	for _, d := range dois {
		a := answers[d]
		src := Source{DOI: d, Status: a.Status.String(), Cause: oracles.CauseOf(a), URL: "https://doi.org/" + doi.PathEscape(d), CachedAt: a.CachedAt}
		entry, _ := ledger.ByDOI(d)
		switch a.Status {
		case oracles.Found:
			if a.Record != nil {
				// By the flags and by evidence.OfRecord, the gate's
				// classification: a retracted work, or a retraction or
				// withdrawal notice, is retracted; another notice an erratum.
				c := evidence.OfRecord(*a.Record)
				notice := c.IsNotice() && (c.Notice == evidence.Retraction || c.Notice == evidence.Withdrawal)
				src.Retracted = a.Record.Retracted || a.Record.RetractionNotice || c.Retracted || notice
				src.Erratum = a.Record.Erratum || a.Record.Corrected || c.IsNotice() && !notice
			}
			if src.Retracted && !entry.Retracted {
				r.add(Changed, Finding{Code: "source_retracted", DOI: d, Detail: fmt.Sprintf("%s is now marked retracted by %s", d, a.Oracle)})
			}
			if a.Record != nil && (a.Record.Corrected || (src.Erratum && !entry.Erratum)) {
				r.add(Changed, Finding{Code: "source_corrected", DOI: d, Detail: fmt.Sprintf("%s now has an erratum or correction per %s", d, a.Oracle)})
			}
		case oracles.NotFound:
			r.add(Changed, Finding{Code: "source_not_found", DOI: d, Detail: fmt.Sprintf("%s is no longer found by %s", d, a.Oracle)})
		default:
			cause := src.Cause
			if cause == "" {
				cause = oracles.CauseUnavailable
			}
			r.add(Unknown, Finding{Code: "source_unknown", DOI: d, Cause: cause,
				Detail: fmt.Sprintf("%s is unknown to %s: %s", d, cmp.Or(a.Oracle, o.Name()), oracles.DescribeUnknown(a.Err))})
		}
		r.Sources = append(r.Sources, src)
	}
}
