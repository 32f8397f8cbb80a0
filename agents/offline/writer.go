package offline

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// ExtractiveWriter is the offline writer. It is not a language model and
// does not pretend to be one: it picks the findings of the sources'
// abstracts (sentences Classify calls findings: from results and
// conclusions, or with a result verb and a number) most relevant to the
// lead's topic and states each one, verbatim, as a claim citing its source
// with the sentence itself as the quote, so a claim keeps the population,
// place and design its sentence carries. It never states a background,
// aim or methods sentence or a fragment. It is deterministic, so the same
// ledger always gives the same draft.
//
// Its first draft checks a sentence's kind only, as a hurried writer
// would; the skeptic's other checks (standing alone, topic, population) are
// the skeptic's to make. On a repair pass it repairs a claim the skeptic
// objected to when it can (an opening "However, " taken off, the cited
// study's population said) and drops every other faulted claim, replacing each with the next unused finding that none of
// the skeptic's checks would object to, leaving the other claims untouched.
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
	// and cited titles; otherwise it is PlainTitle, so a topic with a
	// number no quote holds ("type 2 diabetes") or a character the gate
	// refuses never fails the title. Nil names the topic as it is.
	ProseHolds func(prose string, quotes []string) bool
	// MaxQuoteWords is the longest sentence used as a claim (default 35); the
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
		gateFaulted := map[string]bool{}
		for _, d := range req.Diagnostics {
			gateFaulted[contract.FoldID(d.ClaimID)] = true
		}
		for _, c := range req.Previous.Claims() {
			for _, cite := range c.Citations {
				used[cite.Quote] = true // never propose a faulted sentence again
			}
			if faulted[contract.FoldID(c.ID)] {
				fixed, ok := w.repaired(c, req)
				if gateFaulted[contract.FoldID(c.ID)] || !ok {
					continue
				}
				c = fixed
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
		claim := contract.Claim{
			ID:        fmt.Sprintf("c%d", next),
			Text:      c.text,
			Citations: []contract.Citation{{DOI: c.entry.DOI, Quote: c.text}},
		}
		if req.Repair() && len(review(claim, req.Lead, req.Ledger, defaultMinOverlap)) > 0 {
			continue // told what the skeptic objects to, propose nothing it would
		}
		used[c.text] = true
		perSource[c.entry.DOI]++
		claims = append(claims, claim)
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
	res.Draft = contract.Draft{Title: title, Sections: []contract.Section{{Heading: Heading, Claims: claims}}}
	return res, nil
}

// Heading is the one section of an extractive draft: what the gate checks
// of its claims, no more ("findings" would promise a judgement).
const Heading = "Claims with verified quotes"

// PlainTitle is the title of an extractive draft when the lead's topic
// cannot be named in it.
const PlainTitle = "Sourced brief"

// repaired repairs a claim the skeptic objected to when the sentence can
// be said so that it stands alone and names its population: an opening
// connective is taken off ("However, X" becomes "X") and the population the
// cited study's title names is said ("... (a study in China)."); ok is
// false when no such repair leaves a claim the skeptic accepts.
func (w ExtractiveWriter) repaired(c contract.Claim, req contract.WriteRequest) (contract.Claim, bool) {
	text := c.Text
	if t := unlean(text); t != "" {
		text = t
	}
	for _, cite := range c.Citations {
		e, ok := req.Ledger.ByDOI(cite.DOI)
		if !ok {
			continue
		}
		for range populations {
			p, narrow := narrowerPopulation(text, req.Lead, e)
			if !narrow {
				break
			}
			text = strings.TrimSuffix(text, ".") + " (a study " + p.in() + ")."
		}
	}
	if text == c.Text {
		return c, false
	}
	c.Text = text
	if len(review(c, req.Lead, req.Ledger, defaultMinOverlap)) > 0 {
		return c, false
	}
	return c, true
}

// title names the lead's topic (or its name) when the gate would pass it
// backed by the claims' quotes and the titles of the records they cite
// (ProseHolds), else PlainTitle.
func (w ExtractiveWriter) title(req contract.WriteRequest, claims []contract.Claim) string {
	const plain = PlainTitle
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

// candidates scores every usable finding of the abstracts by the share of
// topic words it contains, plus a quarter for a sentence with a number,
// breaking ties by source rank then position.
func (w ExtractiveWriter) candidates(req contract.WriteRequest) []candidate {
	topic := contentWords(req.Lead.Topic + " " + req.Lead.Name)
	var out []candidate
	for rank, e := range req.Ledger.Entries {
		if e.DOI == "" || e.Retracted || e.RetractionNotice {
			continue
		}
		// The abstract's sentences, then those of the full-text passages
		// collection chose for the lead (contract.Entry.Passages).
		for _, s := range sentencesOf(e.Abstract, e.Passages) {
			n := len(strings.Fields(s.Text))
			if s.Kind != Finding || n < 8 || n > w.maxQuoteWords() || !w.plainProse(s.Text) {
				continue
			}
			score := overlap(topic, contentWords(s.Text))
			if len(topic) == 0 {
				score = 1
			}
			if score == 0 {
				continue
			}
			if numberRE.MatchString(s.Text) {
				score += 0.25
			}
			out = append(out, candidate{entry: e, text: s.Text, score: score, rank: rank})
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
func (w ExtractiveWriter) maxQuoteWords() int { return orDefault(w.MaxQuoteWords, 35) }

func orDefault(v, d int) int {
	if v > 0 {
		return v
	}
	return d
}

// sentencesOf classifies the sentences of the abstract and then of each
// full-text passage, a passage's by the kind of its section (a results
// section's sentences are findings unless they state an aim or a method):
// a sentence never runs from one text into the next, and one whose
// brackets do not close (a full text's "(Fig. 1)" split at "Fig.") is not
// a sentence.
func sentencesOf(abstract string, passages []contract.Passage) []Sentence {
	balanced := func(s string) bool {
		return strings.Count(s, "(") == strings.Count(s, ")") && strings.Count(s, "[") == strings.Count(s, "]")
	}
	var out []Sentence
	for _, s := range Classify(abstract) {
		if balanced(s.Text) {
			out = append(out, s)
		}
	}
	for _, p := range passages {
		for _, text := range splitSentences(p.Text) {
			if balanced(text) {
				out = append(out, Sentence{Text: text, Section: p.Section, Kind: ClassifySentence(p.Kind, text)})
			}
		}
	}
	return out
}
