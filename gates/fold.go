package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Folded is a source or quote text prepared for comparison, with a map back
// to the original text so a match can be reported as the exact source span.
//
// Folding changes only what does not change meaning: quote and apostrophe
// variants, dashes and hyphens, whitespace runs, invisible format
// characters, the micro sign and letter case. Digits, superscripts and
// subscripts, fractions, ≤/≥, ± and × are kept as they are: NFKC would turn
// "10⁰%" into "100%".
type Folded struct {
	// Text is the folded text.
	Text string
	// start[i] and end[i] are the byte offsets in the original text of the
	// rune that produced folded byte i.
	start, end []int32
}

// foldRune maps one rune to its folded form; "" drops it. Whitespace is
// handled by the caller (runs collapse to one space).
func foldRune(r rune) string {
	switch r {
	case '\u2018', '\u2019', '\u201a', '\u201b', '\u2032', '\u00b4', '\u02bc', '\uff07':
		return "'"
	case '\u201c', '\u201d', '\u201e', '\u201f', '\u2033', '\u00ab', '\u00bb', '\uff02':
		return `"`
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\ufe58', '\ufe63', '\uff0d':
		return "-"
	case '\u2026':
		return "..."
	case '\u00b5':
		return "\u03bc" // micro sign → Greek mu
	case '\u03c2':
		return "\u03c3" // final sigma folds like sigma
	}
	// (Conditions are ifs, not switch cases, so that coverage, and with it
	// mutation testing, sees them.)
	if '\ufb00' <= r && r <= '\ufb06' {
		// Latin ligatures are spelling, not meaning: "ﬁbrosis" is "fibrosis".
		return [...]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}[r-'\ufb00']
	}
	if '\uff01' <= r && r <= '\uff5e' {
		// Fullwidth ASCII forms read as their ASCII letters and digits.
		return strings.ToLower(string(r - 0xfee0))
	}
	if unicode.Is(unicode.Cf, r) {
		// U+200B and kin, soft hyphen, BOM, joiners, bidi controls: invisible.
		return ""
	}
	return string(unicode.ToLower(r))
}

// Fold prepares s for comparison. Leading and trailing whitespace is
// dropped and inner whitespace runs become one space.
func Fold(s string) Folded { return fold(s, true) }

// foldText is Fold without the map back to s, for quotes.
func foldText(s string) string { return fold(s, false).Text }

func fold(s string, withMap bool) Folded {
	var f Folded
	if withMap {
		f = Folded{start: make([]int32, 0, len(s)), end: make([]int32, 0, len(s))}
	}
	var b strings.Builder
	b.Grow(len(s))
	// A whitespace run [spaceStart, spaceEnd) is written as one space when
	// the next character is, and never at either end.
	inSpace, spaceStart, spaceEnd := false, 0, 0
	for i, r := range s {
		_, size := utf8.DecodeRuneInString(s[i:]) // 1 for an invalid byte
		if unicode.IsSpace(r) {
			if !inSpace {
				inSpace, spaceStart = true, i
			}
			spaceEnd = i + size
			continue
		}
		var out string
		ascii := r < utf8.RuneSelf
		if ascii {
			if unicode.IsControl(r) {
				continue // control characters other than whitespace
			}
		} else if out = foldRune(r); out == "" {
			continue
		}
		if inSpace && b.Len() > 0 {
			b.WriteByte(' ')
			if withMap {
				f.start = append(f.start, int32(spaceStart))
				f.end = append(f.end, int32(spaceEnd))
			}
		}
		inSpace = false
		if ascii {
			c := byte(r)
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c == '`' {
				c = '\''
			}
			b.WriteByte(c)
			if withMap {
				f.start = append(f.start, int32(i))
				f.end = append(f.end, int32(i+1))
			}
			continue
		}
		b.WriteString(out)
		if !withMap {
			continue
		}
		for range len(out) {
			f.start = append(f.start, int32(i))
			f.end = append(f.end, int32(i+size))
		}
	}
	f.Text = b.String()
	return f
}

// span maps the folded byte range [i, j) back to the original text.
func (f Folded) span(i, j int) Span {
	return Span{Start: int(f.start[i]), End: int(f.end[j-1])}
}
