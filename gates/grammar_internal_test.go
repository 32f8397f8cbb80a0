package gates

import "testing"

// The grammar's edges, one table per function, so that every boundary and
// branch is pinned (these are what mutation testing flips).

func TestDecimalCanonicalEdges(t *testing.T) {
	tests := []struct {
		give decimal
		want string
	}{
		{decimal{digits: "0"}, "0"},
		{decimal{digits: "000"}, "0"},
		{decimal{digits: "007"}, "7"},
		{decimal{digits: "", frac: "05"}, "0.05"},
		{decimal{digits: "0", frac: "050"}, "0.050"},
		{decimal{digits: "821", frac: "000"}, "821.000"},
		{decimal{digits: "4", exp: -12}, "0.000000000004"},
		{decimal{digits: "1", frac: "2", exp: 6}, "1200000"},
		{decimal{digits: "1", frac: "25", exp: 1}, "12.5"},
		{decimal{digits: "1", frac: "25", exp: 2}, "125"},
		{decimal{digits: "12", exp: -2}, "0.12"},
		{decimal{digits: "12", exp: -1}, "1.2"},
		{decimal{digits: "4", exp: maxShift}, "4" + repeat("0", maxShift)},
		{decimal{digits: "4", exp: maxShift + 1}, "4e401"},
		{decimal{digits: "4", exp: -maxShift}, "0." + repeat("0", maxShift-1) + "4"},
		{decimal{digits: "4", exp: -maxShift - 1}, "4e-401"},
		{decimal{digits: "2", frac: "3", comma: true}, "2,3"},
		{decimal{digits: "02", frac: "30", comma: true, exp: 3}, "2,30e3"},
		{decimal{digits: "2", power: "^5"}, "2^5"},
	}
	for _, tt := range tests {
		if got := tt.give.canonical(); got != tt.want {
			t.Errorf("%+v.canonical() = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestReadGroupsEdges(t *testing.T) {
	tests := []struct {
		s, head  string
		at       int
		want     string
		wantEnd  int
		wantComa bool
	}{
		{"1,234", "1", 1, "1234", 5, true},
		{"123,456", "123", 3, "123456", 7, true},
		{"1234,567", "1234", 4, "1234", 4, false},
		{"0,345", "0", 1, "0", 1, false},
		{"1 234", "1", 1, "1234", 5, false},
		{"1  234", "1", 1, "1234", 6, false},
		{"1\n234", "1", 1, "1234", 5, false},
		{"1\t234", "1", 1, "1", 1, false},
		{"1\n\n234", "1", 1, "1", 1, false},
		{"1 \n \n234", "1", 1, "1", 1, false},
		{"1 \t 234", "1", 1, "1", 1, false},
		{"12 345\t678", "12", 2, "12345", 6, false},
		{"1,2345", "1", 1, "1", 1, false},
		{"1,23", "1", 1, "1", 1, false},
		{"1,234 567", "1", 1, "1234", 5, true},
		{"1 234,567", "1", 1, "1234", 5, false},
		{"1,234,567", "1", 1, "1234567", 9, true},
		{"1,", "1", 1, "1", 1, false},
		{"", "", 0, "", 0, false},
	}
	for _, tt := range tests {
		got, end, comma := readGroups(tt.s, tt.head, tt.at)
		if got != tt.want || end != tt.wantEnd || comma != tt.wantComa {
			t.Errorf("readGroups(%q) = %q, %d, %v; want %q, %d, %v", tt.s, got, end, comma, tt.want, tt.wantEnd, tt.wantComa)
		}
	}
}

func TestDecimalCommaEdges(t *testing.T) {
	tests := []struct {
		s, head string
		ok      bool
		frac    string
	}{
		{",3", "2", true, "3"}, {",30", "2", true, "30"}, {",3456", "2", true, "3456"},
		{",345", "2", false, ""}, {",345", "0", true, "345"}, {",", "2", false, ""}, {"x", "2", false, ""}, {"", "2", false, ""},
	}
	for _, tt := range tests {
		f, _, ok := decimalComma(tt.s, tt.head, 0)
		if ok != tt.ok || f != tt.frac {
			t.Errorf("decimalComma(%q, head %q) = %q, %v; want %q, %v", tt.s, tt.head, f, ok, tt.frac, tt.ok)
		}
	}
}

func TestScriptExponentEdges(t *testing.T) {
	tests := []struct {
		s    string
		want int
		ok   bool
	}{
		{"^4", 4, true}, {"^-4", -4, true}, {"^+4", 4, true}, {"^−12", -12, true}, {"^1234", 1234, true},
		{"^12345", 0, false}, {"^", 0, false}, {"^-", 0, false}, {"⁻⁴", -4, true}, {"⁴", 4, true}, {"⁺²", 2, true},
		{"⁻", 0, false}, {"⁻¹²³⁴⁵", 0, false}, {"4", 0, false},
	}
	for _, tt := range tests {
		got, _, ok := scriptExponent(tt.s, 0)
		if got != tt.want || ok != tt.ok {
			t.Errorf("scriptExponent(%q) = %d, %v; want %d, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRomanNumeralEdges(t *testing.T) {
	tests := []struct {
		give string
		want int
		ok   bool
	}{
		{"I", 1, true}, {"II", 2, true}, {"III", 3, true}, {"IIII", 4, true}, {"IV", 4, true}, {"V", 5, true},
		{"VI", 6, true}, {"VIII", 8, true}, {"VIIII", 9, true}, {"IX", 9, true}, {"X", 10, true}, {"XIV", 14, true},
		{"XIX", 19, true}, {"XXXIX", 39, true}, {"XXXX", 40, true}, {"XL", 0, false}, {"VX", 0, false},
		{"XLII", 42, true}, {"MMXIX", 2019, true}, {"MCMXC", 1990, true}, {"MMMMCMXCIX", 4999, true}, {"CML", 0, false},
		{"MCI", 0, false}, {"IIIII", 0, false}, {"IXX", 0, false}, {"VV", 0, false}, {"XCX", 0, false}, {"IIIIb", 4, true},
		{"MMXIXX", 0, false}, {"IIIIIb", 0, false}, {"LXXXX", 90, true}, {"MMMMM", 0, false},
		{"IIIb", 3, true}, {"IVa", 4, true}, {"IIe", 0, false}, {"IIIB", 3, true}, {"IB", 0, false}, {"IIC", 2, true},
		{"IID", 0, false}, {"ii", 2, true}, {"iv", 4, true}, {"i", 0, false}, {"x", 0, false}, {"", 0, false}, {"Iv", 0, false},
	}
	for _, tt := range tests {
		got, ok := romanNumeral(tt.give)
		if got != tt.want || ok != tt.ok {
			t.Errorf("romanNumeral(%q) = %d, %v; want %d, %v", tt.give, got, ok, tt.want, tt.ok)
		}
	}
}

func TestNumberWordEdges(t *testing.T) {
	tests := []struct {
		give string
		want string
		ok   bool
	}{
		{"two", "2", true}, {"nine", "9", true}, {"ten", "10", true}, {"nineteen", "19", true}, {"twenty", "20", true},
		{"ninety", "90", true}, {"one", "", false}, {"third", "", false}, {"first", "", false}, {"half", "0.5", true},
		{"quarter", "0.25", true}, {"twofold", "2", true}, {"tenfold", "10", true}, {"hundredfold", "100", true},
		{"thousandfold", "1000", true}, {"onefold", "", false}, {"fold", "", false}, {"hundred", "", false}, {"halffold", "", false},
	}
	for _, tt := range tests {
		d, ok := numberWord(tt.give)
		if ok != tt.ok || ok && d.canonical() != tt.want {
			t.Errorf("numberWord(%q) = %q, %v; want %q, %v", tt.give, d.canonical(), ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		give string
		want bool
	}{{"20", true}, {"90", true}, {"30", true}, {"10", false}, {"100", false}, {"25", false}} {
		if got := isTens(decimal{digits: tt.give}); got != tt.want {
			t.Errorf("isTens(%s) = %v", tt.give, got)
		}
	}
	if isTens(decimal{digits: "20", frac: "5"}) || isTens(decimal{digits: "2", exp: 1}) {
		t.Error("a fraction or a scaled number is not a tens word")
	}
}

func TestSignAndComparisonEdges(t *testing.T) {
	for _, tt := range []struct {
		give string
		want bool
	}{
		{"-", true}, {"by -", true}, {"(−", true}, {"12-", false}, {"IL-", false}, {"7.4% -", false}, {"0.6 -", false},
		{"x)-", false}, {"x] -", true}, {"+", true}, {"a", false}, {"", false},
	} {
		if got := signAt(tt.give); got != tt.want {
			t.Errorf("signAt(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
	for _, tt := range []struct {
		give, want string
		ok         bool
	}{
		{"p <", "<", true}, {"p < ", "<", true}, {">", ">", true}, {"≤", "≤", true}, {"≥ ", "≥", true}, {"~", "~", true},
		{"∼", "~", true}, {"≈", "~", true}, {"<=", "≤", true}, {">=", "≥", true}, {"=", "", true}, {"n", "", false}, {"", "", false},
	} {
		got, _, ok := comparison(tt.give)
		if got != tt.want || ok != tt.ok {
			t.Errorf("comparison(%q) = %q, %v; want %q, %v", tt.give, got, ok, tt.want, tt.ok)
		}
	}
}

func TestGapKindEdges(t *testing.T) {
	num := part{num: "1"}
	cmp := part{num: "1", cmp: "<"}
	for _, tt := range []struct {
		gap   string
		first bool
		p     part
		want  sepKind
	}{
		{"", true, num, sepHard}, {"", false, num, sepGlued}, {"", false, cmp, sepSoft}, {" ", false, num, sepSoft},
		{"\u2009", false, num, sepSoft}, {"-", false, num, sepHyphen}, {" – ", false, num, sepHyphen}, {",", false, num, sepHard},
		{" , ", false, num, sepHard}, {"--", false, num, sepHard}, {"- x", false, num, sepHard},
	} {
		if got := gapKind(tt.gap, tt.first, tt.p); got != tt.want {
			t.Errorf("gapKind(%q, %v) = %v, want %v", tt.gap, tt.first, got, tt.want)
		}
	}
}

func TestBackingHoldsEdges(t *testing.T) {
	tests := []struct {
		claim, quote string
		want         bool
	}{
		{"82months", "82 months", true},
		{"82months", "82, months", false},
		{"82 months", "82months", true},
		{"1", "BRCA1", false},
		{"BRCA1", "BRCA1", true},
		{"BRCA1", "the BRCA1-positive", true},
		{"IL-6", "IL 6", true},
		{"6", "IL-6", true},
		{"Grade-3", "grade, 3", false},
		{"-0.5", "0.5", false},
		{"0.5", "-0.5", true},
		{"<0.05", "0.05", false},
		{"0.05", "<0.05", false},
		{"10", "10", true},
		{"10", "", false},
	}
	for _, tt := range tests {
		ns := NumbersIn(tt.claim)
		if len(ns) != 1 {
			t.Fatalf("NumbersIn(%q) = %v", tt.claim, ns)
		}
		if got := newBacking(tt.quote).holds(ns[0]); got != tt.want {
			t.Errorf("%q in %q: holds = %v, want %v", tt.claim, tt.quote, got, tt.want)
		}
	}
}
