package offline

import (
	"context"
	"fmt"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// overclaims are words that state more certainty than a study abstract can
// carry. They are objected to unless the cited quote itself uses them.
var overclaims = []string{
	"prove", "proves", "proved", "proven", "cure", "cures", "cured", "guarantee", "guarantees", "guaranteed",
	"always", "never", "definitely", "definitively", "conclusively", "undeniably", "certainly",
	"eliminate", "eliminates", "eliminated", "100%", "all patients", "everyone", "no doubt", "revolutionary", "miracle",
}

// RuleSkeptic is the offline skeptic. It rewrites nothing and objects, per
// claim, to: overclaiming words absent from its quotes; numbers absent from
// the cited sources; claims whose content words barely overlap their quotes.
// Claims whose citations point outside the ledger are left to the gate.
type RuleSkeptic struct {
	// MinOverlap is the least share of a claim's content words that must
	// appear in its quotes (default 0.5).
	MinOverlap float64
}

// Review returns the objections; an empty list means none.
func (s RuleSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	if err := ctx.Err(); err != nil {
		return contract.ReviewResult{}, err
	}
	minOverlap := s.MinOverlap
	if minOverlap <= 0 {
		minOverlap = 0.5
	}
	res := contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}, Usage: contract.Usage{Calls: 1, Model: "offline-rules"}}
	object := func(c contract.Claim, k contract.ObjectionKind, format string, args ...any) {
		res.Objections.Objections = append(res.Objections.Objections, contract.Objection{ClaimID: c.ID, Kind: k, Detail: fmt.Sprintf(format, args...)})
	}
	for _, c := range req.Draft.Claims() {
		var quotes, sources strings.Builder
		for _, cite := range c.Citations {
			quotes.WriteString(cite.Quote + " ")
			for _, e := range req.Ledger.Entries {
				if strings.EqualFold(e.DOI, strings.TrimSpace(cite.DOI)) {
					sources.WriteString(e.Text() + " ")
				}
			}
		}
		text := " " + strings.ToLower(c.Text) + " "
		q := " " + strings.ToLower(quotes.String()) + " "
		for _, w := range overclaims {
			if containsWord(text, w) && !containsWord(q, w) {
				object(c, contract.KindOverclaim, "%q states more certainty than the cited quote", w)
				break
			}
		}
		srcNums := map[string]bool{}
		for _, n := range numbers(sources.String() + " " + quotes.String()) {
			srcNums[n] = true
		}
		for _, n := range numbers(c.Text) {
			if !srcNums[n] {
				object(c, contract.KindUnsupported, "the number %s does not appear in the cited sources", n)
				break
			}
		}
		if len(c.Citations) > 0 {
			if ov := overlap(contentWords(c.Text), contentWords(quotes.String())); ov < minOverlap {
				object(c, contract.KindExtrapolation, "only %.0f%% of the claim's content words are in its quotes", ov*100)
			}
		}
	}
	return res, nil
}

func containsWord(haystack, w string) bool {
	for _, sep := range []string{" ", ".", ",", ";", ":", "!", "?", ")", "("} {
		if strings.Contains(haystack, " "+w+sep) || strings.Contains(haystack, "("+w+sep) {
			return true
		}
	}
	return false
}
