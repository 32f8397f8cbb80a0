package offline

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// ExtractiveWriter is the offline writer. It is not a language model and
// does not pretend to be one: it picks the sentences of the sources'
// abstracts most relevant to the lead's topic and states each one, verbatim,
// as a claim citing its source with the sentence itself as the quote. It is
// deterministic, so the same ledger always gives the same draft.
//
// On a repair pass it drops the claims the gate or the skeptic faulted and
// replaces each with the next best unused sentence, leaving the other claims
// untouched.
type ExtractiveWriter struct {
	// MaxClaims caps the claims of a draft (default 6).
	MaxClaims int
	// MaxPerSource caps claims drawn from one source (default 2).
	MaxPerSource int
	// ReferenceIn, when set, is the gate's rule for references typed into
	// prose (gates.ReferenceIn, passed in by the engine: agents do not
	// import the gate): a sentence holding one is never proposed. Nil
	// proposes such sentences and leaves them to the gate.
	ReferenceIn func(prose string) string
	// ProseHolds, when set, is the gate's rule for prose a reader reads
	// besides the claims (gates.ProseBacked, passed in by the engine): it
	// reports whether prose passes the gate backed by quotes. The title
	// names the lead's topic only when it holds against the draft's quotes
	// and cited titles; otherwise it is "Evidence brief", so a topic with a
	// number no quote holds ("type 2 diabetes") or a character the gate
	// refuses never fails the title. Nil names the topic as it is.
	ProseHolds func(prose string, quotes []string) bool
	// MaxQuoteWords is the longest sentence used as a claim (default 25); the
	// gate refuses a quote longer than contract.MaxQuoteWords.
	MaxQuoteWords int
}

type candidate struct {
	entry contract.Entry
	text  string
	score float64
	rank  int
}

// Write drafts or repairs a brief.
func (w ExtractiveWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if err := ctx.Err(); err != nil {
		return contract.WriteResult{}, err
	}
	res := contract.WriteResult{Usage: contract.Usage{Calls: 1, Model: "offline-extractive"}}
	cands := w.candidates(req)

	var claims []contract.Claim
	used := map[string]bool{}
	perSource := map[string]int{}
	if req.Repair() {
		faulted := map[string]bool{} // by contract.FoldID, the one id rule
		for _, d := range req.Diagnostics {
			faulted[contract.FoldID(d.ClaimID)] = true
		}
		for _, o := range req.Objections {
			faulted[contract.FoldID(o.ClaimID)] = true
		}
		for _, c := range req.Previous.Claims() {
			for _, cite := range c.Citations {
				used[cite.Quote] = true // never propose a faulted sentence again
			}
			if faulted[contract.FoldID(c.ID)] {
				continue
			}
			claims = append(claims, c)
			for _, cite := range c.Citations {
				perSource[cite.DOI]++
			}
		}
	}
	next := len(claims) + 1
	if req.Repair() {
		next = maxClaimNumber(req.Previous.Claims()) + 1
	}
	for _, c := range cands {
		if len(claims) >= w.maxClaims() {
			break
		}
		if used[c.text] || perSource[c.entry.DOI] >= w.maxPerSource() {
			continue
		}
		used[c.text] = true
		perSource[c.entry.DOI]++
		claims = append(claims, contract.Claim{
			ID:        fmt.Sprintf("c%d", next),
			Text:      c.text,
			Citations: []contract.Citation{{DOI: c.entry.DOI, Quote: c.text}},
		})
		next++
	}
	title := w.title(req, claims)
	if len(claims) == 0 {
		res.Draft = contract.Draft{
			Title: title, Sections: []contract.Section{}, Refused: true,
			Missing: fmt.Sprintf("none of the %d sources has an abstract sentence of at most %d words about %q", len(req.Ledger.Entries), w.maxQuoteWords(), req.Lead.Topic),
		}
		return res, nil
	}
	res.Draft = contract.Draft{Title: title, Sections: []contract.Section{{Heading: "Key findings", Claims: claims}}}
	return res, nil
}

