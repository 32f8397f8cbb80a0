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
// pass sends only the failed claims, and the title and headings the gate
// faulted, with their problems, and merges the fixes back: claims,
// headings and a title nobody complained about stay byte-identical. Every
// answer is validated by contract.ParseDraft (a repair's by
// contract.ParseRepair). Errors match ErrModel.
func (w *Writer) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if req.Repair() {
		failed, prose := failedClaims(req), failedProseOf(req)
		if len(failed) > 0 || !prose.empty() {
			return w.repair(ctx, req, failed, prose)
		}
		logging.FromContext(ctx, w.s.log).Info("repair without a failed claim, title or heading of the previous draft: full pass",
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
// an objection, in draft order. Ids match by contract.FoldID, the one id
// rule: a diagnostic or objection naming "C2" names claim "c2".
func failedClaims(req contract.WriteRequest) []failedClaim {
	probs := map[string][]problem{}
	for _, d := range req.Diagnostics {
		if d.ClaimID == "" {
			continue // the title's or a heading's: failedProseOf
		}
		id := contract.FoldID(d.ClaimID)
		probs[id] = append(probs[id], checkerProblem(d))
	}
	for _, o := range req.Objections {
		id := contract.FoldID(o.ClaimID)
		probs[id] = append(probs[id], problem{From: "reviewer", Reason: string(o.Kind), Detail: o.Detail})
	}
	var out []failedClaim
	for _, c := range req.Previous.Claims() {
		if p, ok := probs[contract.FoldID(c.ID)]; ok {
			out = append(out, failedClaim{Claim: c, Problems: p})
		}
	}
	return out
}

func checkerProblem(d contract.Diagnostic) problem {
	return problem{From: "citation_checker", Reason: string(d.Reason), DOI: d.DOI, Quote: d.Quote, Detail: d.Detail}
}

// failedTitle is the previous draft's title with what is wrong with it.
type failedTitle struct {
	Title    string    `json:"title"`
	Problems []problem `json:"problems"`
}

// failedHeading is a heading of the previous draft with what is wrong with
// it and the claims of its section, whose quotes back it.
type failedHeading struct {
	Section  int              `json:"section"`
	Heading  string           `json:"heading"`
	Problems []problem        `json:"problems"`
	Claims   []contract.Claim `json:"claims"`
}

// failedProse is the title and the headings the gate faulted.
type failedProse struct {
	Title    *failedTitle    `json:"title,omitempty"`
	Headings []failedHeading `json:"headings,omitempty"`
}

func (p failedProse) empty() bool { return p.Title == nil && len(p.Headings) == 0 }

// failedProseOf selects the previous draft's title and headings named by a
// diagnostic, headings in draft order.
func failedProseOf(req contract.WriteRequest) failedProse {
	var out failedProse
	byHeading := map[int][]problem{}
	for _, d := range req.Diagnostics {
		if d.OnTitle() {
			if out.Title == nil {
				out.Title = &failedTitle{Title: req.Previous.Title}
			}
			out.Title.Problems = append(out.Title.Problems, checkerProblem(d))
		}
		if sec, ok := d.OnHeading(); ok && sec <= len(req.Previous.Sections) {
			byHeading[sec] = append(byHeading[sec], checkerProblem(d))
		}
	}
	for i, s := range req.Previous.Sections {
		if p, ok := byHeading[i+1]; ok {
			out.Headings = append(out.Headings, failedHeading{Section: i + 1, Heading: s.Heading, Problems: p, Claims: s.Claims})
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

// repair sends the failed claims, title and headings, their problems and
// the sources they may cite, then merges the answer into the previous
// draft.
func (w *Writer) repair(ctx context.Context, req contract.WriteRequest, failed []failedClaim, prose failedProse) (contract.WriteResult, error) {
	sources := req.Ledger.Entries
	claims := make([]contract.Claim, 0, len(failed))
	wide := false
	for _, fc := range failed {
		claims = append(claims, fc.Claim)
		wide = wide || needsNewSource(req.Ledger, fc)
	}
	if !wide {
		backing := claims
		for _, h := range prose.Headings {
			backing = append(backing, h.Claims...)
		}
		sources = cited(req.Ledger, backing)
	}
	sources = withRepairPassages(sources, failed, w.s.repairPassages)
	var b strings.Builder
	writeLead(&b, req.Lead)
	writeSources(&b, sources)
	if len(failed) > 0 {
		b.WriteString("<failed_claims>\n")
		writeJSON(&b, failed)
		b.WriteString("</failed_claims>\n\n")
	}
	if !prose.empty() {
		b.WriteString("<failed_prose>\n")
		writeJSON(&b, prose)
		b.WriteString("</failed_prose>\n\n")
	}
	b.WriteString("Fix only these.\n")
	r := w.s.request(repairPrompt, b.String(), "draft", DraftSchema())
	fixed, usage, err := call(ctx, w.call.forPass(req.Iteration), r, parseRepair)
	if err != nil {
		return contract.WriteResult{Usage: usage}, err
	}
	d, ignored := merge(*req.Previous, failed, prose, fixed)
	logging.FromContext(ctx, w.s.log).Info("repair merged",
		zap.Int("iteration", req.Iteration), zap.Int("failed", len(failed)), zap.Int("fixed", len(fixed.Claims())),
		zap.Bool("title", prose.Title != nil), zap.Int("headings", len(prose.Headings)),
		zap.Int("ignored", ignored), zap.Int("sources", len(sources)), zap.Bool("all_sources", wide))
	return contract.WriteResult{Draft: d, Usage: usage}, nil
}

// parseRepair validates a repair answer with the draft contract
// (contract.ParseRepair: it may hold no claim, when only the title or a
// heading was asked for). A refused answer means nothing could be fixed.
func parseRepair(data []byte) (contract.Draft, error) {
	d, err := contract.ParseRepair(data)
	if err != nil {
		return contract.Draft{}, err
	}
	if d.Refused {
		return contract.Draft{}, nil
	}
	return d, nil
}

// merge replaces each failed claim by its fix, drops failed claims that came
// back unfixed, keeps every other claim as it was, and ignores returned
// claims that were not asked for (it returns how many); ids match by
// contract.FoldID and a fix keeps the claim's own id. A faulted title takes
// the answer's title unless blank; a faulted heading takes the heading of
// the answer's section in the order the headings were asked for (blank
// drops it: a heading is optional). A draft left with no claim becomes
// refused.
func merge(prev contract.Draft, failed []failedClaim, prose failedProse, answer contract.Draft) (contract.Draft, int) {
	isFailed := make(map[string]bool, len(failed))
	for _, fc := range failed {
		isFailed[contract.FoldID(fc.Claim.ID)] = true
	}
	fix := map[string]contract.Claim{}
	ignored := 0
	for _, c := range answer.Claims() {
		id := contract.FoldID(c.ID)
		if !isFailed[id] {
			ignored++
			continue
		}
		if _, dup := fix[id]; !dup {
			fix[id] = c
		}
	}
	title := prev.Title
	if prose.Title != nil && !contract.IsBlank(answer.Title) {
		title = answer.Title
	}
	headings := map[int]string{}
	for k, h := range prose.Headings {
		if k < len(answer.Sections) {
			headings[h.Section] = answer.Sections[k].Heading
		}
	}
	out := contract.Draft{Title: title, Refused: prev.Refused, Missing: prev.Missing, Sections: []contract.Section{}}
	for i, s := range prev.Sections {
		heading := s.Heading
		if h, ok := headings[i+1]; ok {
			heading = h
			if contract.IsBlank(h) {
				heading = ""
			}
		}
		sec := contract.Section{Heading: heading, Claims: []contract.Claim{}}
		for _, c := range s.Claims {
			id := contract.FoldID(c.ID)
			f, fixed := fix[id]
			switch {
			case !isFailed[id]:
				sec.Claims = append(sec.Claims, c)
			case fixed:
				f.ID = c.ID // the draft's own spelling of the id
				sec.Claims = append(sec.Claims, f)
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
