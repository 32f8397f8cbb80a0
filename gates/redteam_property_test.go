package gates_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// Properties of the rules the red team's classes needed (numbers in words,
// look-alike digits and signs, reference shapes), over the corpus claims
// of property_test.go: each claim quotes itself, so any change the gate
// refuses is the mutation's.

// plainInts are the claim's tokens that are a bare integer of 2–99.
func plainInts(claim string) []gates.Number {
	var out []gates.Number
	for _, n := range gates.NumbersIn(claim) {
		if v, err := strconv.Atoi(n.Text); err == nil && v >= 2 && v <= 99 && n.Reading == n.Text {
			out = append(out, n)
		}
	}
	return out
}

var (
	onesWords = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
		"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tensWords = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
)

// inWords writes 2–99 in words, a compound joined by sep ("-" or " "),
// capitalised or not.
func inWords(n int, sep string, upper bool) string {
	var w string
	switch {
	case n < 20:
		w = onesWords[n]
	case n%10 == 0:
		w = tensWords[n/10]
	default:
		w = tensWords[n/10] + sep + onesWords[n%10]
	}
	if upper {
		w = strings.ToUpper(w[:1]) + w[1:]
	}
	return w
}

func checkClaim(t *rapid.T, g *gates.Gate, ledger contract.Ledger, doi, claim, quote string) gates.Verdict {
	d := draftOf(contract.Claim{ID: "c1", Text: claim, Citations: []contract.Citation{{DOI: doi, Quote: quote}}})
	v, _ := g.Check(context.Background(), d, ledger, nil)
	return v
}

func wantRefused(t *rapid.T, v gates.Verdict, what, claim string, reasons ...contract.Reason) {
	if v.Verified {
		t.Fatalf("%s verified: %q", what, claim)
	}
	for _, f := range v.Failures {
		if slices.Contains(reasons, f.Reason) {
			return
		}
	}
	t.Fatalf("%s refused for %v, want one of %v: %q", what, v.Reasons(), reasons, claim)
}

// TestPropertyNumberWordsReadAsDigits: a claim's integer written in words,
// hyphenated or spaced, in any case, reads as its digits: the same number
// verifies, another is refused.
func TestPropertyNumberWordsReadAsDigits(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		ints := plainInts(c.sentence)
		if len(ints) == 0 {
			t.Skip("no plain integer")
		}
		n := rapid.SampledFrom(ints).Draw(t, "number")
		v, _ := strconv.Atoi(n.Text)
		sep := rapid.SampledFrom([]string{"-", " "}).Draw(t, "sep")
		upper := rapid.Bool().Draw(t, "upper")
		i, j := -1, -1
		for _, at := range regexp.MustCompile(`(^|[^\pL\pN.,])`+regexp.QuoteMeta(n.Text)+`($|[^\pL\pN%])`).FindAllStringSubmatchIndex(c.sentence, -1) {
			// Not a group of a space-grouped number ("13 900").
			if !regexp.MustCompile(`^[\s\p{Zs}]\d`).MatchString(c.sentence[at[4]:]) && !regexp.MustCompile(`\d[\s\p{Zs}]$`).MatchString(c.sentence[:at[3]]) {
				i, j = at[3], at[4]
				break
			}
		}
		if i < 0 {
			t.Skip("integer not written apart")
		}
		swap := func(w string) string { return c.sentence[:i] + w + c.sentence[j:] }
		same := swap(inWords(v, sep, upper))
		if r := checkClaim(t, g, ledger, c.doi, same, c.sentence); !r.Verified {
			t.Fatalf("%s in words refused: %q %+v", n.Text, same, r.Failures)
		}
		read := map[string]bool{}
		e, _ := ledger.ByDOI(c.doi)
		for _, q := range append(gates.NumbersIn(c.sentence), gates.NumbersIn(e.Title)...) {
			for _, f := range regexp.MustCompile(`[0-9]+`).FindAllString(q.Reading, -1) {
				read[f] = true // a unitless claim number may be a quote's with a unit
			}
		}
		other := rapid.IntRange(2, 99).Filter(func(k int) bool { return !read[strconv.Itoa(k)] }).Draw(t, "other")
		changed := swap(inWords(other, sep, upper))
		wantRefused(t, checkClaim(t, g, ledger, c.doi, changed, c.sentence), "another number in words", changed, contract.ReasonNumberNotInQuote)
	})
}

var percentNumber = regexp.MustCompile(`\b[0-9]*[01][0-9]*(?:\.[0-9]+)? ?%`)

// TestPropertyLookalikeDigitsAreRefused: a percentage whose 0s and 1s are
// written as the letters that look like them (O, o, I, l, and Ƽ for 5) is
// refused: a reader reads a number no quote backs. (Quotes and the cited
// title back numbers; "another" is one neither holds.)
func TestPropertyLookalikeDigitsAreRefused(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		loc := percentNumber.FindStringIndex(c.sentence)
		if loc == nil {
			t.Skip("no percentage with a 0 or 1")
		}
		tok := c.sentence[loc[0]:loc[1]]
		zero := rapid.SampledFrom([]string{"O", "o"}).Draw(t, "zero")
		one := rapid.SampledFrom([]string{"I", "l"}).Draw(t, "one")
		looks := strings.NewReplacer("0", zero, "1", one, "5", "Ƽ").Replace(tok)
		claim := c.sentence[:loc[0]] + looks + c.sentence[loc[1]:]
		wantRefused(t, checkClaim(t, g, ledger, c.doi, claim, c.sentence), "look-alike digits", claim,
			contract.ReasonMixedScript, contract.ReasonNumberNotInQuote)
	})
}