// title names the lead's topic (or its name) when the gate would pass it
// backed by the claims' quotes and the titles of the records they cite
// (ProseHolds), else "Evidence brief".
func (w ExtractiveWriter) title(req contract.WriteRequest, claims []contract.Claim) string {
	const plain = "Evidence brief"
	topic := strings.TrimSpace(req.Lead.Topic)
	if topic == "" {
		topic = strings.TrimSpace(req.Lead.Name)
	}
	if topic == "" {
		return plain
	}
	title := plain + ": " + topic
	if w.ProseHolds == nil {
		return title
	}
	var backs []string
	for _, c := range claims {
		for _, ct := range c.Citations {
			backs = append(backs, ct.Quote)
			for _, e := range req.Ledger.Entries {
				if e.DOI == ct.DOI && e.Title != "" {
					backs = append(backs, contract.CleanText(e.Title))
				}
			}
		}
	}
	if !w.ProseHolds(title, backs) {
		return plain
	}
	return title
}

func maxClaimNumber(cs []contract.Claim) int {
	n := 0
	for _, c := range cs {
		var k int
		if _, err := fmt.Sscanf(c.ID, "c%d", &k); err == nil && k > n {
			n = k
		}
	}
	return max(n, len(cs))
}

// candidates scores every usable abstract sentence by the share of topic
// words it contains plus findingBonus, breaking ties by source rank then
// position.
func (w ExtractiveWriter) candidates(req contract.WriteRequest) []candidate {
	topic := contentWords(req.Lead.Topic + " " + req.Lead.Name)
	var out []candidate
	for rank, e := range req.Ledger.Entries {
		if e.DOI == "" || e.Retracted || e.RetractionNotice {
			continue
		}
		// The abstract's sentences, then those of the full-text passages
		// collection chose for the lead (contract.Entry.Passages).
		texts := []string{e.Abstract}
		for _, p := range e.Passages {
			texts = append(texts, p.Text)
		}
		for _, s := range sentencesOf(texts) {
			n := len(strings.Fields(s))
			if n < 8 || n > w.maxQuoteWords() || !w.plainProse(s) {
				continue
			}
			score := overlap(topic, contentWords(s))
			if len(topic) == 0 {
				score = 1
			}
			if score == 0 {
				continue
			}
			score += findingBonus(s)
			out = append(out, candidate{entry: e, text: s, score: score, rank: rank})
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.rank - b.rank
	})
	return out
}

// plainProse reports whether a sentence may be stated as a claim: the gate
// rejects prose holding a reference (an abstract citing "(Smith et al.,
// 2020)") or a hidden character, so such a sentence is never proposed. The
// reference rule is the gate's own (ReferenceIn).
func (w ExtractiveWriter) plainProse(s string) bool {
	if _, _, hidden := contract.HiddenRune(s); hidden {
		return false
	}
	return w.ReferenceIn == nil || w.ReferenceIn(s) == ""
}

func (w ExtractiveWriter) maxClaims() int     { return orDefault(w.MaxClaims, 6) }
func (w ExtractiveWriter) maxPerSource() int  { return orDefault(w.MaxPerSource, 2) }
func (w ExtractiveWriter) maxQuoteWords() int { return orDefault(w.MaxQuoteWords, 25) }

func orDefault(v, d int) int {
	if v > 0 {
		return v
	}
	return d
}

var (
	findingMarkers = []string{"found", "showed", "shows", "associated", "increased", "decreased", "reduced", "lower", "higher",
		"significant", "improved", "%", "risk", "rates", "rising", "declined", "more likely", "less likely", "suggest", "indicate"}
	aimMarkers = []string{"this study", "we aimed", "aimed to", "aims to", "the aim", "objective", "we investigated",
		"this review", "were sourced", "were collected", "was conducted", "we conducted", "purpose", "we describe", "here, we"}
)

// findingBonus prefers sentences that report a finding over sentences that
// state an aim or a method: +0.25 for a finding marker, -0.5 for an aim or
// method marker. A brief is made of findings.
func findingBonus(s string) float64 {
	low := strings.ToLower(s)
	bonus := 0.0
	for _, m := range findingMarkers {
		if strings.Contains(low, m) {
			bonus += 0.25
			break
		}
	}
	for _, m := range aimMarkers {
		if strings.Contains(low, m) {
			bonus -= 0.5
			break
		}
	}
	return bonus
}

// sentencesOf lists the sentences of each text in turn: a sentence never
// runs from one text into the next, and one whose brackets do not close
// (a full text's "(Fig. 1)" split at "Fig.") is not a sentence.
func sentencesOf(texts []string) []string {
	var out []string
	for _, t := range texts {
		for _, s := range sentences(t) {
			if strings.Count(s, "(") == strings.Count(s, ")") && strings.Count(s, "[") == strings.Count(s, "]") {
				out = append(out, s)
			}
		}
	}
	return out
}
