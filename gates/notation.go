package gates

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
)

// Notation a reader sees but the allowlist cannot judge alone: a super- or
// subscript run ("H₂S", "L⁻¹", "rose²"), a Greek letter inside a Latin word
// ("Aβ-fibre", "μg") and a token shaped like a ledger id ("S1") are allowed
// in prose only where the same run, with its neighbours (the whole word it
// is in), is in one of the claim's quotes, compared through NFKC ("I²" is
// "I2"). A superscript after a digit is an exponent, which the number
// grammar reads instead.

// notationToken is a word of prose the notation rule checks.
type notationToken struct {
	text string
	// superDigits is set for a run of superscript digits standing alone
	// (after a space, a bracket, a percent sign: "51.7 %²˒³"): a reference
	// mark when no quote holds it.
	superDigits bool
	ledgerID    bool
	// confusable is set for a Greek word that looks like a Latin one (its
	// TR39 skeleton is ASCII: "Ο", "ν", "ρ"): where no quote holds it, a
	// reader reads the Latin word or a digit.
	confusable bool
	// exact is set for a word with a super- or subscript run that follows
	// no letter or digit: a run standing alone ("Time-point ¹", "Bcl-²")
	// reads as a mark, not as a digit, so only the same run backs it,
	// compared without NFKC.
	exact bool
}

// notationTokens returns the words of s (NFC) that hold a super- or
// subscript not after a digit, mix Greek and Latin letters, or are shaped
// like a ledger id.
func notationTokens(s string, ledgerIDs map[string]bool) []notationToken {
	var out []notationToken
	for _, w := range proseWords(s) {
		var tok notationToken
		latin, greek, scripts, superDigit := false, false, false, false
		prevDigit := false
		prev := rune(0)
		for _, r := range w {
			isScript := contract.ClassOf(r) == contract.CharScript
			if isScript && !unicode.IsLetter(prev) && !unicode.IsNumber(prev) && contract.ClassOf(prev) != contract.CharScript {
				tok.exact = true // a run standing alone: "Bcl-²", "¹"
			}
			prev = r
			switch {
			case isScript && !prevDigit && scriptDigit(r, superDigits) >= 0:
				scripts, superDigit = true, true
			case isScript && !prevDigit:
				scripts = true
			case unicode.Is(unicode.Greek, r) || r == 'µ':
				greek = true
			case unicode.Is(unicode.Latin, r):
				latin = true
			}
			prevDigit = unicode.IsDigit(r) || isScript && prevDigit
		}
		tok.ledgerID = isLedgerID(w, ledgerIDs)
		tok.superDigits = superDigit && tok.exact
		tok.confusable = greek && !latin && !scripts && asciiSkeleton(w)
		if scripts || greek && latin || tok.ledgerID || tok.confusable {
			tok.text = w
			out = append(out, tok)
		}
	}
	return out
}

