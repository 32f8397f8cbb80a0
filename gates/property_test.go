package gates_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// A property-based test of what a reader reads. From real corpus
// sentences (each stated whole as a claim quoting itself from its record),
// rapid draws claims and quotes and mutates them in every notation:
//
//   - a typographic-only variation (NFC or NFD, spaces of any width,
//     dashes, quote marks, thousands grouping by the grammar's rule, the
//     space before a percent sign) must verify;
//   - a mutation that changes what a reader reads (a digit, a separator
//     that turns grouping into a decimal, an exponent, a glued unit, a
//     digit of another script, a superscript, a look-alike letter, a
//     confusable letter in a word, a combining mark, a reference shape
//     inserted) must be refused, with its reason.

type corpusClaim struct {
	doi, sentence string
}

// numberedClaims are the corpus sentences of 5–40 words, holding a number,
// that verify as whole-sentence claims.
func numberedClaims(t *testing.T) ([]corpusClaim, contract.Ledger, *fakeOracle) {
	t.Helper()
	ledger, oracle := corpusLedger(t)
	g := gates.New(oracle)
	var out []corpusClaim
	for _, e := range ledger.Entries {
		for _, s := range sentences(e.Abstract) {
			if len(gates.NumbersIn(s)) == 0 || !gates.ContainsQuote(e.Text(), s) {
				continue
			}
			d := draftOf(contract.Claim{ID: "c1", Text: s, Citations: []contract.Citation{{DOI: e.DOI, Quote: s}}})
			if v, _ := g.Check(context.Background(), d, ledger, nil); v.Verified {
				out = append(out, corpusClaim{doi: e.DOI, sentence: s})
			}
		}
	}
	if len(out) < 40 {
		t.Fatalf("only %d numbered corpus claims", len(out))
	}
	return out, ledger, oracle
}

func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(text); i++ {
		if strings.IndexByte(".!?", text[i]) >= 0 && text[i+1] == ' ' {
			out = append(out, strings.TrimSpace(text[start:i+1]))
			start = i + 2
		}
	}
	return append(out, strings.TrimSpace(text[start:]))
}

// variation is a change to a claim and its quote.
type variation struct {
	name  string
	apply func(t *rapid.T, claim, quote string) (string, string)
}

// replaceOne replaces one occurrence (drawn) of old in s by new.
func replaceOne(t *rapid.T, s, old, repl, label string) string {
	n := strings.Count(s, old)
	if n == 0 {
		return s
	}
	k := rapid.IntRange(0, n-1).Draw(t, label)
	i := -1
	for range k + 1 {
		i += 1 + strings.Index(s[i+1:], old)
	}
	return s[:i] + repl + s[i+len(old):]
}

// onEither applies f to the claim, the quote or both.
func onEither(t *rapid.T, claim, quote string, f func(string) string) (string, string) {
	switch rapid.IntRange(0, 2).Draw(t, "side") {
	case 0:
		return f(claim), quote
	case 1:
		return claim, f(quote)
	}
	return f(claim), f(quote)
}

var typographic = []variation{
	{"NFD", func(t *rapid.T, c, q string) (string, string) { return onEither(t, c, q, norm.NFD.String) }},
	{"space width", func(t *rapid.T, c, q string) (string, string) {
		w := rapid.SampledFrom([]string{"\u00a0", "\u2009", "\u202f", "  ", "\u2005"}).Draw(t, "space")
		return onEither(t, c, q, func(s string) string { return replaceOne(t, s, " ", w, "which space") })
	}},
	{"dash", func(t *rapid.T, c, q string) (string, string) {
		d := rapid.SampledFrom([]string{"\u2010", "\u2011", "\u2013", "\u2212"}).Draw(t, "dash")
		return onEither(t, c, q, func(s string) string { return replaceOne(t, s, "-", d, "which dash") })
	}},
	{"quote marks", func(t *rapid.T, c, q string) (string, string) {
		return onEither(t, c, q, func(s string) string {
			return strings.NewReplacer("'", "\u2019", `"`, "\u201c").Replace(s)
		})
	}},
	{"thousands grouping", func(t *rapid.T, c, q string) (string, string) {
		sep := rapid.SampledFrom([]string{",", " ", "\u2009", "\u202f", ""}).Draw(t, "separator")
		return onEither(t, c, q, func(s string) string { return regroup(s, sep) })
	}},
	{"space before percent", func(t *rapid.T, c, q string) (string, string) {
		return onEither(t, c, q, func(s string) string {
			if strings.Contains(s, " %") {
				return strings.ReplaceAll(s, " %", "%")
			}
			return strings.ReplaceAll(s, "%", " %")
		})
	}},
}

