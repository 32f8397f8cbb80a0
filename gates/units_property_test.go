package gates_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// Property tests of units (units.go): from real corpus sentences whose
// numbers carry a unit, a claim that spells the unit another way verifies,
// and one that swaps the unit, drops it for a count, or adds or removes a
// percent sign is refused with number_not_in_quote.

// unitSpellings are spellings of one unit, by its canonical name.
var unitSpellings = map[string][]string{
	"%":     {"%", " %", " percent", " per cent", "percent"},
	"yr":    {" years", " year", "-year", " yr", " y", "-years"},
	"mo":    {" months", " month", "-month", " mo", "months"},
	"wk":    {" weeks", " week", "-week", " wk"},
	"d":     {" days", " day", "-day", " d"},
	"h":     {" hours", " h", "-hour", "h"},
	"ng/mL": {" ng/mL", " ng/ml", "ng/mL", " ng per mL", " ng mL-1"},
}

// otherUnits are spellings of units of every kind, to swap in.
var otherUnits = []string{"%", " ‰", " percentage points", " pp", " years", " months", " weeks", " days", " hours", " min",
	" mg", " mg/kg", " g", " mL", " mmol/L", " ng/mL", "-fold", " times", " °C", " kg", " cm", " IU", " mmHg", " $", " €"}

// countNouns make a number a count of something.
var countNouns = []string{" patients", " cases", " participants", " women", " deaths", " studies"}

// unitOf returns the unit of the one token of s.
func unitOf(s string) string {
	ns := gates.NumbersIn(s)
	if len(ns) == 0 {
		return ""
	}
	return ns[len(ns)-1].Unit()
}

// unitToken draws a token of the claim whose text spells its unit, and
// returns the token's number text and unit text.
func unitToken(t *rapid.T, claim string) (gates.Number, string, string, bool) {
	type cand struct {
		n          gates.Number
		num, unitT string
	}
	var cs []cand
	for _, n := range gates.NumbersIn(claim) {
		u := n.Unit()
		if _, ok := unitSpellings[u]; !ok || strings.ContainsAny(n.Reading, ":±") {
			continue
		}
		i := strings.LastIndexAny(n.Text, "0123456789")
		if i < 0 || i == len(n.Text)-1 || !strings.ContainsAny(n.Text[:1], "0123456789") {
			continue
		}
		cs = append(cs, cand{n, n.Text[:i+1], n.Text[i+1:]})
	}
	if len(cs) == 0 {
		return gates.Number{}, "", "", false
	}
	c := rapid.SampledFrom(cs).Draw(t, "token")
	return c.n, c.num, c.unitT, true
}

// unitClaims are the numbered corpus claims with a token spelling its unit.
func unitClaims(t *testing.T) ([]corpusClaim, contract.Ledger, *fakeOracle) {
	pool, ledger, oracle := numberedClaims(t)
	var out []corpusClaim
	for _, c := range pool {
		for _, n := range gates.NumbersIn(c.sentence) {
			if _, ok := unitSpellings[n.Unit()]; ok {
				out = append(out, c)
				break
			}
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d corpus claims with a unit", len(out))
	}
	return out, ledger, oracle
}

func verdictOf(t *rapid.T, g *gates.Gate, ledger contract.Ledger, doi, claim, quote string) gates.Verdict {
	d := draftOf(contract.Claim{ID: "c1", Text: claim, Citations: []contract.Citation{{DOI: doi, Quote: quote}}})
	v, _ := g.Check(context.Background(), d, ledger, nil)
	return v
}

// TestPropertyUnitSpellingsVerify: a claim that writes its number's unit
// another way ("39.4 percent" for "39.4%", "5 years" for "5-year") reads
// the same and verifies.
func TestPropertyUnitSpellingsVerify(t *testing.T) {
	pool, ledger, oracle := unitClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		n, num, _, ok := unitToken(t, c.sentence)
		if !ok {
			t.Skip("no unit spelled")
		}
		spelling := rapid.SampledFrom(unitSpellings[n.Unit()]).Draw(t, "spelling")
		claim := strings.Replace(c.sentence, n.Text, num+spelling, 1)
		if v := verdictOf(t, g, ledger, c.doi, claim, c.sentence); !v.Verified {
			t.Fatalf("unit spelled %q refused:\nclaim %q\nquote %q\nfailures %+v", spelling, claim, c.sentence, v.Failures)
		}
	})
}

// unitMutations change what a claim's number measures or counts.
var unitMutations = []struct {
	name  string
	apply func(t *rapid.T, claim, quote string) (string, bool)
}{
	{"unit swapped", func(t *rapid.T, claim, quote string) (string, bool) {
		n, num, _, ok := unitToken(t, claim)
		if !ok {
			return "", false
		}
		u := rapid.SampledFrom(otherUnits).Draw(t, "other unit")
		changed := num + u
		if unitOf(changed) == n.Unit() {
			return "", false
		}
		return strings.Replace(claim, n.Text, changed, 1), true
	}},
	{"unit dropped for a count", func(t *rapid.T, claim, quote string) (string, bool) {
		n, num, _, ok := unitToken(t, claim)
		if !ok {
			return "", false
		}
		return strings.Replace(claim, n.Text, num+rapid.SampledFrom(countNouns).Draw(t, "noun"), 1), true
	}},
	{"percent removed", func(t *rapid.T, claim, quote string) (string, bool) {
		n, num, _, ok := unitToken(t, claim)
		if !ok || n.Unit() != "%" {
			return "", false
		}
		return strings.Replace(claim, n.Text, num+rapid.SampledFrom(countNouns).Draw(t, "noun"), 1), true
	}},
	{"percent added", func(t *rapid.T, claim, quote string) (string, bool) {
		var bare []gates.Number
		for _, n := range gates.NumbersIn(claim) {
			if n.Unit() == "" && strings.ContainsAny(n.Text[:1], "0123456789") && !strings.ContainsAny(n.Reading, ":/±") {
				bare = append(bare, n)
			}
		}
		if len(bare) == 0 {
			return "", false
		}
		n := rapid.SampledFrom(bare).Draw(t, "bare number")
		sign := rapid.SampledFrom([]string{"%", " %", " percent", " per cent"}).Draw(t, "percent")
		changed := n.Text + sign
		// The quote may write the number with a percent elsewhere.
		return strings.Replace(claim, n.Text, changed, 1), len(gates.UnsupportedNumbers(changed, []string{quote})) > 0
	}},
}

// TestPropertyUnitMutationsAreRefused: a claim whose number measures or
// counts something its quote's does not is refused for that number.
func TestPropertyUnitMutationsAreRefused(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		m := rapid.SampledFrom(unitMutations).Draw(t, "mutation")
		claim, ok := m.apply(t, c.sentence, c.sentence)
		if !ok || claim == c.sentence {
			t.Skip("mutation does not apply")
		}
		v := verdictOf(t, g, ledger, c.doi, claim, c.sentence)
		if v.Verified {
			t.Fatalf("%s verified:\nclaim %q\nquote %q", m.name, claim, c.sentence)
		}
		if !slices.ContainsFunc(v.Failures, func(f contract.Diagnostic) bool { return f.Reason == contract.ReasonNumberNotInQuote }) {
			t.Fatalf("%s refused for %v, want number_not_in_quote:\nclaim %q", m.name, v.Reasons(), claim)
		}
	})
}
