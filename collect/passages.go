package collect

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/phrase"
)

// Defaults of the passages shown to the writer.
const (
	// DefaultMaxPassages is the most passages of one paper the writer sees
	// (collect.max_passages).
	DefaultMaxPassages = 3
	// DefaultMaxPassageChars caps one passage in characters
	// (collect.max_passage_chars); a longer paragraph is shown as its best
	// run of whole sentences.
	DefaultMaxPassageChars = 700
)

// kindRank orders section kinds for the writer: results and tables first,
// then what a finding rests on; background last.
var kindRank = map[string]int{
	contract.SectionResults: 0, contract.SectionTable: 0, contract.SectionConclusions: 1,
	contract.SectionFigure: 1, contract.SectionDiscussion: 2, contract.SectionMethods: 3,
	contract.SectionOther: 4, contract.SectionBackground: 5,
}

// candidate is one paragraph of a section, scored.
type candidate struct {
	sec   contract.TextSection
	text  string
	score float64
	order int
}

// selectPassages picks at most n passages of a full text for the topic
// terms: every paragraph of every section that the writer does not see
// already (in shown, the entry's title and abstract as the ledger keeps
// them: the part of an abstract past the ledger's cut is a candidate) is
// scored with BM25 against the terms; those that match are ranked by kind
// (results and tables first), then score, then order in the article. A
// paragraph longer than maxChars is shown as its best-scoring run of whole
// sentences: nothing is cut mid-sentence. With no terms, or no paragraph
// matching them, the first results (or table) paragraphs are shown.
func selectPassages(secs []contract.TextSection, shown string, terms []string, n, maxChars int) []contract.Passage {
	if n <= 0 {
		n = DefaultMaxPassages
	}
	if maxChars <= 0 {
		maxChars = DefaultMaxPassageChars
	}
	q := queryTokens(terms)
	var cands []candidate
	seen := looseText(shown)
	for _, s := range secs {
		for _, p := range strings.Split(s.Text, "\n") {
			if p = strings.TrimSpace(p); utf8.RuneCountInString(p) >= 40 && !strings.Contains(seen, looseText(p)) {
				cands = append(cands, candidate{sec: s, text: p, order: len(cands)})
			}
		}
	}
	scoreBM25(cands, q)
	matched := cands[:0:0]
	for _, c := range cands {
		if c.score > 0 {
			matched = append(matched, c)
		}
	}
	if len(matched) == 0 {
		matched = cands
	}
	sort.SliceStable(matched, func(a, b int) bool {
		x, y := matched[a], matched[b]
		if kindRank[x.sec.Kind] != kindRank[y.sec.Kind] {
			return kindRank[x.sec.Kind] < kindRank[y.sec.Kind]
		}
		if x.score != y.score {
			return x.score > y.score
		}
		return x.order < y.order
	})
	var out []contract.Passage
	for _, c := range matched[:min(n, len(matched))] {
		out = append(out, contract.Passage{Section: c.sec.Path, Kind: c.sec.Kind, Text: fitSentences(c.text, q, maxChars)})
	}
	return out
}

// scoreBM25 scores each candidate with Okapi BM25 over its words
// (bm25Scores, as records are ranked).
func scoreBM25(cands []candidate, q []string) {
	texts := make([]string, len(cands))
	for i, c := range cands {
		texts[i] = c.text
	}
	for i, sc := range bm25Scores(texts, q) {
		cands[i].score += sc
	}
}

// fitSentences returns p when it fits maxChars, else the run of whole
// sentences around p's best-matching sentence that fits (at least that
// sentence, cut at a word if it alone is too long).
func fitSentences(p string, q []string, maxChars int) string {
	if utf8.RuneCountInString(p) <= maxChars {
		return p
	}
	sents := splitSentences(p)
	best, bestScore := 0, -1
	for i, s := range sents {
		score := 0
		for _, t := range phrase.Words(s) {
			for _, w := range q {
				if t == w {
					score++
				}
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	lo, hi := best, best+1
	size := utf8.RuneCountInString(sents[best])
	for {
		grew := false
		if hi < len(sents) && size+1+utf8.RuneCountInString(sents[hi]) <= maxChars {
			size += 1 + utf8.RuneCountInString(sents[hi])
			hi++
			grew = true
		}
		if lo > 0 && size+1+utf8.RuneCountInString(sents[lo-1]) <= maxChars {
			lo--
			size += 1 + utf8.RuneCountInString(sents[lo])
			grew = true
		}
		if !grew {
			break
		}
	}
	out := strings.Join(sents[lo:hi], " ")
	if utf8.RuneCountInString(out) > maxChars {
		out, _ = truncateSentence(out, maxChars)
	}
	return out
}

// splitSentences splits text after ". ", "! " and "? ".
func splitSentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && s[i+1] == ' ' {
			out = append(out, s[start:i+1])
			start = i + 2
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// PassagesFor chooses at most n passages (of at most maxChars characters)
// of an entry's full-text sections, held in memory, about a text such as a
// claim being repaired: BM25 over the sections' paragraphs for its words,
// results and tables first, as for the lead. None when the full text was
// not read or its sections are not in memory.
func PassagesFor(e contract.Entry, about string, n, maxChars int) []contract.Passage {
	if !e.FullText.Checked() {
		return nil
	}
	for _, s := range e.FullText.Sections {
		if s.Text == "" {
			return nil
		}
	}
	return selectPassages(e.FullText.Sections, e.Text(), []string{about}, n, maxChars)
}

// looseText lower-cases s and collapses its spaces, for telling whether a
// paragraph is already shown.
func looseText(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
