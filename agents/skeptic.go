package agents

import (
	"context"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// Skeptic is the adversarial reviewer: it returns objections to claims and
// never rewrites the draft. It implements pipeline.Skeptic.
type Skeptic struct {
	call caller
	s    settings
}

// NewSkeptic returns a skeptic calling m.
func NewSkeptic(m Model, opts ...Option) *Skeptic {
	s := newSettings(opts)
	return &Skeptic{call: s.caller("skeptic", m), s: s}
}

// Review asks the model for objections to the draft's claims, given the
// sources they cite. A draft without claims (refused) gets no objection and
// costs no call. Claim ids are matched trimmed and case-folded; an
// objection naming no claim of the draft fails the answer as invalid, like
// any other breach of the contract (it is never silently dropped). Errors
// match ErrModel.
func (k *Skeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	claims := req.Draft.Claims()
	if len(claims) == 0 {
		return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
	}
	var b strings.Builder
	writeLead(&b, req.Lead)
	sources := cited(req.Ledger, claims)
	writeSources(&b, sources)
	b.WriteString("<draft>\n")
	writeJSON(&b, req.Draft)
	b.WriteString("</draft>\n\n")
	writeQuoteSections(&b, sources, claims)
	b.WriteString("Review every claim of the draft against its quotes and sources. Return only objections.\n")
	r := k.s.request(skepticPrompt, b.String(), "objections", ObjectionsSchema())
	parse := func(data []byte) (contract.Objections, error) {
		obj, err := contract.ParseObjections(data)
		if err != nil {
			return contract.Objections{}, err
		}
		return obj.ResolveClaims(req.Draft)
	}
	obj, usage, err := call(ctx, k.call.forPass(req.Iteration), r, parse)
	if err != nil {
		return contract.ReviewResult{Usage: usage}, err
	}
	return contract.ReviewResult{Objections: obj, Usage: usage}, nil
}