// asciiSkeleton reports whether the TR39 skeleton of w is ASCII letters
// and digits only: w looks like a Latin word or a number.
func asciiSkeleton(w string) bool {
	for _, r := range contract.Skeleton(w) {
		if r >= utf8.RuneSelf || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// isLedgerID reports whether w is shaped like a ledger id: "S" and digits,
// in any case, or one of the ledger's own ids.
func isLedgerID(w string, ids map[string]bool) bool {
	if ids[contract.FoldID(w)] {
		return true
	}
	if len(w) < 2 || w[0] != 'S' && w[0] != 's' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// proseWords splits s into words: runs of letters, digits, marks and super-
// and subscripts, joined by a hyphen or an apostrophe between them.
func proseWords(s string) []string {
	var out []string
	inWord := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) || contract.ClassOf(r) == contract.CharScript
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !inWord(r) {
			i += n
			continue
		}
		j := i
		for j < len(s) {
			c, m := utf8.DecodeRuneInString(s[j:])
			if inWord(c) {
				j += m
				continue
			}
			if (isDash(c) || c == '\'' || c == '’') && j+m < len(s) {
				if d, _ := utf8.DecodeRuneInString(s[j+m:]); inWord(d) {
					j += m
					continue
				}
			}
			break
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// nfkcFolded is a text folded for the notation rule: NFKC, then the quote
// folding.
func nfkcFolded(s string) Folded { return Fold(contract.ReadNFKC(s)) }

// notationFailures checks the notation of one prose field against its
// quotes, folded through NFKC (nfkc) and without it (plain).
func notationFailures(claimID, field, s string, nfkc, plain []Folded, ledgerIDs map[string]bool) []contract.Diagnostic {
	var out []contract.Diagnostic
	seen := map[contract.Reason]bool{}
	add := func(d contract.Diagnostic) {
		if !seen[d.Reason] { // one failure per reason and field says enough
			seen[d.Reason] = true
			out = append(out, d)
		}
	}
	for _, tok := range notationTokens(contract.ReadNFC(s), ledgerIDs) {
		t, quotes := foldText(contract.ReadNFKC(tok.text)), nfkc
		if tok.exact {
			t, quotes = foldText(tok.text), plain
		}
		held := false
		for _, q := range quotes {
			// A unit's notation stands inside its number's span ("4 cm²"
			// is one number to the number rule), where find may not
			// start; the notation rule asks only that the quote hold the
			// token as a word.
			if _, _, ok := find(q, t); ok || holdsWord(q.Text, t) {
				held = true
				break
			}
		}
		if held {
			continue
		}
		switch {
		case tok.ledgerID:
			add(contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonReferenceInText,
				Detail: fmt.Sprintf("%s holds %s, shaped like a ledger id, which no quote holds; references come only from the citations", field, quoteToken(tok.text))})
		case tok.confusable:
			add(contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonMixedScript,
				Detail: fmt.Sprintf("%s holds the Greek %s, which looks like the Latin %s and which no quote holds", field, quoteToken(tok.text), quoteToken(contract.Skeleton(tok.text)))})
		case tok.superDigits:
			add(contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonReferenceInText,
				Detail: fmt.Sprintf("%s holds the superscript digits of %s, which no quote holds: reference marks come only from the citations", field, quoteToken(tok.text))})
		default:
			add(contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonNotationNotInQuote,
				Detail: fmt.Sprintf("%s holds %s, whose sub- or superscripts or Greek letters no quote holds with their neighbours", field, quoteToken(tok.text))})
		}
	}
	return out
}

// charFailures checks the characters of one prose field: the allowlist,
// digits, combining marks and mixed scripts.
func charFailures(claimID, field, s string) []contract.Diagnostic {
	var out []contract.Diagnostic
	if m, ok := contract.MixedScriptWord(s); ok {
		out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonMixedScript,
			Detail: field + ": " + m.Detail()})
	}
	if p, ok := contract.RefusedRune(s); ok {
		if _, _, hidden := contract.HiddenRune(s); !hidden {
			out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonDisallowedCharacter,
				Detail: fmt.Sprintf("%s: %s", field, p.Detail())})
		}
	}
	return out
}

// confusableFailures refuses a word of prose that no quote holds (after
// the quote folding: case, dashes, quote marks) but that looks like a word
// one does (the same TR39 skeleton): "Time-point l" for the quote's
// "Time-point 1". quoteWords are each quote's folded words, skeletons what
// they look like (computed only when a word is not held).
func confusableFailures(claimID, field, s string, quoteWords []map[string]bool, skeletons func() []map[string]string) []contract.Diagnostic {
	var looks []map[string]string
	for _, w := range proseWords(contract.ReadNFC(s)) {
		fw := foldText(w)
		held := false
		for _, qw := range quoteWords {
			if qw[fw] {
				held = true
				break
			}
		}
		if held {
			continue
		}
		if looks == nil {
			looks = skeletons()
		}
		sk := contract.Skeleton(w)
		for _, l := range looks {
			if q, ok := l[sk]; ok {
				return []contract.Diagnostic{{ClaimID: claimID, Reason: contract.ReasonMixedScript,
					Detail: fmt.Sprintf("%s holds %s, which no quote holds and which looks like the quote's %s", field, quoteToken(w), quoteToken(q))}}
			}
		}
	}
	return nil
}

// foldedWords returns the folded words of s.
func foldedWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range proseWords(contract.ReadNFC(s)) {
		out[foldText(w)] = true
	}
	return out
}

