package offline

import (
	"context"
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

// defaultMinOverlap is RuleSkeptic's MinOverlap when unset.
const defaultMinOverlap = 0.5

// RuleSkeptic is the offline skeptic. It rewrites nothing and objects, per
// claim, to what a skeptic can see without a model: a quote that is a
// background, aim or methods sentence of its abstract, or a fragment, stated
// as a finding (Classify); overclaiming words absent from its quotes;
// numbers absent from the cited sources; claims whose content words barely
// overlap their quotes; a claim off the lead's topic; a claim that does not
// stand alone (an opening "This" or "However", "the two groups"); a claim
// whose cited study is of a narrower population (dogs, a cell line, older
// women, one country) than the claim and the brief's title say. Claims whose
// citations point outside the ledger are left to the gate.
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
		minOverlap = defaultMinOverlap
	}
	res := contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}, Usage: contract.Usage{Calls: 1, Model: "offline-rules"}}
	for _, c := range req.Draft.Claims() {
		res.Objections.Objections = append(res.Objections.Objections, review(c, req.Lead, req.Ledger, minOverlap)...)
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
