package gates

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
)

// The quote check of main at f1cdf62 (before issue 22), kept verbatim under
// f1-prefixed names as the benchmark's side-by-side baseline: its fold
// (no NFC, no thousands grouping, no number spans) and its matcher (no
// check that a quote starts or ends inside a number).

// f1Source is f1cdf62's Source: the text the writer saw, folded once.
type f1Source struct {
	Text     string
	folded   f1Folded
	titleEnd int
}

func f1NewSource(title, abstract string) *f1Source {
	text := contract.SourceText(title, abstract)
	return &f1Source{Text: text, folded: f1Fold(text), titleEnd: len(f1Fold(contract.SourceText(title, "")).Text)}
}

func (s *f1Source) Match(rules Rules, quote string) (Span, Problem) {
	return f1matchFolded(rules, s.folded, f1foldText(quote), s.titleEnd)
}

type f1Folded struct {
	// Text is the folded text.
	Text string
	// start[i] and end[i] are the byte offsets in the original text of the
	// rune that produced folded byte i.
	start, end []int32
}

// f1foldRune maps one rune to its folded form; "" drops it. Whitespace is
// handled by the caller (runs collapse to one space).
func f1foldRune(r rune) string {
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

// f1Fold prepares s for comparison. Leading and trailing whitespace is
// dropped and inner whitespace runs become one space.
func f1Fold(s string) f1Folded { return f1fold(s, true) }

// f1foldText is f1Fold without the map back to s, for quotes.
func f1foldText(s string) string { return f1fold(s, false).Text }

func f1fold(s string, withMap bool) f1Folded {
	var f f1Folded
	if withMap {
		f = f1Folded{start: make([]int32, 0, len(s)), end: make([]int32, 0, len(s))}
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
		} else if out = f1foldRune(r); out == "" {
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
func (f f1Folded) span(i, j int) Span {
	return Span{Start: int(f.start[i]), End: int(f.end[j-1])}
}

// f1isWord reports whether r is part of a word or number: letters, digits
// (superscripts included), combining marks.
func f1isWord(r rune) bool {
	// Combining marks start at U+0300; below it IsMark's table search is
	// skipped, which keeps spaces and punctuation cheap.
	return unicode.IsLetter(r) || unicode.IsNumber(r) || r >= '\u0300' && unicode.IsMark(r)
}

// f1isDigit reports whether r is a digit of any kind (superscripts included).
func f1isDigit(r rune) bool { return unicode.IsNumber(r) }

// f1joins reports whether c, between a and b, makes one token of them: a
// hyphen or apostrophe between word characters ("non-small", "don't"), a
// decimal point or separator between digits ("0.3", "1,200").
func f1joins(a, c, b rune) bool {
	switch c {
	case '-', '\'':
		return f1isWord(a) && f1isWord(b)
	case '.', ',':
		return f1isDigit(a) && f1isDigit(b)
	}
	return false
}

// f1runeBefore and f1runeAt decode the rune ending at / starting at byte i of s;
// at either end of s they return utf8.RuneError and size 0, which is no word
// character, so the ends of a text are token boundaries.
func f1runeBefore(s string, i int) (rune, int) { return utf8.DecodeLastRuneInString(s[:i]) }

func f1runeAt(s string, i int) (rune, int) { return utf8.DecodeRuneInString(s[i:]) }

// Boundary reports whether a cut of folded text s at byte i falls between
// tokens: not inside a word or number, not next to a hyphen or apostrophe
// that f1joins two f1words, not between a number and its sign.
func f1boundary(s string, i int) bool {
	a, na := f1runeBefore(s, i)
	b, nb := f1runeAt(s, i)
	if f1isWord(a) && f1isWord(b) {
		return false
	}
	aa, _ := f1runeBefore(s, i-na)
	if f1joins(aa, a, b) {
		return false // cut just after a joiner: "non-|small"
	}
	bb, _ := f1runeAt(s, i+nb)
	if f1joins(a, b, bb) {
		return false // cut just before a joiner: "non|-small"
	}
	if (a == '-' || a == '+' || a == '\u00b1') && f1isDigit(b) && !f1isWord(aa) {
		return false // a sign belongs to its number: "-|0.5"
	}
	return true
}

// f1words splits folded text into tokens (runs of word characters joined by
// joiners, ending at a f1boundary) and reports how many there are and how
// many are content f1words.
func f1words(s string) (all, content int) {
	for i := 0; i < len(s); {
		r, n := f1runeAt(s, i)
		if !f1isWord(r) {
			i += n
			continue
		}
		j := i + n
		for {
			c, m := f1runeAt(s, j)
			if !f1isWord(c) && f1boundary(s, j) {
				break
			}
			j += m
		}
		all++
		if f1isContent(s[i:j]) {
			content++
		}
		i = j
	}
	return all, content
}

// f1isContent reports whether a token carries meaning of its own: it has a
// letter and is not an English stop word.
func f1isContent(tok string) bool {
	if isStopWord(tok) {
		return false
	}
	for _, r := range tok {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// f1find returns the first occurrence of q in src that starts and ends on
// token boundaries, as folded byte offsets.
func f1find(src, q string) (int, int, bool) {
	for from := 0; ; {
		k := strings.Index(src[from:], q)
		if k < 0 {
			return 0, 0, false
		}
		i := from + k
		if f1boundary(src, i) && f1boundary(src, i+len(q)) {
			return i, i + len(q), true
		}
		// Try the next occurrence. n > 0: i < len(src), since an empty q
		// at the end of src is on a f1boundary.
		_, n := f1runeAt(src, i)
		from = i + n
	}
}

// checkLength applies the word-count rules to a folded quote. whole says the
// quote is a whole title, which may be shorter than MinWords.
func f1checkLength(r Rules, q string, whole bool) Problem {
	// Ifs rather than switch cases, so that coverage (and mutation testing)
	// sees each condition.
	all, content := f1words(q)
	if q == "" {
		return Problem{contract.ReasonQuoteNotFound, "quote is empty"}
	}
	if all > r.MaxWords {
		return Problem{contract.ReasonQuoteNotFound, fmt.Sprintf("quote is longer than %d f1words", r.MaxWords)}
	}
	if whole && content > 0 {
		return Problem{}
	}
	if all < r.MinWords {
		return Problem{contract.ReasonQuoteTooShort, fmt.Sprintf("quote has %d f1words; at least %d are needed (or a whole title)", all, r.MinWords)}
	}
	if content == 0 {
		return Problem{contract.ReasonQuoteTooShort, "quote has only stop f1words, numbers and punctuation"}
	}
	return Problem{}
}

func f1matchFolded(r Rules, src f1Folded, q string, titleEnd int) (Span, Problem) {
	title := src.Text[:titleEnd]
	whole := q == title || q+"." == title
	if p := f1checkLength(r, q, whole); !p.OK() {
		return Span{}, p
	}
	i, j, ok := f1find(src.Text, q)
	if !ok {
		return Span{}, Problem{contract.ReasonQuoteNotFound, "quote is not in the title or abstract on word boundaries"}
	}
	return src.span(i, j), Problem{}
}