// regroup writes every integer of five or more digits (not a year, not
// after a decimal point or a letter) with sep between its groups of three,
// and every grouped one ("75 000", "1,234") the same way.
func regroup(s, sep string) string {
	var b strings.Builder
	rs := []rune(s)
	isDigit := func(r rune) bool { return '0' <= r && r <= '9' }
	for i := 0; i < len(rs); {
		if !isDigit(rs[i]) || i > 0 && (unicode.IsLetter(rs[i-1]) || rs[i-1] == '.' || rs[i-1] == ',' || isDigit(rs[i-1])) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j, digits := i, ""
		for j < len(rs) {
			if isDigit(rs[j]) {
				digits += string(rs[j])
				j++
				continue
			}
			// a grouping separator before exactly three digits
			if (rs[j] == ',' || rs[j] == ' ' || rs[j] == '\u2009' || rs[j] == '\u202f' || rs[j] == '\u00a0') && j+3 < len(rs)+1 &&
				j+3 < len(rs) && isDigit(rs[j+1]) && isDigit(rs[j+2]) && isDigit(rs[j+3]) && (j+4 >= len(rs) || !isDigit(rs[j+4])) && len(digits) <= 3+3*strings.Count(digits, "") {
				j++
				continue
			}
			break
		}
		next := rune(0)
		if j < len(rs) {
			next = rs[j]
		}
		if len(digits) < 5 || digits[0] == '0' || next == '.' || next == ',' && j+1 < len(rs) && isDigit(rs[j+1]) || unicode.IsLetter(next) {
			b.WriteString(string(rs[i:j]))
			i = j
			continue
		}
		head := len(digits) % 3
		if head == 0 {
			head = 3
		}
		b.WriteString(digits[:head])
		for k := head; k < len(digits); k += 3 {
			b.WriteString(sep + digits[k:k+3])
		}
		i = j
	}
	return b.String()
}

// TestPropertyTypographyVerifies: a typographic-only variation of an
// honest claim and its quote verifies.
func TestPropertyTypographyVerifies(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		claim, quote := c.sentence, c.sentence
		var applied []string
		for range rapid.IntRange(1, 4).Draw(t, "variations") {
			v := rapid.SampledFrom(typographic).Draw(t, "variation")
			claim, quote = v.apply(t, claim, quote)
			applied = append(applied, v.name)
		}
		d := draftOf(contract.Claim{ID: "c1", Text: claim, Citations: []contract.Citation{{DOI: c.doi, Quote: quote}}})
		if v, _ := g.Check(context.Background(), d, ledger, nil); !v.Verified {
			t.Fatalf("%v of an honest claim refused:\nclaim %q\nquote %q\nfailures %+v", applied, claim, quote, v.Failures)
		}
	})
}

// mutation changes what a reader reads of a claim; want are the reasons
// any of which refuses it.
type mutation struct {
	name  string
	want  []contract.Reason
	apply func(t *rapid.T, claim, quote string) (string, bool)
}

// numberToken draws a token of the claim that holds an ASCII digit.
func numberToken(t *rapid.T, claim string) (gates.Number, bool) {
	var ns []gates.Number
	for _, n := range gates.NumbersIn(claim) {
		if strings.ContainsAny(n.Text, "0123456789") {
			ns = append(ns, n)
		}
	}
	if len(ns) == 0 {
		return gates.Number{}, false
	}
	return rapid.SampledFrom(ns).Draw(t, "number"), true
}

