package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// Edges that mutation testing (gremlins) found unpinned: one table per
// function, each row naming the boundary it holds.

func TestIsSpaceRuneEdges(t *testing.T) {
	for _, tt := range []struct {
		r    rune
		want bool
	}{{' ', true}, {'\t', true}, {'\n', true}, {'\r', true}, {'\b', false}, {'\x0e', false}, {'a', false}, {'\u0080', false}, {'\u0085', true}, {'\u00a0', true}} {
		if got := isSpaceRune(tt.r); got != tt.want {
			t.Errorf("isSpaceRune(%U) = %v, want %v", tt.r, got, tt.want)
		}
	}
}

func TestGroupSeparatorsEdges(t *testing.T) {
	for _, tt := range []struct {
		give string
		want []int
	}{
		{"9 000", []int{1}},          // '9' is a digit
		{"05 000", nil},              // a head starting with 0 groups nothing
		{"1 000 x", []int{1}},        // the space after the number is not a separator
		{"٧٥ ٠٠٠", []int{len("٧٥")}}, // digits of another script group too
		{"x0 000", nil},              // a name's digits
		{"1,000,000 and 2,000", []int{1, 5, 15}},
	} {
		if diff := cmp.Diff(tt.want, groupSeparators(tt.give)); diff != "" {
			t.Errorf("groupSeparators(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
}

func TestGrammarEdgesFromMutants(t *testing.T) {
	tests := []struct {
		give      string
		readings  []string
		firstText string
	}{
		// An ISO date's month and day at their bounds.
		{give: "2021-01-04", readings: []string{"2021-1-4"}},
		{give: "2021-12-04", readings: []string{"2021-12-4"}},
		{give: "2021-03-01", readings: []string{"2021-3-1"}},
		{give: "2021-03-31", readings: []string{"2021-3-31"}},
		{give: "2021-13-04", readings: []string{"2021", "13", "4"}},
		{give: "2021-03-32", readings: []string{"2021", "3", "32"}},
		// ">=" starts where ">" is written.
		{give: ">=7", readings: []string{"≥7"}, firstText: ">=7"},
		{give: "x <= 2", readings: []string{"≤2"}, firstText: "<= 2"},
		// Every multiplication sign of an exponent.
		{give: "4 X 10^-12", readings: []string{"0.000000000004"}},
		{give: "4 ⋅ 10⁻¹²", readings: []string{"0.000000000004"}},
		{give: "4 * 10^-12", readings: []string{"0.000000000004"}},
		// Super- and subscript zeros are digits.
		{give: "H⁰", readings: []string{"h 0"}},
		{give: "H₀ and Z₀", readings: []string{"h 0", "z 0"}, firstText: "H₀"},
		{give: "2¹⁰", readings: []string{"2^10"}},
		// A capital after the first letter makes a name, a capital first
		// does not.
		{give: "a 3-Arm trial", readings: []string{"3"}},
		{give: "5-CoV", readings: []string{"5 cov"}},
		{give: "5-FU2 x", readings: []string{"5 fu 2"}},
		// A fraction in words; an "and" compound at the start.
		{give: "two-thirds", readings: []string{"2/3"}},
		{give: "a mid-third and a-quarter", readings: []string{"1/4"}},
		{give: "two hundred and fifty", readings: []string{"250"}},
		// "per" needs a space before its unit.
		{give: "5 mg per%", readings: []string{"5 mg"}},
		// cmH₂O needs a boundary after it.
		{give: "10 cmH2O3", readings: []string{"10", "cmh 2 o 3"}},
	}
	for _, tt := range tests {
		ns := NumbersIn(tt.give)
		var got []string
		for _, n := range ns {
			got = append(got, n.Reading)
		}
		if diff := cmp.Diff(tt.readings, got); diff != "" {
			t.Errorf("NumbersIn(%q) (-want +got):\n%s", tt.give, diff)
		}
		if tt.firstText != "" && (len(ns) == 0 || ns[0].Text != tt.firstText) {
			t.Errorf("NumbersIn(%q)[0].Text = %+v, want %q", tt.give, ns, tt.firstText)
		}
	}
}

func TestNamedUnitsEdges(t *testing.T) {
	for _, tt := range []struct {
		text, quote string
		want        int
	}{
		{"The dose was 5 mg.", "the dose in mg was 5", 0},             // a unit of two letters is named
		{"The level was 5 d.", "vitamin d levels were 5, overall", 1}, // a single letter is not
		{"The level was 5 months.", "the level was 5 in months", 1},   // named after the number
	} {
		if got := UnsupportedNumbers(tt.text, []string{tt.quote}); len(got) != tt.want {
			t.Errorf("UnsupportedNumbers(%q, %q) = %v, want %d", tt.text, tt.quote, got, tt.want)
		}
	}
}

func TestOracleTextFoldsWhatChanged(t *testing.T) {
	idx := &Index{}
	a := idx.oracleText("10.1/x", "Title", "Abstract one.")
	if b := idx.oracleText("10.1/x", "Title", "Abstract one."); b != a {
		t.Error("the same text was folded again")
	}
	if c := idx.oracleText("10.1/x", "Other title", "Abstract one."); c == a || c.Text == a.Text {
		t.Error("a changed title kept the old text")
	}
	if d := idx.oracleText("10.1/x", "Other title", "Abstract two."); d.Text == a.Text {
		t.Error("a changed abstract kept the old text")
	}
}

func TestLedgerIDShapeEdges(t *testing.T) {
	for _, tt := range []struct {
		w    string
		ids  map[string]bool
		want bool
	}{
		{"S1", nil, true}, {"s10", nil, true}, {"S09", nil, true}, {"S", nil, false}, {"Sx1", nil, false},
		{"S1a", nil, false}, {"T1", nil, false}, {"R2", map[string]bool{contract.FoldID("R2"): true}, true},
	} {
		if got := isLedgerID(tt.w, tt.ids); got != tt.want {
			t.Errorf("isLedgerID(%q) = %v, want %v", tt.w, got, tt.want)
		}
	}
}

func TestSkeletonEdges(t *testing.T) {
	if !asciiSkeleton("word1") || asciiSkeleton("Ω") {
		t.Error("asciiSkeleton: an ASCII word looks Latin, an omega does not")
	}
	if got := wordSkeletons("alpha beta alpha"); len(got) != 2 {
		t.Errorf("wordSkeletons = %v, want one entry per word", got)
	}
	if diff := cmp.Diff([]string{"rose", "and", "non-small"}, proseWords("rose- and non-small")); diff != "" {
		t.Errorf("proseWords (-want +got):\n%s", diff)
	}
}

// TestReferenceShapeEdgesFromMutants: reference shapes at the ends of the
// prose, in every position of a candidate list, and the spans reported.
func TestReferenceShapeEdgesFromMutants(t *testing.T) {
	inQuote := func(quoted string) refContext {
		return refContext{inQuote: func(f string) bool { return f == foldText(quoted) }, inSource: func(string) bool { return false }}
	}
	tests := []struct {
		name, prose string
		ctx         refContext
		want        string
	}{
		{"the second bracket, the first quoted", "rates (1, 2) rose [3] sharply", inQuote("(1, 2)"), "[3]"},
		{"the second host candidate", "a 1.5 fold rise, see nature.com", strict, "nature.com"},
		{"a public suffix alone is no host", "the co.uk domain", strict, ""},
		{"a one-letter label is no sentence run together", "see a.X.com now", strict, "a.X.com"},
		{"an obfuscated host's span", "see AZaz09[.]com now", strict, "AZaz09[.]com"},
		{"an obfuscated host at the start", "AZaz09[.]com is a site", strict, "AZaz09[.]com"},
		{"an obfuscated host at the end", "see AZaz09[.]com", strict, "AZaz09[.]com"},
		{"a list numbered from 9", "we list: (9) apples, (10) pears", strict, ""},
		{"a list numbered from 10", "we list: (10) apples, (11) pears", strict, ""},
		{"a list at the start", "(1) apples and (2) pears", strict, ""},
		{"a bracket at the end", "apples (1)", strict, "(1)"},
		{"a sentence's first word before a square-bracketed year", "Müller [2021] found it", strict, "Müller [2021"},
		{"a name and a bracket at the end", "Smith [", strict, ""},
		{"an initial is no name", "as J 2020 showed", strict, ""},
		{"an initial at the start", "J. Smith 2020 found this", strict, "Smith 2020"},
	}
	for _, tt := range tests {
		if _, got := refIn(tt.prose, tt.ctx); got != tt.want {
			t.Errorf("%s: refIn(%q) = %q, want %q", tt.name, tt.prose, got, tt.want)
		}
	}
}

func TestRefTokensEdges(t *testing.T) {
	var got []string
	for _, tk := range refTokens("rose- and Smith-Jones") {
		got = append(got, tk.text)
	}
	if diff := cmp.Diff([]string{"rose", "-", "and", "Smith-Jones"}, got); diff != "" {
		t.Errorf("refTokens (-want +got):\n%s", diff)
	}
}

func TestProseCheckerKnowsTheLedgerIDs(t *testing.T) {
	l := contract.Ledger{Entries: []contract.Entry{{ID: "Kappa", DOI: "10.1/k"}, {DOI: "10.1/none"}}}
	ids := newProseChecker(l, NewIndex(l)).ledgerIDs
	if !ids[contract.FoldID("Kappa")] || ids[""] {
		t.Errorf("ledger ids = %v, want Kappa's and no empty id", ids)
	}
}
