package gates

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Edge tables for the rules the red team's classes needed, each row a
// boundary a mutant of the rule would move.

func readings(s string) []string {
	var out []string
	for _, n := range NumbersIn(s) {
		out = append(out, n.Text+"="+n.Reading)
	}
	return out
}

func TestRedTeamNumberReadings(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		// Number words.
		{"zero of them", []string{"zero=0"}},
		{"a dozen sessions", []string{"dozen=12"}},
		{"twice as likely", []string{"twice=2 fold"}},
		{"thrice as likely", []string{"thrice=3 fold"}},
		{"Survival doubled", nil},
		{"Twenty four studies", []string{"Twenty four=24"}},
		{"twenty-four studies", []string{"twenty-four=24"}},
		{"twenty  four studies", []string{"twenty  four=24"}},
		{"seventeen four", []string{"seventeen=17", "four=4"}},
		{"twenty, four", []string{"twenty=20", "four=4"}},
		// Fractions.
		{"a fifth of participants", []string{"a fifth=1/5"}},
		{"one third of patients", []string{"one third=1/3"}},
		{"two thirds of patients", []string{"two thirds=2/3"}},
		{"a third trial", nil},
		{"a fifth  of them", []string{"a fifth=1/5"}},
		{"a fifth", nil},
		// Scales.
		{"1.16 trillion", []string{"1.16 trillion=1160000000000"}},
		{"184 lakh", []string{"184 lakh=18400000"}},
		{"3 crore", []string{"3 crore=30000000"}},
		{"3 k patients", []string{"3 k=3000"}},
		{"2.5 bn", []string{"2.5 bn=2500000000"}},
		{"4 mn", []string{"4 mn=4000000"}},
		{"1 tn", []string{"1 tn=1000000000000"}},
		{"3k patients", []string{"3k=3 k"}},
		{"3% k", []string{"3%=3%"}},
		{"2,5 bn", []string{"2,5=2,5"}},
		{"k-fold", nil},
		// Roman numerals.
		{"stage IIII", []string{"IIII=4"}},
		{"stage XXXX", []string{"XXXX=40"}},
		{"July MMXIX", []string{"MMXIX=2019"}},
		{"stage XL", nil},
		{"the MI and CD", nil},
		// Signs.
		{"P ‹ 0.09", []string{"‹ 0.09=<0.09"}},
		{"P › 0.09", []string{"› 0.09=>0.09"}},
		{"P ≪ 0.09", []string{"≪ 0.09=≪0.09"}},
		{"P ≫ 0.09", []string{"≫ 0.09=≫0.09"}},
		{"P ≦ 0.09", []string{"≦ 0.09=≤0.09"}},
		{"P ⩾ 0.09", []string{"⩾ 0.09=≥0.09"}},
		{"P ＜ 0.09", []string{"＜ 0.09=<0.09"}},
		{"P < = 0.09", []string{"< = 0.09=≤0.09"}},
		{"P > = 0.09", []string{"> = 0.09=≥0.09"}},
		{"P ‹= 0.09", []string{"‹= 0.09=≤0.09"}},
		{"P = 0.09", []string{"0.09=0.09"}},
		{"minus 39.4%", []string{"minus 39.4%=-39.4%"}},
		{"minus -3", []string{"-3=-3"}},
		{"minus,3", []string{"3=3"}},
		{"by +39.4%", []string{"+39.4%=+39.4%"}},
		{"by > +5", []string{"> +5=>5"}},
		// Grouping.
		{"184'216 patients", []string{"184'216=184216"}},
		{"184’216 patients", []string{"184’216=184216"}},
		{"184ʼ216 patients", []string{"184ʼ216=184216"}},
		{"1'234'567 cells", []string{"1'234'567=1234567"}},
		{"184'21 patients", []string{"184=184", "21=21"}},
		{"184,216'000", []string{"184,216=184216", "000=0"}},
		// Units.
		{"28′", []string{"28′=28′"}},
		{"28″", []string{"28″=28″"}},
		{"28′′", []string{"28′′=28″"}},
		{"28‴", []string{"28‴=28‴"}},
		{"28 Å", []string{"28 Å=28 Å"}},
		// Dates.
		{"until March 1, 2024", []string{"1=1 month 3", "2024=2024"}},
		{"until 1 March 2024", []string{"1=1 month 3", "2024=2024"}},
		{"until May 1", []string{"1=1 month 5"}},
		{"these 3 may explain", []string{"3=3"}},
		{"until March 32", []string{"32=32"}},
		{"until March 31", []string{"31=31 month 3"}},
		{"May 1", []string{"1=1 month 5"}},
		{"1 May", []string{"1=1 month 5"}},
		{"until March 0", []string{"0=0"}},
		{"until March 1.5", []string{"1.5=1.5"}},
		{"in March 2024", []string{"2024=2024"}},
		{"until Sept 3", []string{"3=3 month 9"}},
		{"until 2024-1-1", []string{"2024-1-1=2024-1-1"}},
		{"until 2024-13-1", []string{"2024=2024", "13=13", "1=1"}},
		{"until 2024-123-1", []string{"2024=2024", "123=123", "1=1"}},
	}
	for _, tt := range tests {
		if got := readings(tt.give); !cmp.Equal(got, tt.want) {
			t.Errorf("NumbersIn(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestRomanOf(t *testing.T) {
	for n, want := range map[int]string{4: "IV", 9: "IX", 40: "XL", 1990: "MCMXC", 2019: "MMXIX", 4999: "MMMMCMXCIX"} {
		if got := romanOf(n, false); got != want {
			t.Errorf("romanOf(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{4: "IIII", 9: "VIIII", 40: "XXXX", 90: "LXXXX", 400: "CCCC", 900: "DCCCC"} {
		if got := romanOf(n, true); got != want {
			t.Errorf("romanOf(%d, additive) = %q, want %q", n, got, want)
		}
	}
	if v, ok := romanNumeral("Ib"); v != 1 || !ok {
		t.Errorf(`romanNumeral("Ib") = %d, %v; want 1, true (stage Ib)`, v, ok)
	}
	for _, w := range []string{"MMMMM", "IM", "VX", "LC", "DM", "XM"} {
		if v, ok := romanValue(w); ok {
			t.Errorf("romanValue(%q) = %d, want none", w, v)
		}
	}
}

func TestLookalikeNumbers(t *testing.T) {
	tests := []struct {
		give string
		want [][2]string
	}{
		{"IO% of cases", [][2]string{{"IO", "10"}}},
		{"lOO % of cases", [][2]string{{"lOO", "100"}}},
		{"ƼƼ% of cases", [][2]string{{"ƼƼ", "55"}}},
		{"1O% of cases", [][2]string{{"1O", "10"}}},
		{"IO‰", [][2]string{{"IO", "10"}}},
		{"(IO %)", [][2]string{{"IO", "10"}}},
		{"10% of cases", nil},
		{"the IO group", nil},
		{"HIO%", nil},
		{"IO", nil},
		{"IO x %", nil},
		{"H2O%", nil},
		{"I0%", [][2]string{{"I0", "10"}}},
		{"I9%", [][2]string{{"I9", "19"}}},
		{"9I%", [][2]string{{"9I", "91"}}},
	}
	for _, tt := range tests {
		if got := lookalikeNumbers(tt.give); !cmp.Equal(got, tt.want) {
			t.Errorf("lookalikeNumbers(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
	if got := lookalikeNumberFailures("c1", "claim text", "IO% of cases", []string{"IO% of cases were seen"}); len(got) != 0 {
		t.Errorf("a look-alike a quote holds: %v", got)
	}
	got := lookalikeNumberFailures("c1", "claim text", "IO% and lO%", []string{"10% of cases"})
	if len(got) != 2 || !strings.Contains(got[0].Detail, "the number 10") {
		t.Errorf("two look-alikes: %v", got)
	}
}

func TestRedTeamReferenceShapes(t *testing.T) {
	tests := []struct {
		give, want string
	}{
		{"It took place in 2023 [S 1].", "[S 1]"},
		{"It took place in 2023 (S.1).", "(S.1)"},
		{"It took place in 2023 (S/1, S/2).", "(S/1, S/2)"},
		{"It took place in 2023 (S#1).", "(S#1)"},
		{"It took place in 2023 (Schmidt and others, 2023).", "(Schmidt and others, 2023)"},
		{"It took place in 2023 [#1].", "[#1]"},
		{"It took place in 2023 [a].", "[a]"},
		{"It took place in 2023 [a, b].", "[a, b]"},
		{"It took place in 2023.^1", ".^1"},
		{"It took place in 2023.†", "†"},
		{"It took place in 2023‡.", "‡"},
		{"It took place in 2023 §1.", "§1"},
		{"It took place in 2023 ¶.", "¶"},
		{"It was described by Jones et alii.", "et alii"},
		{"It took place in 2023 (Dupont et coll. 2023).", "et coll"},
		{"It took place in 2023 (Schmidt u. a. 2023).", "u. a."},
		{"It took place (García y cols., 2023).", "y cols"},
		{"It took place (Yılmaz ve ark. 2023).", "ve ark"},
		{"As Lind m.fl. 2023 describe.", "m.fl"},
		{"It took place in 2023 ‹1›.", "‹1›"},
		{"It took place (see prolific dot com).", "prolific dot com"},
		{"It took place (see study.internal).", "study.internal"},
		{"It took place (see prolific.local).", "prolific.local"},
		{"It took place (see prolific·com).", "prolific·com"},
		{"It took place (see garcía·com).", "garcía·com"},
		{"It took place (ibid.).", "ibid"},
		{"It took place (Jones, op. cit.).", "op. cit"},
		{"It took place (cf. Jones).", "cf. J"},
		{"It took place (vide infra).", "vide infra"},
		{"It took place (info:pmid/331).", "info:p"},
		{"It took place (hdl:prolific/abc).", "hdl:p"},
		{"It took place (ark:/13030/tf5p30086k).", "ark:/"},
		{"It took place (Br J Health Psychol).", "(Br J Health Psychol)"},
		{"It took place (J. Clin. Oncol. 12:331).", "(J. Clin. Oncol. 12:331)"},
		{"It took place (de la cruz 2023).", "(de la cruz 2023)"},
		{"It took place (No. 1).", "(No. 1)"},
		{"It took place (PubMed 331).", "PubMed 331"},
		{"It took place (ref #1).", "ref #1"},
		{"As the second reference shows, it took place.", "second reference"},
		{"It took place, per the first source.", "first source"},
		{"It took place (source 1).", "source 1"},
		{"It took place (footnote 2).", "footnote 2"},
		// Honest prose.
		{"It took place between 2012 and 2016 (reporting 2012-2016).", ""},
		{"It took place (2004 to 2019).", ""},
		{"It was the dot com bubble of the 1990s.", ""},
		{"Aims: (a) to screen and (b) to treat.", ""},
		{"Survival rose (New South Wales).", ""},
		{"Survival rose (WHO IARC).", ""},
		{"P was 10^-12 in the model.", ""},
		{"Study 1 enrolled 300 adults.", ""},
		{"The first cohort enrolled 300 adults.", ""},
		{"Survival rose (cf. the table).", ""},
		{"A ratio of 1:3 was used.", ""},
	}
	for _, tt := range tests {
		got := ReferenceIn(tt.give)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("ReferenceIn(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestCountInQuote(t *testing.T) {
	quote := "delivered to 821 Chinese-Australians"
	ctx := refContext{inQuote: func(f string) bool { return strings.Contains(foldText(quote), f) }, inSource: func(string) bool { return false }}
	tests := []struct {
		give string
		want bool
	}{
		{"reached many Chinese-Australians (821).", true},
		{"reached many Australians (821).", false},
		{"reached many Chinese-Australians (822).", false},
		{"reached many Chinese-Australians (821, 822).", false},
		{"(821).", false},
	}
	for _, tt := range tests {
		i := strings.Index(tt.give, "(")
		j := strings.Index(tt.give, ")") + 1
		if got := countInQuote(tt.give, i, j, ctx); got != tt.want {
			t.Errorf("countInQuote(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
	if _, ref := refIn("Educational sessions reached many Chinese-Australians (821).", ctx); ref != "" {
		t.Errorf("a count in parentheses the quote holds: %q", ref)
	}
	ctx.inQuote = func(f string) bool { return f == foldText("Chinese-Australians: 821") }
	if !countInQuote("Chinese-Australians (821)", 20, 25, ctx) {
		t.Error("a count after a colon in the quote")
	}
}

func TestJournalShape(t *testing.T) {
	for give, want := range map[string]bool{"(Br J Health Psychol)": true, "(J. Clin. Oncol.)": true, "(New South Wales)": false,
		"(WHO IARC)": false, "(N Engl J Med 2020;1:33)": true, "(Breastfeeding Medicine.)": false, "(A B)": false} {
		if got := journalShape(give); got != want {
			t.Errorf("journalShape(%q) = %v, want %v", give, got, want)
		}
	}
}

func TestNumberSpansHoldRanges(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{"is 20% to 50% in", []string{"20% to 50%"}},
		{"is 20–50% in", []string{"20–50%"}},
		{"is 20 - 50 in", []string{"20 - 50"}},
		{"is 20 to a few", []string{"20"}},
		{"is 20 to", []string{"20"}},
		{"is 20to 50", []string{"20", "50"}},
		{"is 20, 50", []string{"20", "50"}},
	}
	for _, tt := range tests {
		var got []string
		for _, sp := range numberSpans(tt.give) {
			got = append(got, tt.give[sp.start:sp.end])
		}
		if !cmp.Equal(got, tt.want) {
			t.Errorf("numberSpans(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestRedTeamShapeEdges pins what gremlins moved in the shape rules: every
// match is judged, not only the first (a quote may excuse the first); a
// bracket at the text's ends; the abbreviation length of a journal's
// word; the digits of a counted bracket; a host that is a public suffix
// only.
func TestRedTeamShapeEdges(t *testing.T) {
	inQuote := func(quote string) refContext {
		return refContext{inQuote: func(f string) bool { return strings.Contains(foldText(quote), f) }, inSource: func(string) bool { return false }}
	}
	tests := []struct {
		give, quote, want string
	}{
		{"Rates rose† and fell‡.", "rose†", "‡"},
		{"Rates rose (2012 to 2016) and fell (de la cruz 2023).", "", "(de la cruz 2023)"},
		{"(de la cruz 2023) found rates rose.", "", "(de la cruz 2023)"},
		{"Rates rose (de la cruz 2023)", "", "(de la cruz 2023)"},
		{"Scores were 4·5 at prolific·com.", "", "prolific·com"},
		{"Rates in the co·uk zone rose.", "", ""},
		{"Deaths (0) were few.", "0 deaths", ""},
		{"Deaths (9) were few.", "9 deaths", ""},
	}
	for _, tt := range tests {
		_, got := refIn(tt.give, inQuote(tt.quote))
		if got != tt.want {
			t.Errorf("refIn(%q) with quote %q = %q, want %q", tt.give, tt.quote, got, tt.want)
		}
	}
	if !journalShape("(Cancer Epidem.)") || journalShape("(Cancer Epidemio.)") {
		t.Error("an abbreviation with a full stop has at most six letters")
	}
}
