package contract_test

import (
	"testing"

	"github.com/citeloop/citeloop/contract"
)

func TestCleanText(t *testing.T) {
	tests := []struct{ give, want string }{
		{give: "<h4>Background</h4>Patients with cancer suffer.<h4>Methods</h4>We did.", want: "Background: Patients with cancer suffer. Methods: We did."},
		{give: "Hydrogen sulfide (H<sub>2</sub>S) is <i>of</i> interest", want: "Hydrogen sulfide (H₂S) is of interest"},
		{give: "P = 10<sup>-4</sup> and 2<SUP>−12</SUP> and n<sup>a</sup> and x<sup>a b</sup>", want: "P = 10⁻⁴ and 2⁻¹² and n^a and x^(a b)"},
		{give: "C<sub>max</sub> of CO<sub>2</sub> and <sup> </sup>end", want: "Cmax of CO₂ and end"},
		{give: "significant (P < .001) and <1 year.<h4>Results</h4>x", want: "significant (P < .001) and <1 year. Results: x"},
		{give: "A &amp; B\n\n  C", want: "A & B C"},
		// A doubly escaped entity reads as what it means, however many
		// times a path cleaned it.
		{give: "age &amp;#8805; 65 years", want: "age ≥ 65 years"},
		{give: "age &#8805; 65 years", want: "age ≥ 65 years"},
		{give: "age &amp;amp;#8805; 65", want: "age ≥ 65"},
		// Decomposed letters are composed (NFC).
		{give: "Baden-Wu\u0308rttemberg", want: "Baden-Württemberg"},
		{give: "Baden-Württemberg", want: "Baden-Württemberg"},
		{give: "no-break\u00a0space kept", want: "no-break\u00a0space kept"},
		{give: "", want: ""},
	}
	for _, tt := range tests {
		if got := contract.CleanText(tt.give); got != tt.want {
			t.Errorf("CleanText(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestSourceTextIsOneViewOfARecord: the same record reads the same through
// every path, cleaned by a collector or not, composed or decomposed.
func TestSourceTextIsOneViewOfARecord(t *testing.T) {
	raw := "Adults aged &amp;#8805;65 in Baden-Wu\u0308rttemberg (H<sub>2</sub>S)"
	once := contract.CleanText(raw)
	twice := contract.CleanText(once)
	want := contract.SourceText("T", raw)
	for _, got := range []string{contract.SourceText("T", once), contract.SourceText("T", twice)} {
		if got != want {
			t.Errorf("SourceText = %q, want %q", got, want)
		}
	}
	if want != "T\n\nAdults aged ≥65 in Baden-Württemberg (H₂S)" {
		t.Errorf("SourceText = %q", want)
	}
}

func FuzzCleanTextIsIdempotent(f *testing.F) {
	for _, s := range []string{"&amp;#8805;", "<sup>-4</sup>", "&lt;i&gt;x&lt;/i&gt;", "u\u0308", "a  b", "<h4>x</h4>y", "&amp;amp;amp;lt;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := contract.CleanText(s)
		if twice := contract.CleanText(once); twice != once {
			t.Fatalf("CleanText not idempotent on %q: %q then %q", s, once, twice)
		}
	})
}

func TestCleanTextDecodesAnyDepth(t *testing.T) {
	s := "x &"
	for range 20 {
		s += "amp;"
	}
	s += "#8805; y"
	if got := contract.CleanText(s); got != "x ≥ y" {
		t.Errorf("CleanText = %q", got)
	}
}
