package gates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Folded is a source or quote text prepared for comparison, with a map back
// to the original text so a match can be reported as the exact source span.
//
// Folding changes only what does not change meaning: composed and
// decomposed letters (NFC), quote and apostrophe variants, dashes and
// hyphens, whitespace runs (and the spaces before a percent sign or around
// a comparison sign), the thousands grouping of the number grammar
// ("75,000", "75 000" and "75000" fold alike), invisible format characters,
// the micro sign and letter case. Digits, superscripts and subscripts,
// fractions, ≤/≥, ± and × are kept as they are: NFKC would turn "10⁰%" into
// "100%".
type Folded struct {
	// Text is the folded text.
	Text string
	// start[i] and end[i] are the byte offsets in the original text of the
	// rune that produced folded byte i.
	start, end []int32
	// nums are the folded byte spans of the numbers of Text (the number
	// grammar's, sign and exponent included): a quote may not start or
	// end inside one.
	nums []span32
}

type span32 struct{ start, end int32 }

// inNumber reports whether a cut at folded byte i falls inside a number.
func (f Folded) inNumber(i int) bool {
	for _, n := range f.nums {
		if int(n.start) < i && i < int(n.end) {
			return true
		}
		if int(n.start) >= i {
			return false
		}
	}
	return false
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
	if isASCII(s) || norm.NFC.IsNormalString(s) {
		return foldNFC(s, withMap)
	}
	// Fold the NFC text, then map its offsets back to s.
	t, starts, ends := nfcWithMap(s)
	f := foldNFC(t, withMap)
	if withMap {
		for i := range f.start {
			f.start[i] = starts[f.start[i]]
			f.end[i] = ends[f.end[i]-1]
		}
	}
	return f
}

// nfcWithMap returns the NFC form of s and, for each of its bytes, the
// start and end in s of the segment that produced it.
func nfcWithMap(s string) (string, []int32, []int32) {
	var b strings.Builder
	var starts, ends []int32
	var it norm.Iter
	it.InitString(norm.NFC, s)
	for !it.Done() {
		from := it.Pos()
		seg := it.Next()
		to := it.Pos()
		b.Write(seg)
		for range seg {
			starts = append(starts, int32(from))
			ends = append(ends, int32(to))
		}
	}
	return b.String(), starts, ends
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isComparisonSign reports whether r is a sign the space around which is
// typography: "p < .05" is "p<.05".
func isComparisonSign(r rune) bool {
	return r == '<' || r == '>' || r == '=' || r == '≤' || r == '≥'
}

func foldNFC(s string, withMap bool) Folded {
	var f Folded
	if withMap {
		f = Folded{start: make([]int32, 0, len(s)), end: make([]int32, 0, len(s))}
	}
	drop := groupSeparators(s)
	var b strings.Builder
	b.Grow(len(s))
	// A whitespace run [spaceStart, spaceEnd) is written as one space when
	// the next character is, and never at either end.
	inSpace, spaceStart, spaceEnd := false, 0, 0
	var last rune // the last rune written
	for i, r := range s {
		if len(drop) > 0 && drop[0] == i {
			drop = drop[1:]
			continue // a thousands separator: "75 000" is "75000"
		}
		_, size := utf8.DecodeRuneInString(s[i:]) // 1 for an invalid byte
		if isSpaceRune(r) {
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
		if inSpace && b.Len() > 0 && !(r == '%' && isDigitRune(last)) && !isComparisonSign(r) && !isComparisonSign(last) {
			sep := byte(' ')
			if isDigitRune(last) && isDigitRune(r) && hardGap(s[spaceStart:spaceEnd]) {
				// Between two digits, a table cell's tab or a blank
				// line between paragraphs stays a tab, which no number
				// reads through: "1" and "234" stay two numbers.
				sep = '\t'
			}
			b.WriteByte(sep)
			if withMap {
				f.start = append(f.start, int32(spaceStart))
				f.end = append(f.end, int32(spaceEnd))
			}
		}
		inSpace = false
		last = r
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
	if withMap {
		f.nums = numberSpans(f.Text)
	}
	return f
}

func isDigitRune(r rune) bool { return unicode.IsDigit(r) }

// hardGap reports whether a whitespace run stands between blocks: it holds
// a tab (between table cells) or a blank line (between paragraphs).
func hardGap(run string) bool {
	return strings.ContainsRune(run, '\t') || strings.Count(run, "\n") > 1
}

// isSpaceRune is unicode.IsSpace with the ASCII letters, digits and
// punctuation that make up most text answered at once.
func isSpaceRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.IsSpace(r)
}

// groupSeparators returns the byte offsets of the thousands separators of
// s (a comma, or each rune of a whitespace run), as the number grammar
// reads them (readGroups), in order.
func groupSeparators(s string) []int {
	var out []int
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf && (c < '0' || c > '9') {
			i++ // the common case: an ASCII byte that is no digit
			continue
		}
		v, n := digitAt(s, i)
		if v < 0 {
			i += max(n, 1)
			continue
		}
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if unicode.IsLetter(prev) || prev == '.' || prev == ',' || prev == '·' {
			// a name's digits ("BRCA1 234") or a fraction group nothing
			_, i = readDigits(s, i)
			continue
		}
		head, j := readDigits(s, i)
		digits, end, _ := readGroups(s, head, j)
		for k := j; len(digits) > len(head) && k < end; {
			r, m := utf8.DecodeRuneInString(s[k:])
			if r == ',' || unicode.IsSpace(r) {
				out = append(out, k)
			}
			k += m
		}
		i = end
	}
	return out
}

// numberSpans returns the spans of the numbers of folded text s. A range
// is one number, written with a dash or with "to" ("20–50%", "20% to
// 50%", "18 to 65 years"): a quote may not end or start inside it, so
// "prevalence is 20%" is not cut out of "prevalence is 20% to 50%".
func numberSpans(s string) []span32 {
	var out []span32
	lastEnd := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isNumberStart(s, i, r) {
			i += n
			continue
		}
		p, _ := scanNumber(s, i, lastEnd)
		end := p.end
		if k, ok := rangeTail(s, p.end); ok {
			q, _ := scanNumber(s, k, p.end)
			end = q.end
		}
		out = append(out, span32{int32(p.start), int32(end)})
		lastEnd, i = end, max(end, i+n)
	}
	return out
}

// rangeTail reports whether s[i:] goes on a range, a dash or "to" between
// spaces and then a number, and where that number starts.
func rangeTail(s string, i int) (int, bool) {
	k := skipSpaces(s, i)
	r, n := utf8.DecodeRuneInString(s[k:])
	switch {
	case isDash(r):
		k += n
	case strings.HasPrefix(s[k:], "to ") && k > i:
		k += len("to")
	default:
		return 0, false
	}
	k = skipSpaces(s, k)
	r, _ = utf8.DecodeRuneInString(s[k:])
	return k, k < len(s) && isNumberStart(s, k, r)
}

// span maps the folded byte range [i, j) back to the original text.
func (f Folded) span(i, j int) Span {
	return Span{Start: int(f.start[i]), End: int(f.end[j-1])}
}
