package contract

import (
	"sort"
	"unicode"
)

// CharClass is what a character of prose (a title, heading or claim) is to
// the gate's character rules.
type CharClass uint8

// The classes of the allowlist. The zero class is "not allowed".
const (
	// CharNotAllowed: outside the allowlist; prose holding it is refused.
	CharNotAllowed CharClass = iota
	// CharLetter: a Latin or Greek letter, in its NFC form.
	CharLetter
	// CharDigit: an ASCII digit 0–9, the only digits prose may use.
	CharDigit
	// CharSpace: a space of some width (the ASCII space, no-break, thin…).
	CharSpace
	// CharPunct: ordinary punctuation: ASCII punctuation, dashes, quote
	// marks, the ellipsis, daggers, primes.
	CharPunct
	// CharSymbol: a named scientific symbol (° ± × ≤ ≥ → ∑ © …).
	CharSymbol
	// CharScript: a super- or subscript (², ⁻, ₂). Allowed only where the
	// run with its neighbours is in a quote of the claim; the gate checks it.
	CharScript
)

func (c CharClass) String() string {
	return [...]string{"not allowed", "letter", "digit", "space", "punctuation", "symbol", "super- or subscript"}[c]
}

// charRange is one row of the allowlist: the code points lo..hi, their
// class and what they are.
type charRange struct {
	lo, hi rune
	class  CharClass
	what   string
}

// allowlist is every character scientific English prose needs beyond
// printable ASCII, sorted by code point. It is data: a test reads every
// character in testdata/ and holds each to its row or to its refusal. What is
// not here is refused: other scripts, compatibility forms (fullwidth
// letters, mathematical alphanumerics, ligatures, ℃), digits that are not
// ASCII, modifier letters, combining marks, emoji and pictographs.
var allowlist = []charRange{
	{0x00A0, 0x00A0, CharSpace, "no-break space"},
	{0x00A3, 0x00A3, CharSymbol, "pound sign"},
	{0x00A5, 0x00A5, CharSymbol, "yen sign"},
	{0x00A7, 0x00A7, CharPunct, "section sign"},
	{0x00A9, 0x00A9, CharSymbol, "copyright sign"},
	{0x00AB, 0x00AB, CharPunct, "left guillemet"},
	{0x00AE, 0x00AE, CharSymbol, "registered sign"},
	{0x00B0, 0x00B0, CharSymbol, "degree sign"},
	{0x00B1, 0x00B1, CharSymbol, "plus-minus sign"},
	{0x00B2, 0x00B3, CharScript, "superscript two and three"},
	{0x00B4, 0x00B4, CharPunct, "acute accent used as an apostrophe"},
	{0x00B5, 0x00B5, CharLetter, "micro sign (read as Greek mu)"},
	{0x00B7, 0x00B7, CharPunct, "middle dot"},
	{0x00B9, 0x00B9, CharScript, "superscript one"},
	{0x00BB, 0x00BB, CharPunct, "right guillemet"},
	{0x00BC, 0x00BE, CharSymbol, "vulgar fractions ¼ ½ ¾"},
	{0x00C0, 0x00D6, CharLetter, "Latin-1 letters"},
	{0x00D7, 0x00D7, CharSymbol, "multiplication sign"},
	{0x00D8, 0x00F6, CharLetter, "Latin-1 letters"},
	{0x00F7, 0x00F7, CharSymbol, "division sign"},
	{0x00F8, 0x017E, CharLetter, "Latin-1 and Latin Extended-A letters"},
	{0x0180, 0x01BF, CharLetter, "Latin Extended-B letters"},
	{0x01CD, 0x01F0, CharLetter, "Latin Extended-B letters with carons"},
	{0x01F4, 0x024F, CharLetter, "Latin Extended-B letters"},
	{0x0386, 0x0386, CharLetter, "Greek letter with tonos"},
	{0x0388, 0x038A, CharLetter, "Greek letters with tonos"},
	{0x038C, 0x038C, CharLetter, "Greek letter with tonos"},
	{0x038E, 0x03A1, CharLetter, "Greek letters"},
	{0x03A3, 0x03CE, CharLetter, "Greek letters"},
	{0x1E00, 0x1EFF, CharLetter, "Latin Extended Additional letters"},
	{0x2002, 0x200A, CharSpace, "en, em, thin, hair and other spaces"},
	{0x2010, 0x2015, CharPunct, "hyphens and dashes"},
	{0x2018, 0x201F, CharPunct, "quotation marks"},
	{0x2020, 0x2022, CharPunct, "daggers and bullet"},
	{0x2026, 0x2026, CharPunct, "ellipsis"},
	{0x202F, 0x202F, CharSpace, "narrow no-break space"},
	{0x2030, 0x2030, CharSymbol, "per mille sign"},
	{0x2032, 0x2033, CharPunct, "primes"},
	{0x2039, 0x203A, CharPunct, "single guillemets"},
	{0x2044, 0x2044, CharSymbol, "fraction slash"},
	{0x205F, 0x205F, CharSpace, "medium mathematical space"},
	{0x2070, 0x2071, CharScript, "superscript zero and i"},
	{0x2074, 0x207F, CharScript, "superscript digits, signs, brackets and n"},
	{0x2080, 0x208E, CharScript, "subscript digits, signs and brackets"},
	{0x2090, 0x209C, CharScript, "subscript letters"},
	{0x20AC, 0x20AC, CharSymbol, "euro sign"},
	{0x2122, 0x2122, CharSymbol, "trade mark sign"},
	{0x2190, 0x2199, CharSymbol, "arrows"},
	{0x21D2, 0x21D2, CharSymbol, "rightwards double arrow"},
	{0x21D4, 0x21D4, CharSymbol, "left right double arrow"},
	{0x2202, 0x2202, CharSymbol, "partial differential"},
	{0x2206, 0x2207, CharSymbol, "increment and nabla"},
	{0x2208, 0x2209, CharSymbol, "element of"},
	{0x220F, 0x220F, CharSymbol, "n-ary product"},
	{0x2211, 0x2213, CharSymbol, "n-ary sum, minus sign, minus-or-plus"},
	{0x221A, 0x221A, CharSymbol, "square root"},
	{0x221D, 0x221E, CharSymbol, "proportional to, infinity"},
	{0x2227, 0x222B, CharSymbol, "logical and, or, intersection, union, integral"},
	{0x223C, 0x223C, CharSymbol, "tilde operator"},
	{0x2243, 0x2243, CharSymbol, "asymptotically equal to"},
	{0x2245, 0x2245, CharSymbol, "approximately equal to"},
	{0x2248, 0x2248, CharSymbol, "almost equal to"},
	{0x2260, 0x2261, CharSymbol, "not equal, identical to"},
	{0x2264, 0x2265, CharSymbol, "less- and greater-than or equal to"},
	{0x226A, 0x226B, CharSymbol, "much less and much greater than"},
	{0x2282, 0x2283, CharSymbol, "subset and superset of"},
	{0x2286, 0x2287, CharSymbol, "subset and superset of or equal to"},
	{0x2295, 0x2295, CharSymbol, "circled plus"},
	{0x2297, 0x2297, CharSymbol, "circled times"},
	{0x22C5, 0x22C5, CharSymbol, "dot operator"},
}