// TestPropertySignsAreRead: a comparison sign, one that looks like one, a
// worded minus or an explicit plus put before a claim's number is part of
// it, and no quote without it backs it.
func TestPropertySignsAreRead(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		n, ok := numberToken(t, c.sentence)
		if !ok || strings.ContainsAny(n.Text, "<>≤≥~±+−-") || n.Text[0] < '0' || n.Text[0] > '9' {
			t.Skip("no plain number")
		}
		i := strings.Index(c.sentence, n.Text)
		if i > 0 && c.sentence[i-1] != ' ' {
			t.Skip("number not after a space")
		}
		sign := rapid.SampledFrom([]string{"‹ ", "› ", "≪ ", "≫ ", "< = ", "> = ", "minus ", "+", "≦ ", "< "}).Draw(t, "sign")
		claim := c.sentence[:i] + sign + c.sentence[i:]
		wantRefused(t, checkClaim(t, g, ledger, c.doi, claim, c.sentence), "sign "+sign, claim, contract.ReasonNumberNotInQuote)
	})
}

// TestPropertyReferenceShapesAreRefused: a reference written into a claim
// in any of the shapes (a ledger id written apart, a footnote mark or
// letter, et al. kin, a Latin pointer, a pointer by place, a bracketed
// author–year in any language, a host with another dot, a URI scheme, a
// journal abbreviation) is refused as reference_in_text.
func TestPropertyReferenceShapesAreRefused(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	names := []string{"Nobel", "Dupont", "Schmidt", "García", "Yılmaz", "Lind", "Okafor"}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		name := rapid.SampledFrom(names).Draw(t, "name")
		year := strconv.Itoa(rapid.IntRange(1950, 2030).Draw(t, "year"))
		k := strconv.Itoa(rapid.IntRange(1, 12).Draw(t, "k"))
		shapes := []string{
			" (S" + rapid.SampledFrom([]string{" ", ".", "/", "\u00a0", "#", "-"}).Draw(t, "id sep") + k + ")",
			" [S " + k + "]",
			rapid.SampledFrom([]string{"†", "‡", " §" + k, ".^" + k, " [a]", " [#" + k + "]", " (No. " + k + ")", " ‹" + k + "›"}).Draw(t, "mark"),
			" (" + name + rapid.SampledFrom([]string{" et coll.", " u. a.", " y cols.,", " ve ark.", " m.fl.", " et alii", " and others,", " i wsp."}).Draw(t, "kin") + " " + year + ")",
			rapid.SampledFrom([]string{" (ibid.)", " (op. cit.)", " (cf. " + name + ")", " (vide infra)"}).Draw(t, "latin"),
			rapid.SampledFrom([]string{", per the first source", ", as the second reference shows", " (source " + k + ")", " (ref #" + k + ")"}).Draw(t, "pointer"),
			" (see " + strings.ToLower(name) + rapid.SampledFrom([]string{"·com", " dot org", ".local", ".internal"}).Draw(t, "host") + ")",
			rapid.SampledFrom([]string{" (hdl:1234/abc)", " (info:pmid/" + k + ")", " (urn:nbn:" + k + ")"}).Draw(t, "scheme"),
			rapid.SampledFrom([]string{" (Br J Health Psychol)", " (N Engl J Med " + k + ":331)", " (J. Clin. Oncol.)"}).Draw(t, "journal"),
		}
		shape := rapid.SampledFrom(shapes).Draw(t, "shape")
		claim := strings.TrimRight(c.sentence, ".") + shape + "."
		wantRefused(t, checkClaim(t, g, ledger, c.doi, claim, c.sentence), "reference "+shape, claim, contract.ReasonReferenceInText)
	})
}

// TestPropertyApostropheGroupingVerifies: a number of four or more digits
// the quote groups (or not) is the same number grouped with an apostrophe
// in the claim (184'216, 184’216).
func TestPropertyApostropheGroupingVerifies(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	big := regexp.MustCompile(`\b[1-9][0-9]{0,2}(?:,[0-9]{3})+\b|\b[1-9][0-9]{3,5}\b`)
	type site struct {
		c    corpusClaim
		loc  []int
		text string
	}
	var sites []site
	for _, c := range pool {
		for _, loc := range big.FindAllStringIndex(c.sentence, -1) {
			digits := strings.ReplaceAll(c.sentence[loc[0]:loc[1]], ",", "")
			if v, _ := strconv.Atoi(digits); len(digits) == 4 && v >= 1900 && v <= 2100 {
				continue // a year
			}
			sites = append(sites, site{c, loc, digits})
		}
	}
	if len(sites) < 5 {
		t.Fatalf("only %d grouped numbers in the corpus claims", len(sites))
	}
	rapid.Check(t, func(t *rapid.T) {
		st := rapid.SampledFrom(sites).Draw(t, "site")
		c, loc, digits := st.c, st.loc, st.text
		sep := rapid.SampledFrom([]string{"'", "’"}).Draw(t, "sep")
		var b strings.Builder
		for i, r := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteString(sep)
			}
			b.WriteRune(r)
		}
		claim := c.sentence[:loc[0]] + b.String() + c.sentence[loc[1]:]
		if v := checkClaim(t, g, ledger, c.doi, claim, c.sentence); !v.Verified {
			t.Fatalf("apostrophe grouping refused: %q %+v", claim, v.Failures)
		}
	})
}
