package gates

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// Verdict is the gate's judgement of one draft. Verified is true only when
// there are no failures and the oracle answered for every citation.
type Verdict struct {
	Verified bool                  `json:"verified"`
	Failures []contract.Diagnostic `json:"failures"`
	// Citations and Claims count what was checked.
	Citations int `json:"citations"`
	Claims    int `json:"claims"`
	// OracleUnavailable is set when any citation could not be decided
	// because the oracle did not answer. The loop stops at once on it.
	OracleUnavailable bool `json:"oracle_unavailable"`
	// Quotes are the citations whose quotes verified, with the source span
	// each matched and the text it was checked against.
	Quotes       []QuoteCheck `json:"quotes,omitempty"`
	DraftDigest  string       `json:"draft_digest"`
	LedgerDigest string       `json:"ledger_digest"`
	CheckedAt    time.Time    `json:"checked_at"`
}

// Reasons counts failures by reason code.
func (v Verdict) Reasons() map[contract.Reason]int {
	out := map[contract.Reason]int{}
	for _, f := range v.Failures {
		out[f.Reason]++
	}
	return out
}

// Gate checks drafts. It is safe for concurrent use if its oracle is.
type Gate struct {
	oracle oracles.Oracle
	logger *zap.Logger
	now    func() time.Time
	rules  Rules
	cache  indexCache
}

// Option configures a Gate.
type Option func(*Gate)

// WithLogger sets the gate's logger.
func WithLogger(l *zap.Logger) Option { return func(g *Gate) { g.logger = l } }

// WithMinQuoteWords sets how many words a quote needs (gate.min_quote_words;
// default DefaultMinQuoteWords). Values below 1 keep the default.
func WithMinQuoteWords(n int) Option {
	return func(g *Gate) {
		if n > 0 {
			g.rules.MinWords = n
		}
	}
}

// WithClock sets the gate's clock.
func WithClock(now func() time.Time) Option { return func(g *Gate) { g.now = now } }

// New returns a gate that confirms DOIs with oracle.
func New(oracle oracles.Oracle, opts ...Option) *Gate {
	g := &Gate{oracle: oracle, logger: zap.NewNop(), now: time.Now, rules: DefaultRules()}
	for _, o := range opts {
		o(g)
	}
	return g
}