// absentFrom reports whether the changed token reads as no token of quote.
func absentFrom(token, quote string) bool {
	got := gates.NumbersIn(token)
	if len(got) == 0 {
		return false
	}
	for _, q := range gates.NumbersIn(quote) {
		for _, g := range got {
			if g.Reading == q.Reading || strings.Contains(q.Reading, g.Reading) || strings.Contains(g.Reading, q.Reading) && len(got) > 1 {
				return false
			}
		}
	}
	return true
}

// swapToken replaces the token's first occurrence in claim.
func swapToken(claim string, n gates.Number, repl string) string {
	return strings.Replace(claim, n.Text, repl, 1)
}

var numberNotInQuote = []contract.Reason{contract.ReasonNumberNotInQuote}

var readerMutations = []mutation{
	{"digit changed", numberNotInQuote, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok {
			return "", false
		}
		i := strings.LastIndexAny(n.Text, "0123456789")
		for k := 1; k <= 9; k++ {
			changed := n.Text[:i] + string(rune('0'+(int(n.Text[i]-'0')+k)%10)) + n.Text[i+1:]
			if absentFrom(changed, quote) {
				return swapToken(claim, n, changed), true
			}
		}
		return "", false
	}},
	{"grouping turned decimal", numberNotInQuote, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok || !strings.ContainsAny(n.Text, ", ") || len(n.Text) < 5 {
			return "", false
		}
		changed := strings.NewReplacer(",", ".", " ", ".").Replace(n.Text)
		return swapToken(claim, n, changed), absentFrom(changed, quote)
	}},
	{"decimal point to comma", numberNotInQuote, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok || !strings.Contains(n.Text, ".") {
			return "", false
		}
		changed := strings.Replace(n.Text, ".", ",", 1)
		return swapToken(claim, n, changed), absentFrom(changed, quote)
	}},
	{"exponent", numberNotInQuote, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok || strings.HasSuffix(n.Text, "%") {
			return "", false
		}
		e := rapid.SampledFrom([]string{"e-3", "e3", " × 10⁻³", "×10^-3", " x 10^3"}).Draw(t, "exponent")
		changed := n.Text + e
		return swapToken(claim, n, changed), absentFrom(changed, quote)
	}},
	{"glued unit", numberNotInQuote, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok || strings.HasSuffix(n.Text, "%") {
			return "", false
		}
		u := rapid.SampledFrom([]string{"mg", "months", "kDa", "kg", "nd"}).Draw(t, "unit")
		changed := n.Text + u
		// "3months" is "3 months": the unit must be one the quote does not
		// write after the number.
		return swapToken(claim, n, changed), len(gates.UnsupportedNumbers(changed, []string{quote})) > 0
	}},
	{"digit of another script", []contract.Reason{contract.ReasonDisallowedCharacter, contract.ReasonMixedScript}, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok {
			return "", false
		}
		script := rapid.SampledFrom([]rune{'\u0660', '\u06f0', '\u0966', '\uff10', '\U0001d7ce'}).Draw(t, "zero")
		i := strings.IndexAny(n.Text, "0123456789")
		changed := n.Text[:i] + string(script+rune(n.Text[i]-'0')) + n.Text[i+1:]
		return swapToken(claim, n, changed), true
	}},
	{"superscript digit", []contract.Reason{contract.ReasonNumberNotInQuote, contract.ReasonReferenceInText, contract.ReasonNotationNotInQuote}, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok {
			return "", false
		}
		// After a letter a superscript is part of a name, read through
		// NFKC ("I²" is "I2"): typography. After a digit it is an exponent,
		// alone it is a mark: both change the reading.
		i := strings.LastIndexAny(n.Text, "0123456789")
		if i > 0 && unicode.IsLetter(rune(n.Text[i-1])) {
			return "", false
		}
		sup := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")[n.Text[i]-'0']
		changed := n.Text[:i] + string(sup) + n.Text[i+1:]
		return swapToken(claim, n, changed), !strings.Contains(quote, changed)
	}},
	{"look-alike letter in a number", []contract.Reason{contract.ReasonDisallowedCharacter, contract.ReasonMixedScript, contract.ReasonNumberNotInQuote, contract.ReasonNotationNotInQuote}, func(t *rapid.T, claim, quote string) (string, bool) {
		n, ok := numberToken(t, claim)
		if !ok || !strings.ContainsAny(n.Text, "01") {
			return "", false
		}
		i := strings.IndexAny(n.Text, "01")
		looks := map[byte][]string{'0': {"\u041e", "\u039f", "\u043e", "O", "o"}, '1': {"l", "I", "\u0406", "\u0399"}}
		look := rapid.SampledFrom(looks[n.Text[i]]).Draw(t, "look-alike")
		changed := n.Text[:i] + look + n.Text[i+1:]
		return swapToken(claim, n, changed), true
	}},
	{"confusable letter in a word", []contract.Reason{contract.ReasonDisallowedCharacter, contract.ReasonMixedScript}, func(t *rapid.T, claim, quote string) (string, bool) {
		pairs := map[string]string{"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "i": "\u0456"}
		from := rapid.SampledFrom([]string{"a", "e", "o", "p", "c", "i"}).Draw(t, "letter")
		if !strings.Contains(claim, from) {
			return "", false
		}
		return replaceOne(t, claim, from, pairs[from], "which letter"), true
	}},
	{"combining mark", []contract.Reason{contract.ReasonDisallowedCharacter}, func(t *rapid.T, claim, quote string) (string, bool) {
		mark := rapid.SampledFrom([]string{"\u0301", "\u0338", "\u20e5", "\u0336"}).Draw(t, "mark")
		return replaceOne(t, claim, " ", " "+mark, "where"), strings.Contains(claim, " ")
	}},
	{"reference shape", []contract.Reason{contract.ReasonReferenceInText, contract.ReasonDisallowedCharacter}, func(t *rapid.T, claim, quote string) (string, bool) {
		ref := rapid.SampledFrom([]string{
			" [3]", " (1, 2)", " [12–14]", " (Hayes and Strosahl 2025)", " (Smith et al., 2020)", " as Hayes and colleagues showed",
			" doi:10.1000/xyz123", " (https://example.org)", " (see nature.com)", " (PMID 31415926)", " (PMC7654321)",
			" arXiv:2101.01234", " ²˒³", "²,³", " (S1, S3)", " [S2]", " Lancet. 2020;395(10223):497-506",
			" as Müller\u2011Lee (2019) found",
		}).Draw(t, "reference")
		body := strings.TrimSuffix(claim, ".")
		return body + ref + ".", true
	}},
}