// ClassOf returns the class of r in the allowlist. Printable ASCII is
// allowed: letters, digits, the space and punctuation; ASCII controls are
// not (the hidden-character rule names them).
func ClassOf(r rune) CharClass {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
		return CharLetter
	case '0' <= r && r <= '9':
		return CharDigit
	case r == ' ':
		return CharSpace
	case 0x20 < r && r < 0x7F:
		return CharPunct
	case r < 0xA0:
		return CharNotAllowed
	}
	i := sort.Search(len(allowlist), func(i int) bool { return allowlist[i].hi >= r })
	if i < len(allowlist) && allowlist[i].lo <= r {
		return allowlist[i].class
	}
	return CharNotAllowed
}

// CharProblemKind says why a character of prose is refused.
type CharProblemKind uint8

// The kinds of refused characters, in the order they are checked.
const (
	// NotAllowed: the character is outside the allowlist.
	NotAllowed CharProblemKind = iota + 1
	// NonASCIIDigit: a decimal digit of another script or a fullwidth or
	// mathematical digit: prose writes numbers with 0–9 only.
	NonASCIIDigit
	// CombiningMark: a combining mark left after NFC, which stacks on the
	// character before it unseen by a reader of the plain text.
	CombiningMark
)

// CharProblem is the first refused character of a text.
type CharProblem struct {
	Kind CharProblemKind
	Rune rune
	// At is the byte offset of Rune in the text as given.
	At int
}

// Detail describes the problem for a diagnostic.
func (p CharProblem) Detail() string {
	switch p.Kind {
	case NonASCIIDigit:
		return RuneName(p.Rune) + " is a digit that is not ASCII 0–9"
	case CombiningMark:
		return RuneName(p.Rune) + " is a combining mark left after NFC"
	}
	return RuneName(p.Rune) + " is not in the allowlist of scientific English"
}

// RefusedRune returns the first character of s that prose may not hold:
// a digit other than ASCII 0–9, a combining mark left after NFC, or any
// character outside the allowlist. s is read as a reader reads it, NFC
// (ReadNFC); the offset is into the NFC text. Hidden characters (controls,
// format characters) are refused too; HiddenRune names them more precisely.
func RefusedRune(s string) (CharProblem, bool) {
	s = ReadNFC(s)
	for i, r := range s {
		if r < 0x7F && r >= 0x20 {
			continue
		}
		if ClassOf(r) != CharNotAllowed {
			continue
		}
		kind := NotAllowed
		switch {
		case unicode.Is(unicode.Nd, r):
			kind = NonASCIIDigit
		case unicode.Is(unicode.M, r):
			kind = CombiningMark
		}
		return CharProblem{Kind: kind, Rune: r, At: i}, true
	}
	return CharProblem{}, false
}
