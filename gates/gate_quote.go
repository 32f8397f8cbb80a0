package gates

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// Where a quote was checked.
const (
	// CheckedOracle: the quote is in the text the oracle returned (and in
	// the ledger's).
	CheckedOracle = "oracle"
	// CheckedFile: no oracle returned text; the quote was checked against
	// the ledger alone, which may come from the user's --sources file.
	CheckedFile = "file"
	// CheckedFullText: the quote is in a section of the open-access full
	// text the oracle served at collection (contract.FullText), whose
	// path and kind the check names.
	CheckedFullText = "full_text"
)

// QuoteCheck is one verified quote: the exact source span it matched, which
// a brief shows instead of what the model typed, and what it was checked
// against.
type QuoteCheck struct {
	ClaimID string `json:"claim_id"`
	// Citation is the citation's position in the claim.
	Citation int    `json:"citation"`
	DOI      string `json:"doi"`
	// Source is the matched span of the ledger text.
	Source string `json:"source"`
	Span   Span   `json:"span"`
	// CheckedAgainst is CheckedOracle or CheckedFile.
	CheckedAgainst string `json:"checked_against"`
	Oracle         string `json:"oracle,omitempty"`
	// TextDiffers is set when the ledger's text and the oracle's differ
	// (the quote is in both) other than by the ledger's cut at a sentence
	// end.
	TextDiffers bool `json:"text_differs,omitempty"`
	// CachedAt is when the oracle's answer was stored, for one served
	// from a cache (oracles.Result.CachedAt); zero for a fresh one.
	CachedAt time.Time `json:"cached_at,omitzero"`
	// Section is where the quote was found: "title", "abstract", or a
	// full-text section's path ("body › 3 Results › 3.2 Survival",
	// "table 2"); SectionKind its kind (contract.Section*: background,
	// methods, results, discussion, table, ...), so a background sentence
	// cited as a finding can be objected to.
	Section     string `json:"section"`
	SectionKind string `json:"section_kind"`
	// SectionHash is the hash of the full-text section's marker-free text
	// (contract.TextSection.Hash), for verify to re-find the quote in.
	SectionHash string `json:"section_hash,omitempty"`
	// AcrossMarker is set when the quote matched the section's raw text
	// only, across a citation marker ("diabetes.135 The"); Source is then
	// the marker-free text of the span, and only its numbers back a claim.
	AcrossMarker bool `json:"across_marker,omitempty"`
}

// checkQuote applies the quote rules to one citation: against the ledger
// text the writer saw, then, when the oracle returned an abstract, against
// the oracle's text, which is authoritative: a quote found only in an
// edited --sources file fails with source_text_mismatch.
func (g *Gate) checkQuote(idx *Index, claim string, cite contract.Citation, entry contract.Entry, res oracles.Result) (QuoteCheck, *contract.Diagnostic) {
	fail := func(p Problem) *contract.Diagnostic {
		return &contract.Diagnostic{ClaimID: claim, DOI: entry.DOI, Reason: p.Reason, Quote: cite.Quote, Detail: fmt.Sprintf("%s (%s)", p.Detail, entry.ID)}
	}
	src, ok := idx.Source(entry.DOI)
	if !ok {
		src = NewSource(entry.Title, entry.Abstract)
	}
	span, p := src.Match(g.rules, cite.Quote)
	if !p.OK() {
		if p.Reason != contract.ReasonQuoteNotFound {
			return QuoteCheck{}, fail(p)
		}
		if qc, ok := idx.matchSections(g.rules, entry, cite.Quote); ok {
			qc.ClaimID = claim
			return qc, nil
		}
		return QuoteCheck{}, fail(notFoundIn(p, entry, len(idx.sections[entry.DOI]) > 0))
	}
	qc := QuoteCheck{ClaimID: claim, DOI: entry.DOI, Source: span.Of(src.Text), Span: span, CheckedAgainst: CheckedFile}
	qc.Section, qc.SectionKind = contract.SectionAbstract, contract.SectionAbstract
	if entry.Title != "" && span.End <= len(entry.Title) && strings.HasPrefix(src.Text, entry.Title) {
		qc.Section, qc.SectionKind = contract.SectionTitle, contract.SectionTitle
	}
	if res.Record == nil || res.Record.Abstract == "" {
		return qc, nil
	}
	auth := idx.oracleText(entry.DOI, res.Record.Title, res.Record.Abstract)
	if _, p := auth.Match(g.rules, cite.Quote); !p.OK() {
		return QuoteCheck{}, &contract.Diagnostic{ClaimID: claim, DOI: entry.DOI, Reason: contract.ReasonSourceTextMismatch, Quote: cite.Quote,
			Detail: fmt.Sprintf("quote is in the sources file's text of %s but not in the text %s returns for the DOI", entry.ID, res.Oracle)}
	}
	qc.CheckedAgainst, qc.Oracle, qc.TextDiffers = CheckedOracle, res.Oracle, !auth.Extends(src)
	return qc, nil
}

// indexCache keeps the index of the last ledger checked: a run checks the
// same ledger on every pass, so each entry is folded once per run.
type indexCache struct {
	mu   sync.Mutex
	last *Index
}

// get returns the folded index of ledger (whose digest is d), building it
// at most once per ledger.
func (c *indexCache) get(ledger contract.Ledger, d string) *Index {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil || c.last.digest != d {
		c.last = newIndex(ledger, d)
	}
	return c.last
}
