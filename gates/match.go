package gates

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citeloop/citeloop/contract"
)

// DefaultMinQuoteWords is how many words a quote needs, unless it is a whole
// short title: fewer words ("cancer", ".") are in almost any abstract and
// prove nothing.
const DefaultMinQuoteWords = 5

// Span is the byte range [Start, End) of the source text a quote matched.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Of returns the span's text in src, the text it was matched in.
func (s Span) Of(src string) string { return src[s.Start:s.End] }

// Problem says why a quote does not verify; the zero Problem means it does.
type Problem struct {
	Reason contract.Reason
	Detail string
}

// OK reports whether there is no problem.
func (p Problem) OK() bool { return p.Reason == "" }

// Rules are the quote rules. The zero value is not valid; use DefaultRules.
type Rules struct {
	// MinWords is the fewest words a quote may have, of which at least one
	// must be a content word (not a stop word, number or punctuation).
	MinWords int
	// MaxWords is the most words a quote may have.
	MaxWords int
}

// DefaultRules are the gate's quote rules unless configured otherwise.
func DefaultRules() Rules {
	return Rules{MinWords: DefaultMinQuoteWords, MaxWords: MaxQuoteWords}
}

// isWord reports whether r is part of a word or number: letters, digits
// (superscripts included), combining marks.
func isWord(r rune) bool {
	// Combining marks start at U+0300; below it IsMark's table search is
	// skipped, which keeps spaces and punctuation cheap.
	return unicode.IsLetter(r) || unicode.IsNumber(r) || r >= '\u0300' && unicode.IsMark(r)
}

// isDigit reports whether r is a digit of any kind (superscripts included).
func isDigit(r rune) bool { return unicode.IsNumber(r) }

// joins reports whether c, between a and b, makes one token of them: a
// hyphen or apostrophe between word characters ("non-small", "don't"), a
// decimal point or separator between digits ("0.3", "1,200").
func joins(a, c, b rune) bool {
	switch c {
	case '-', '\'':
		return isWord(a) && isWord(b)
	case '.', ',':
		return isDigit(a) && isDigit(b)
	}
	return false
}

// runeBefore and runeAt decode the rune ending at / starting at byte i of s;
// at either end of s they return utf8.RuneError and size 0, which is no word
// character, so the ends of a text are token boundaries.
func runeBefore(s string, i int) (rune, int) { return utf8.DecodeLastRuneInString(s[:i]) }

func runeAt(s string, i int) (rune, int) { return utf8.DecodeRuneInString(s[i:]) }

// Boundary reports whether a cut of folded text s at byte i falls between
// tokens: not inside a word or number, not next to a hyphen or apostrophe
// that joins two words, not between a number and its sign.
func boundary(s string, i int) bool {
	a, na := runeBefore(s, i)
	b, nb := runeAt(s, i)
	if isWord(a) && isWord(b) {
		return false
	}
	aa, _ := runeBefore(s, i-na)
	if joins(aa, a, b) {
		return false // cut just after a joiner: "non-|small"
	}
	bb, _ := runeAt(s, i+nb)
	if joins(a, b, bb) {
		return false // cut just before a joiner: "non|-small"
	}
	if (a == '-' || a == '+' || a == '\u00b1') && isDigit(b) && !isWord(aa) {
		return false // a sign belongs to its number: "-|0.5"
	}
	return true
}

// words splits folded text into tokens (runs of word characters joined by
// joiners, ending at a boundary) and reports how many there are and how
// many are content words.
func words(s string) (all, content int) {
	for i := 0; i < len(s); {
		r, n := runeAt(s, i)
		if !isWord(r) {
			i += n
			continue
		}
		j := i + n
		for {
			c, m := runeAt(s, j)
			if !isWord(c) && boundary(s, j) {
				break
			}
			j += m
		}
		all++
		if isContent(s[i:j]) {
			content++
		}
		i = j
	}
	return all, content
}

// isContent reports whether a token carries meaning of its own: it has a
// letter and is not an English stop word.
func isContent(tok string) bool {
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

// find returns the first occurrence of q in src that starts and ends on
// token boundaries and not inside a number, as folded byte offsets.
func find(f Folded, q string) (int, int, bool) {
	src := f.Text
	for from := 0; ; {
		k := strings.Index(src[from:], q)
		if k < 0 {
			return 0, 0, false
		}
		i := from + k
		if boundary(src, i) && boundary(src, i+len(q)) && !f.inNumber(i) && !f.inNumber(i+len(q)) {
			return i, i + len(q), true
		}
		// Try the next occurrence. n > 0: i < len(src), since an empty q
		// at the end of src is on a boundary.
		_, n := runeAt(src, i)
		from = i + n
	}
}

// checkLength applies the word-count rules to a folded quote. whole says the
// quote is a whole title, which may be shorter than MinWords.
func (r Rules) checkLength(q string, whole bool) Problem {
	// Ifs rather than switch cases, so that coverage (and mutation testing)
	// sees each condition.
	all, content := words(q)
	if q == "" {
		return Problem{contract.ReasonQuoteNotFound, "quote is empty"}
	}
	if all > r.MaxWords {
		return Problem{contract.ReasonQuoteNotFound, fmt.Sprintf("quote is longer than %d words", r.MaxWords)}
	}
	if whole && content > 0 {
		return Problem{}
	}
	if all < r.MinWords {
		return Problem{contract.ReasonQuoteTooShort, fmt.Sprintf("quote has %d words; at least %d are needed (or a whole title)", all, r.MinWords)}
	}
	if content == 0 {
		return Problem{contract.ReasonQuoteTooShort, "quote has only stop words, numbers and punctuation"}
	}
	return Problem{}
}

// MatchQuote finds quote in text under the default rules and returns the
// exact span of text it matched.
func MatchQuote(text, quote string) (Span, Problem) {
	return DefaultRules().Match(Fold(text), quote, 0)
}

// Match finds quote in the folded source text. titleEnd is the folded byte
// offset where the source's title ends (0 if unknown): a quote of the whole
// title may be shorter than MinWords.
func (r Rules) Match(src Folded, quote string, titleEnd int) (Span, Problem) {
	return r.matchFolded(src, foldText(quote), titleEnd)
}

func (r Rules) matchFolded(src Folded, q string, titleEnd int) (Span, Problem) {
	title := src.Text[:titleEnd]
	whole := q == title || q+"." == title
	if p := r.checkLength(q, whole); !p.OK() {
		return Span{}, p
	}
	i, j, ok := find(src, q)
	if !ok {
		return Span{}, Problem{contract.ReasonQuoteNotFound, "quote is not in the title or abstract on word boundaries"}
	}
	return src.span(i, j), Problem{}
}

// ContainsQuote reports whether quote matches text under the default rules.
func ContainsQuote(text, quote string) bool {
	_, p := MatchQuote(text, quote)
	return p.OK()
}