// TestPropertyReaderMutationsAreRefused: every mutation that changes what a
// reader reads is refused, with one of its reasons.
func TestPropertyReaderMutationsAreRefused(t *testing.T) {
	pool, ledger, oracle := numberedClaims(t)
	g := gates.New(oracle)
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(pool).Draw(t, "claim")
		m := rapid.SampledFrom(readerMutations).Draw(t, "mutation")
		claim, ok := m.apply(t, c.sentence, c.sentence)
		if !ok || claim == c.sentence {
			t.Skip("mutation does not apply")
		}
		// A typographic variation on top changes nothing.
		if rapid.Bool().Draw(t, "with typography") {
			v := rapid.SampledFrom(typographic).Draw(t, "variation")
			claim, _ = v.apply(t, claim, claim)
		}
		d := draftOf(contract.Claim{ID: "c1", Text: claim, Citations: []contract.Citation{{DOI: c.doi, Quote: c.sentence}}})
		v, _ := g.Check(context.Background(), d, ledger, nil)
		if v.Verified {
			t.Fatalf("%s verified:\nclaim %q\nquote %q", m.name, claim, c.sentence)
		}
		for _, f := range v.Failures {
			if slices.Contains(m.want, f.Reason) {
				return
			}
		}
		t.Fatalf("%s refused for %v, want one of %v:\nclaim %q", m.name, v.Reasons(), m.want, claim)
	})
}