// Check judges draft against the ledger, the oracle and the skeptic's
// objections. Per citation it checks, in order and stopping at the first
// failure: DOI syntax, presence in the ledger, the oracle's answer, that the
// source is evidence (not a notice, by evidence.Classify on the ledger's
// record and the oracle's), the quote rules against the
// ledger text and, when the oracle returns an abstract, against the
// oracle's text, retraction. Then every claim must have a citation, the
// prose must hold no reference, hidden character or number its quotes lack
// (prose.go, numbers.go), and no objection may be open. The verdict lists
// every failure.
//
// A Proof is returned only when the verdict is verified; otherwise the proof
// is the zero value, which the assembler refuses.
func (g *Gate) Check(ctx context.Context, draft contract.Draft, ledger contract.Ledger, objections []contract.Objection) (Verdict, Proof) {
	v := Verdict{
		Failures:     []contract.Diagnostic{},
		DraftDigest:  draft.Digest(),
		LedgerDigest: ledger.Digest(),
		CheckedAt:    g.now().UTC(),
	}
	if draft.Refused {
		// A refusal is not a brief; nothing to approve.
		return v, Proof{}
	}

	type pending struct {
		claim string
		index int
		cite  contract.Citation
		doi   string
		entry contract.Entry
	}
	var toLookup []pending
	var dois []string
	seen := map[string]bool{}
	for _, c := range draft.Claims() {
		v.Claims++
		if len(c.Citations) == 0 {
			v.fail(contract.Diagnostic{ClaimID: c.ID, Reason: contract.ReasonUncited, Detail: "claim has no citation"})
		}
		for ci, cite := range c.Citations {
			v.Citations++
			id, err := doi.Normalize(cite.DOI)
			if err != nil {
				var de *doi.Error
				detail := err.Error()
				if errors.As(err, &de) {
					detail = de.Reason
				}
				v.fail(contract.Diagnostic{ClaimID: c.ID, DOI: cite.DOI, Reason: contract.ReasonInvalidDOI, Detail: detail})
				continue
			}
			entry, ok := ledger.ByDOI(id)
			if !ok {
				v.fail(contract.Diagnostic{ClaimID: c.ID, DOI: id, Reason: contract.ReasonNotInSources, Detail: "DOI is not one of the collected sources"})
				continue
			}
			toLookup = append(toLookup, pending{claim: c.ID, index: ci, cite: cite, doi: id, entry: entry})
			if !seen[id] {
				seen[id] = true
				dois = append(dois, id)
			}
		}
	}

	idx := g.cache.get(ledger, v.LedgerDigest)
	var answers map[string]oracles.Result
	if len(dois) > 0 {
		answers = g.oracle.Lookup(ctx, dois)
	}
	for _, p := range toLookup {
		res, ok := answers[p.doi]
		// Ifs rather than switch cases, so that coverage (and mutation
		// testing) sees each condition.
		if !ok || res.Status == oracles.Unknown {
			cause := "oracle gave no answer"
			if ok && res.Err != nil {
				cause = res.Err.Error()
			}
			v.OracleUnavailable = true
			v.fail(contract.Diagnostic{ClaimID: p.claim, DOI: p.doi, Reason: contract.ReasonOracleUnavailable, Detail: cause})
			continue
		}
		if res.Status == oracles.NotFound {
			v.fail(contract.Diagnostic{ClaimID: p.claim, DOI: p.doi, Reason: contract.ReasonNotFound, Detail: fmt.Sprintf("%s has no record with this DOI", res.Oracle)})
			continue
		}
		if res.Record == nil || !doi.Same(res.Record.DOI, p.doi) {
			// An oracle that says found must show the record; a record for
			// another DOI is not a confirmation.
			v.fail(contract.Diagnostic{ClaimID: p.claim, DOI: p.doi, Reason: contract.ReasonNotFound, Detail: fmt.Sprintf("%s returned no record whose DOI equals the cited one", res.Oracle)})
			continue
		}
		class := noticeOf(p.entry, *res.Record)
		if c := class; c.IsNotice() {
			v.fail(contract.Diagnostic{ClaimID: p.claim, DOI: p.doi, Reason: contract.ReasonNotEvidence,
				Detail: fmt.Sprintf("source is a notice (%s, by its %s), not evidence", c.Notice, c.Signal)})
			continue
		}
		qc, d := g.checkQuote(idx, p.claim, p.cite, p.entry, res)
		if d != nil {
			v.fail(*d)
			continue
		}
		if p.entry.Retracted || res.Record.Retracted || class.Retracted {
			v.fail(contract.Diagnostic{ClaimID: p.claim, DOI: p.doi, Reason: contract.ReasonRetracted, Detail: "source is retracted"})
			continue
		}
		qc.Citation, qc.CachedAt = p.index, res.CachedAt
		v.Quotes = append(v.Quotes, qc)
	}

	titles := map[string]string{}
	for id, res := range answers {
		if res.Status == oracles.Found && res.Record != nil && doi.Same(res.Record.DOI, id) {
			titles[id] = res.Record.Title
		}
	}
	// A quote matched across a citation marker backs only the numbers of
	// its marker-free text (numbersDraft).
	v.Failures = append(v.Failures, textFailures(numbersDraft(draft, v.Quotes), ledger, idx, titles)...)

	ids := map[string]string{}
	for _, c := range draft.Claims() {
		ids[contract.FoldID(c.ID)] = c.ID
	}
	for _, o := range objections {
		// Ids match trimmed and case-folded, as everywhere: an objection
		// to "C2" names claim "c2", and the writer is told "c2".
		id := o.ClaimID
		if own, ok := ids[contract.FoldID(id)]; ok {
			id = own
		}
		v.fail(contract.Diagnostic{ClaimID: id, Reason: contract.ReasonOpenObjection, Kind: o.Kind, Detail: fmt.Sprintf("%s: %s", o.Kind, o.Detail)})
	}

	v.Verified = len(v.Failures) == 0 && v.Claims > 0 && !v.OracleUnavailable
	logging.FromContext(ctx, g.logger).Info("gate checked draft",
		zap.Int("claims", v.Claims), zap.Int("citations", v.Citations),
		zap.Int("failures", len(v.Failures)), zap.Bool("verified", v.Verified),
		zap.Bool("oracle_unavailable", v.OracleUnavailable))
	if !v.Verified {
		return v, Proof{}
	}
	return v, Proof{draftDigest: v.DraftDigest, ledgerDigest: v.LedgerDigest, leadDigest: ledger.Lead.Digest(), checkedAt: v.CheckedAt}
}

func (v *Verdict) fail(d contract.Diagnostic) { v.Failures = append(v.Failures, d) }

// noticeOf classifies the cited source by what the ledger and the oracle
// say of it: a notice by either is a notice.
// A work either says is retracted (a type, its own title) is Retracted.
func noticeOf(e contract.Entry, r oracles.Record) evidence.Class {
	r.Title = contract.CleanText(r.Title)
	c := evidence.OfRecord(r)
	if c.IsNotice() {
		return c
	}
	l := evidence.OfRecord(oracles.Record{Title: contract.CleanText(e.Title), PubTypes: e.PubTypes, Erratum: e.Erratum,
		RetractionNotice: e.RetractionNotice, Preprint: e.Preprint})
	l.Retracted = l.Retracted || c.Retracted
	return l
}
