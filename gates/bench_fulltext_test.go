package gates_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// BenchmarkFullTextIndex reads the 220 KB recorded article into the
// ledger's sections and folds them for the gate: articles/s on one core
// (-cpu 1).
func BenchmarkFullTextIndex(b *testing.B) {
	body, err := os.ReadFile(filepath.Join("../testdata/europepmc-fulltext", "catid-specialist__PMC7382548_fullTextXML.xml"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		ft := collect.ReadFullText(oracles.FullText{ID: "PMC7382548", Body: body, Oracle: "europepmc"})
		gates.NewIndex(contract.Ledger{Entries: []contract.Entry{{DOI: "10.5555/x", Title: "T", FullText: ft}}})
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "articles/s")
}

// BenchmarkQuoteCheckFullText checks one citation per gate pass, side by
// side in one run: a quote in the abstract (the abstract-only path), and
// a quote in the body of the same 220 KB article (found after the
// abstract misses: every section before it is searched), raw text with
// its citation marker, and a quote in no section (the whole article
// searched). The ledger's index is built once, as in a run.
func BenchmarkQuoteCheckFullText(b *testing.B) {
	e := fullTextEntry(b, "catid-specialist__PMC7382548_fullTextXML.xml")
	l := contract.Ledger{Entries: []contract.Entry{e}}
	for _, bc := range []struct{ name, quote string }{
		{"abstract", "Despite their high prevalence, they often remain challenging to diagnose and manage in a clinical setting"},
		{"fulltext", "Independent of the type of entrapment neuropathy, clinical guidelines suggest a course of conservative treatment"},
		{"fulltext-marker", "increases to a staggering 84% in patients with diabetes.135 The second most common entrapment neuropathy"},
		{"absent", "this sentence is in no section of the article at all"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := gates.New(fullTextOracle(e))
			d := draftOf(contract.Claim{ID: "c1", Text: "A claim about the article.", Citations: []contract.Citation{{DOI: e.DOI, Quote: bc.quote}}})
			v, _ := g.Check(context.Background(), d, l, nil)
			if ok := len(v.Quotes) == 1; ok != (bc.name != "absent") {
				b.Fatalf("%s: %+v", bc.name, v.Failures)
			}
			b.ReportAllocs()
			for b.Loop() {
				g.Check(context.Background(), d, l, nil)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "checks/s")
		})
	}
}
