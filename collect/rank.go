package collect

import (
	"math"
	"sort"

	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// BM25 parameters: the usual defaults (Robertson & Zaragoza 2009).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// queryTokens are the distinct tokens of the topic terms, in order.
func queryTokens(terms []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range terms {
		for _, tok := range phrase.Words(t) {
			if !seen[tok] && !leads.IsStopword(tok) {
				seen[tok] = true
				out = append(out, tok)
			}
		}
	}
	return out
}

// rankBM25 orders docs by relevance to the topic terms, best first.
//
// Each doc is scored with Okapi BM25 (k1 = 1.2, b = 0.75) over the tokens of
// its cleaned title and its whole abstract, against the distinct tokens of
// the topic. Ranking comes before the budget: an abstract longer than
// MaxAbstractChars is scored in full and only cut afterwards, so the writer
// may see less of it than was scored (relevance is judged on the whole
// work, not on where the cut happens to fall); idf is ln(1 + (N - n + 0.5)/(n + 0.5)) over the docs
// being ranked, so a term every doc shares still counts a little. Ties, and
// every doc when there is no topic, are broken by year (newest first), then
// by DOI, so the order is fully deterministic. It returns the scores in the
// new order.
func rankBM25(docs []oracles.Hit, terms []string) []float64 {
	n := len(docs)
	texts := make([]string, n)
	for i, d := range docs {
		texts[i] = d.Record.Title + " " + d.Record.Abstract
	}
	scores := bm25Scores(texts, queryTokens(terms))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := idx[a], idx[b]
		if scores[x] != scores[y] {
			return scores[x] > scores[y]
		}
		if docs[x].Record.Year != docs[y].Record.Year {
			return docs[x].Record.Year > docs[y].Record.Year
		}
		return docs[x].Record.DOI < docs[y].Record.DOI
	})
	sorted := make([]oracles.Hit, n)
	sortedScores := make([]float64, n)
	for i, j := range idx {
		sorted[i], sortedScores[i] = docs[j], scores[j]
	}
	copy(docs, sorted)
	return sortedScores
}

// bm25Scores scores each text with Okapi BM25 (k1 = 1.2, b = 0.75) over its
// words against the query tokens q: idf is ln(1 + (N - n + 0.5)/(n + 0.5))
// over texts, the length norm the mean length of texts (1 for none). The
// ranking of records and the choice of full-text passages share it.
func bm25Scores(texts []string, q []string) []float64 {
	n := len(texts)
	tf := make([]map[string]int, n)
	lens := make([]int, n)
	df := map[string]int{}
	total := 0
	for i, text := range texts {
		toks := phrase.Words(text)
		lens[i], total = len(toks), total+len(toks)
		tf[i] = map[string]int{}
		for _, t := range toks {
			tf[i][t]++
		}
		for _, t := range q {
			if tf[i][t] > 0 {
				df[t]++
			}
		}
	}
	avg := 1.0
	if n > 0 && total > 0 {
		avg = float64(total) / float64(n)
	}
	scores := make([]float64, n)
	for i := range texts {
		for _, t := range q {
			f := float64(tf[i][t])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (float64(n)-float64(df[t])+0.5)/(float64(df[t])+0.5))
			scores[i] += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(lens[i])/avg))
		}
	}
	return scores
}
