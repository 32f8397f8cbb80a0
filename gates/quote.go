package gates

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// MaxQuoteWords is the longest quote the gate accepts. A quote longer than
// this is not a quote but a copy, and a cheap way to game containment.
const MaxQuoteWords = 40

// folds maps typographic variants to their plain forms before comparison.
var folds = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201a", "'", "\u201b", "'", "\u2032", "'",
	"\u201c", `"`, "\u201d", `"`, "\u201e", `"`, "\u201f", `"`, "\u2033", `"`,
	"\u00ab", `"`, "\u00bb", `"`,
	"\u2010", "-", "\u2011", "-", "\u2012", "-", "\u2013", "-", "\u2014", "-",
	"\u2015", "-", "\u2212", "-", "\ufe58", "-", "\ufe63", "-", "\uff0d", "-",
	"\u00ad", "", // soft hyphen
	"\u2026", "...",
)

var fold = cases.Fold()

// NormalizeText prepares text for quote containment: NFKC, curly quotes and
// dashes folded to ASCII, whitespace runs collapsed to one space, case folded.
func NormalizeText(s string) string {
	s = norm.NFKC.String(s)
	s = folds.Replace(s)
	s = fold.String(s)
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// quoteProblem returns why quote cannot be checked, or "" if it can.
func quoteProblem(quote string) string {
	words := len(strings.FieldsFunc(NormalizeText(quote), unicode.IsSpace))
	switch {
	case words == 0:
		return "quote is empty"
	case words > MaxQuoteWords:
		return "quote is longer than 40 words"
	}
	return ""
}

// ContainsQuote reports whether quote appears in text after normalisation of
// both. An empty quote or one over MaxQuoteWords never does.
func ContainsQuote(text, quote string) bool {
	if quoteProblem(quote) != "" {
		return false
	}
	return strings.Contains(NormalizeText(text), NormalizeText(quote))
}