// wordSkeletons maps the TR39 skeleton of each word of s to the word.
func wordSkeletons(s string) map[string]string {
	out := map[string]string{}
	for _, w := range proseWords(contract.ReadNFC(s)) {
		if sk := contract.Skeleton(w); out[sk] == "" {
			out[sk] = w
		}
	}
	return out
}

// digitSkeletons maps the TR39 skeleton of each ASCII digit to the digit:
// "O" is what 0 looks like, "l" what 1 does.
var digitSkeletons = sync.OnceValue(func() map[string]rune {
	out := map[string]rune{}
	for d := '0'; d <= '9'; d++ {
		out[contract.Skeleton(string(d))] = d
	}
	return out
})

// looksLikeDigit returns the digit a letter looks like (the same TR39
// skeleton): 'O' and 'o' 0, 'I' and 'l' 1, 'Ƽ' 5.
func looksLikeDigit(r rune) (rune, bool) {
	if !unicode.IsLetter(r) {
		return 0, false
	}
	d, ok := digitSkeletons()[contract.Skeleton(string(r))]
	return d, ok
}

// lookalikeNumbers returns the runs of s that a reader reads as a number
// but that are written, wholly or partly, with letters that look like
// digits: a run of digits and such letters, holding at least one letter,
// followed (after spaces or not) by a percent or per-mille sign, or
// between a comparison sign and such a sign ("IO%", "lOO %", "ƼƼ%",
// "1O%"). Each is returned with the number it looks like. A word of such
// letters elsewhere ("IO", "lo") is a word.
func lookalikeNumbers(s string) [][2]string {
	if !strings.ContainsAny(s, "%‰") {
		return nil // no sign for a run to stand before
	}
	var out [][2]string
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j, letters := i, 0
		var looks strings.Builder
		for j < len(rs) {
			if rs[j] >= '0' && rs[j] <= '9' {
				looks.WriteRune(rs[j])
			} else if d, ok := looksLikeDigit(rs[j]); ok {
				looks.WriteRune(d)
				letters++
			} else {
				break
			}
			j++
		}
		if j == i {
			i++
			continue
		}
		startsWord := i == 0 || !unicode.IsLetter(rs[i-1]) && !unicode.IsNumber(rs[i-1])
		k := j
		for k < len(rs) && unicode.IsSpace(rs[k]) {
			k++
		}
		if letters > 0 && startsWord && k < len(rs) && (rs[k] == '%' || rs[k] == '‰') {
			out = append(out, [2]string{string(rs[i:j]), looks.String()})
		}
		i = j
	}
	return out
}

// lookalikeNumberFailures refuses prose holding a number written with
// letters that look like digits (lookalikeNumbers) that none of quotes
// holds as written: no number is read from it, so no quote backs it, yet a
// reader reads one.
func lookalikeNumberFailures(claimID, field, s string, quotes []string) []contract.Diagnostic {
	var out []contract.Diagnostic
next:
	for _, l := range lookalikeNumbers(contract.ReadNFC(s)) {
		for _, q := range quotes {
			if strings.Contains(contract.ReadNFC(q), l[0]) {
				continue next
			}
		}
		out = append(out, contract.Diagnostic{ClaimID: claimID, Reason: contract.ReasonMixedScript,
			Detail: fmt.Sprintf("%s holds %s, letters that read as the number %s", field, quoteToken(l[0]), l[1])})
	}
	return out
}

// holdsWord reports whether text holds w with no letter or digit on either
// side.
func holdsWord(text, w string) bool {
	if w == "" {
		return false
	}
	for from := 0; from <= len(text); {
		k := strings.Index(text[from:], w)
		if k < 0 {
			return false
		}
		k += from
		before, _ := utf8.DecodeLastRuneInString(text[:k])
		after, _ := utf8.DecodeRuneInString(text[k+len(w):])
		if k == 0 || !unicode.IsLetter(before) && !unicode.IsDigit(before) {
			if k+len(w) == len(text) || !unicode.IsLetter(after) && !unicode.IsDigit(after) {
				return true
			}
		}
		from = k + 1
	}
	return false
}
