package gates

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// oldFolds and oldContainsQuote are the quote check before the per-ledger
// index, kept as the benchmark's baseline: every citation normalised its
// whole source again (NFKC, folding, case folding).
var oldFolds = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201a", "'", "\u201b", "'", "\u2032", "'",
	"\u201c", `"`, "\u201d", `"`, "\u201e", `"`, "\u201f", `"`, "\u2033", `"`,
	"\u00ab", `"`, "\u00bb", `"`,
	"\u2010", "-", "\u2011", "-", "\u2012", "-", "\u2013", "-", "\u2014", "-",
	"\u2015", "-", "\u2212", "-", "\ufe58", "-", "\ufe63", "-", "\uff0d", "-",
	"\u00ad", "", "\u2026", "...",
)

func oldNormalize(s string) string {
	s = norm.NFKC.String(s)
	s = oldFolds.Replace(s)
	s = cases.Fold().String(s)
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

func oldContainsQuote(text, quote string) bool {
	return strings.Contains(oldNormalize(text), oldNormalize(quote))
}

type benchCitation struct {
	entry contract.Entry
	quote string
}

// benchCitations are every 5-40 word sentence of the offline corpus, cited
// against its own record: realistic abstracts and quotes.
func benchCitations(b *testing.B) (contract.Ledger, []benchCitation) {
	var l contract.Ledger
	var cites []benchCitation
	for _, e := range corpusEntries(b) {
		l.Entries = append(l.Entries, e)
		for _, s := range sentences(e.Abstract) {
			if n, _ := words(Fold(s).Text); n >= 5 && n <= 40 {
				cites = append(cites, benchCitation{entry: e, quote: s})
			}
		}
	}
	return l, cites
}

// BenchmarkQuoteCheck compares the quote check per citation: "index" folds
// each ledger entry once per run (before the timer: the gate caches the
// index per ledger, see BenchmarkIndexBuild for its cost) and matches on
// word boundaries, never inside a number; "f1cdf62" is main's quote check
// at f1cdf62, before issue 22 (bench_f1cdf62_test.go), sources folded once
// the same way; "baseline" is the older check that normalised the source
// again for every citation.
func BenchmarkQuoteCheck(b *testing.B) {
	ledger, cites := benchCitations(b)
	b.Run("index", func(b *testing.B) {
		rules := DefaultRules()
		n := 0
		idx := NewIndex(ledger) // once per run
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			c := cites[i%len(cites)]
			src, _ := idx.Source(c.entry.DOI)
			if _, p := src.Match(rules, c.quote); p.OK() {
				n++
			}
		}
		if n != b.N {
			b.Fatalf("%d of %d quotes matched", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "citations/s")
	})
	b.Run("f1cdf62", func(b *testing.B) {
		rules := DefaultRules()
		srcs := map[string]*f1Source{}
		for _, e := range ledger.Entries {
			srcs[e.DOI] = f1NewSource(e.Title, e.Abstract)
		}
		n := 0
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			c := cites[i%len(cites)]
			if _, p := srcs[c.entry.DOI].Match(rules, c.quote); p.OK() {
				n++
			}
		}
		if n != b.N {
			b.Fatalf("%d of %d quotes matched", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "citations/s")
	})
	b.Run("baseline", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			c := cites[i%len(cites)]
			if oldContainsQuote(c.entry.Text(), c.quote) {
				n++
			}
		}
		if n != b.N {
			b.Fatalf("%d of %d quotes matched", n, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "citations/s")
	})
}

// BenchmarkIndexBuild is the once-per-run cost of folding a ledger of the
// offline corpus's abstracts.
func BenchmarkIndexBuild(b *testing.B) {
	ledger, _ := benchCitations(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		NewIndex(ledger)
	}
	b.ReportMetric(float64(b.N*len(ledger.Entries))/b.Elapsed().Seconds(), "entries/s")
}

// benchOracle answers every DOI with the ledger's own record.
type benchOracle struct{ recs map[string]oracles.Record }

func (o benchOracle) Name() string { return "bench" }

func (o benchOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	out := make(map[string]oracles.Result, len(dois))
	for _, d := range dois {
		r := o.recs[d]
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "bench", Record: &r}
	}
	return out
}

// BenchmarkGateCheck is the whole gate per citation: drafts of six
// whole-sentence claims of the offline corpus (what a brief holds), each
// checked for DOI, oracle, notice class, quote rules against the ledger
// and the oracle's text, and every prose rule (characters, references,
// notation, numbers).
func BenchmarkGateCheck(b *testing.B) {
	ledger, cites := benchCitations(b)
	recs := map[string]oracles.Record{}
	for _, e := range ledger.Entries {
		recs[e.DOI] = oracles.Record{DOI: e.DOI, Title: e.Title, Abstract: e.Abstract}
	}
	g := New(benchOracle{recs: recs})
	var drafts []contract.Draft
	for i := 0; i+6 <= len(cites); i += 6 {
		var cs []contract.Claim
		for k, c := range cites[i : i+6] {
			cs = append(cs, contract.Claim{ID: fmt.Sprintf("c%d", k+1), Text: c.quote, Citations: []contract.Citation{{DOI: c.entry.DOI, Quote: c.quote}}})
		}
		drafts = append(drafts, contract.Draft{Title: "Evidence brief", Sections: []contract.Section{{Heading: "Key findings", Claims: cs}}})
	}
	g.Check(context.Background(), drafts[0], ledger, nil) // the index, once per run
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		v, _ := g.Check(context.Background(), drafts[i%len(drafts)], ledger, nil)
		n += v.Citations
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "citations/s")
}
