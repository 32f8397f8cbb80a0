package gates_test

import (
	"testing"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// FuzzReaderView: for any source text and quote, the reader's view
// (contract.SourceText, the quote folding and the number grammar) reads
// without panic; a matched span lies inside the text on rune boundaries
// and folds as the quote does; the reader's view of a text is a fixed
// point; and every token holding a number backs itself.
func FuzzReaderView(f *testing.F) {
	for _, s := range [][2]string{
		{"Approximately 75 000 men receive a diagnosis each year.", "Approximately 75,000 men receive a diagnosis"},
		{"Baden-Wu\u0308rttemberg had 51.7 % (p <.05) and 4 × 10⁻¹² in H₂S.", "had 51.7% (p < .05) and 4 × 10⁻¹²"},
		{"&amp;#8805;65 <sup>-4</sup> <h4>x</h4>", "≥65"},
		{"", ""}, {"1 1 1 1 1", "1 1"}, {"\u0301a\u0301 b", "a b"}, {"10⁻", "10"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, title, quote string) {
		text := contract.SourceText(title, "")
		if again := contract.SourceText(text, ""); again != text {
			t.Fatalf("SourceText is not a fixed point: %q then %q", text, again)
		}
		folded := gates.Fold(text)
		_ = folded
		span, p := gates.MatchQuote(text, quote)
		if p.OK() {
			if span.Start < 0 || span.End > len(text) || span.Start > span.End {
				t.Fatalf("span %+v outside %d bytes", span, len(text))
			}
			if !utf8.ValidString(text) || utf8.ValidString(span.Of(text)) {
				if got, want := gates.Fold(span.Of(text)).Text, gates.Fold(quote).Text; got != want && utf8.ValidString(quote) {
					t.Fatalf("span %q folds to %q, the quote %q to %q", span.Of(text), got, quote, want)
				}
			}
		}
		for _, n := range gates.NumbersIn(text) {
			if bad := gates.UnsupportedNumbers(n.Text, []string{text}); len(bad) > 0 && utf8.ValidString(text) {
				t.Fatalf("%q does not back its own %q (%s)", text, n.Text, n.Reading)
			}
		}
		_ = gates.ReferenceIn(text)
	})
}
