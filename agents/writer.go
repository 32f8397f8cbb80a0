package agents

import (
	"context"
	"strings"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
)

// Writer drafts a brief from the ledger and repairs the claims the gate or
// the skeptic rejected. It implements pipeline.Writer.
type Writer struct {
	call caller
	s    settings
}

// NewWriter returns a writer calling m.
func NewWriter(m Model, opts ...Option) *Writer {
	s := newSettings(opts)
	return &Writer{call: s.caller("writer", m), s: s}
}

// Write drafts the brief (first pass) or repairs it (req.Repair()). A repair
// pass sends only the failed claims with their problems and merges the
// fixed claims back: claims nobody complained about stay byte-identical.
// Every answer is validated by contract.ParseDraft. Errors match ErrModel.
func (w *Writer) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if req.Repair() {
		if failed := failedClaims(req); len(failed) > 0 {
			return w.repair(ctx, req, failed)
		}
		logging.FromContext(ctx, w.s.log).Info("repair without a failed claim of the previous draft: full pass",
			zap.Int("iteration", req.Iteration), zap.Int("diagnostics", len(req.Diagnostics)), zap.Int("objections", len(req.Objections)))
	}
	var b strings.Builder
	writeLead(&b, req.Lead)
	writeSources(&b, req.Ledger.Entries)
	b.WriteString("Write the brief on the lead from these sources only.\n")
	r := w.s.request(writerPrompt, b.String(), "draft", DraftSchema())
	d, usage, err := call(ctx, w.call.forPass(req.Iteration), r, contract.ParseDraft)
	if err != nil {
		return contract.WriteResult{Usage: usage}, err
	}
	return contract.WriteResult{Draft: d, Usage: usage}, nil
}

// problem is one complaint about a claim, as the repair prompt shows it.
type problem struct {
	From   string `json:"from"`
	Reason string `json:"reason"`
	DOI    string `json:"doi,omitempty"`
	Quote  string `json:"quote,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// failedClaim is a claim of the previous draft with everything wrong with it.
type failedClaim struct {
	Claim    contract.Claim `json:"claim"`
	Problems []problem      `json:"problems"`
}

// failedClaims selects the previous draft's claims named by a diagnostic or
// an objection, in draft order.
func failedClaims(req contract.WriteRequest) []failedClaim {
	probs := map[string][]problem{}
	for _, d := range req.Diagnostics {
		probs[d.ClaimID] = append(probs[d.ClaimID], problem{From: "citation_checker", Reason: string(d.Reason), DOI: d.DOI, Quote: d.Quote, Detail: d.Detail})
	}
	for _, o := range req.Objections {
		probs[o.ClaimID] = append(probs[o.ClaimID], problem{From: "reviewer", Reason: string(o.Kind), Detail: o.Detail})
	}
	var out []failedClaim
	for _, c := range req.Previous.Claims() {
		if p, ok := probs[c.ID]; ok {
			out = append(out, failedClaim{Claim: c, Problems: p})
		}
	}
	return out
}

// needsNewSource reports whether a failed claim has no citation left that
// points into the ledger and was not itself rejected for its DOI; such a
// claim can only be fixed from another source.
func needsNewSource(ledger contract.Ledger, fc failedClaim) bool {
	badDOI := map[string]bool{}
	for _, p := range fc.Problems {
		switch contract.Reason(p.Reason) {
		case contract.ReasonInvalidDOI, contract.ReasonNotInSources, contract.ReasonNotFound, contract.ReasonRetracted:
			badDOI[strings.ToLower(p.DOI)] = true
		case contract.ReasonUncited:
			return true
		}
	}
	for _, ct := range fc.Claim.Citations {
		if badDOI[strings.ToLower(ct.DOI)] {
			continue
		}
		for _, e := range ledger.Entries {
			if sameDOI(ct.DOI, e.DOI) {
				return false
			}
		}
	}
	return true
}

// repair sends the failed claims, their problems and the sources they may
// cite, then merges the answer into the previous draft.
func (w *Writer) repair(ctx context.Context, req contract.WriteRequest, failed []failedClaim) (contract.WriteResult, error) {
	sources := req.Ledger.Entries
	claims := make([]contract.Claim, len(failed))
	wide := false
	for i, fc := range failed {
		claims[i] = fc.Claim
		wide = wide || needsNewSource(req.Ledger, fc)
	}
	if !wide {
		sources = cited(req.Ledger, claims)
	}
	var b strings.Builder
	writeLead(&b, req.Lead)
	writeSources(&b, sources)
	b.WriteString("<failed_claims>\n")
	writeJSON(&b, failed)
	b.WriteString("</failed_claims>\n\nFix only these claims.\n")
	r := w.s.request(repairPrompt, b.String(), "draft", DraftSchema())
	fixed, usage, err := call(ctx, w.call.forPass(req.Iteration), r, parseRepair)
	if err != nil {
		return contract.WriteResult{Usage: usage}, err
	}
	d, ignored := merge(*req.Previous, failed, fixed)
	logging.FromContext(ctx, w.s.log).Info("repair merged",
		zap.Int("iteration", req.Iteration), zap.Int("failed", len(failed)), zap.Int("fixed", len(fixed)),
		zap.Int("ignored", ignored), zap.Int("sources", len(sources)), zap.Bool("all_sources", wide))
	return contract.WriteResult{Draft: d, Usage: usage}, nil
}

// parseRepair validates a repair answer with the draft contract and returns
// its claims. A refused answer or an empty one means nothing could be fixed.
func parseRepair(data []byte) ([]contract.Claim, error) {
	d, err := contract.ParseDraft(data)
	if err != nil {
		return nil, err
	}
	if d.Refused {
		return nil, nil
	}
	return d.Claims(), nil
}

// merge replaces each failed claim by its fix, drops failed claims that came
// back unfixed, keeps every other claim as it was, and ignores returned
// claims that were not asked for (it returns how many). A draft left with
// no claim becomes refused.
func merge(prev contract.Draft, failed []failedClaim, fixed []contract.Claim) (contract.Draft, int) {
	isFailed := make(map[string]bool, len(failed))
	for _, fc := range failed {
		isFailed[fc.Claim.ID] = true
	}
	fix := map[string]contract.Claim{}
	ignored := 0
	for _, c := range fixed {
		if !isFailed[c.ID] {
			ignored++
			continue
		}
		if _, dup := fix[c.ID]; !dup {
			fix[c.ID] = c
		}
	}
	out := contract.Draft{Title: prev.Title, Refused: prev.Refused, Missing: prev.Missing, Sections: []contract.Section{}}
	for _, s := range prev.Sections {
		sec := contract.Section{Heading: s.Heading, Claims: []contract.Claim{}}
		for _, c := range s.Claims {
			switch {
			case !isFailed[c.ID]:
				sec.Claims = append(sec.Claims, c)
			case fix[c.ID].ID != "":
				sec.Claims = append(sec.Claims, fix[c.ID])
			}
		}
		if len(sec.Claims) > 0 || len(s.Claims) == 0 {
			out.Sections = append(out.Sections, sec)
		}
	}
	if len(out.Claims()) == 0 && !out.Refused {
		out.Refused = true
		out.Missing = "no claim of the draft could be supported by the sources after repair"
	}
	return out, ignored
}
