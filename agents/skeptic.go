package agents

import (
	"context"
	"strings"

	"go.uber.org/zap"

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
// costs no call. Objections naming a claim the draft does not have are
// dropped: they could never be resolved. Errors match ErrModel.
func (k *Skeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	claims := req.Draft.Claims()
	if len(claims) == 0 {
		return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
	}
	var b strings.Builder
	writeLead(&b, req.Lead)
	writeSources(&b, cited(req.Ledger, claims))
	b.WriteString("<draft>\n")
	writeJSON(&b, req.Draft)
	b.WriteString("</draft>\n\nReview every claim of the draft against its quotes and sources. Return only objections.\n")
	r := k.s.request(skepticPrompt, b.String(), "objections", ObjectionsSchema())
	obj, usage, err := call(ctx, k.call, r, contract.ParseObjections)
	if err != nil {
		return contract.ReviewResult{Usage: usage}, err
	}
	known := make(map[string]bool, len(claims))
	for _, c := range claims {
		known[c.ID] = true
	}
	kept := obj.Objections[:0]
	for _, o := range obj.Objections {
		if known[o.ClaimID] {
			kept = append(kept, o)
		}
	}
	if dropped := len(obj.Objections) - len(kept); dropped > 0 {
		k.s.log.Warn("skeptic objected to unknown claims", zap.Int("dropped", dropped), zap.Int("iteration", req.Iteration))
	}
	obj.Objections = kept
	return contract.ReviewResult{Objections: obj, Usage: usage}, nil
}
