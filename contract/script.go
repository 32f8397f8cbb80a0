package contract

import (
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// ReadNFC is text as a reader reads it: Unicode NFC, so a composed and a
// decomposed "ü" are one letter. The allowlist and the number grammar read
// this text.
func ReadNFC(s string) string {
	if isASCII(s) {
		return s
	}
	return norm.NFC.String(s)
}

// ReadNFKC folds compatibility forms ("²" is "2", "ﬁ" is "fi"). It decides
// only whether two numbers or names are equal ("I²" and "I2", "H₂S" and
// "H2S"); nothing is read from it.
func ReadNFKC(s string) string {
	if isASCII(s) {
		return s
	}
	return norm.NFKC.String(s)
}

// Skeleton is the Unicode TR39 confusable skeleton of s: two strings with
// the same skeleton look alike ("5О%" with a Cyrillic O and "5O%"). It only
// flags a confusable or mixed-script word; no number is read from it.
func Skeleton(s string) string { return confusables.Skeleton(s) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// scriptOf names the script of a letter or digit for the mixed-script
// rule. Latin and Greek count as one script, since scientific English
// writes Greek letters inside Latin words ("Aβ", "TNF-α"); digits and
// letters of no particular script are "" (common).
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		return "" // ASCII letters are Latin, counted below; digits are common
	}
	switch {
	case unicode.Is(unicode.Latin, r), unicode.Is(unicode.Greek, r), r == 0x00B5:
		return "Latin or Greek"
	case !unicode.IsLetter(r) && !unicode.IsNumber(r):
		return ""
	}
	for name, table := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(table, r) {
			return name
		}
	}
	return ""
}

// MixedWord is a word of prose that mixes scripts.
type MixedWord struct {
	Word string
	// Scripts are the two scripts found, in order of appearance.
	Scripts [2]string
	// At is the byte offset of the word in the NFC text.
	At int
}

// Detail describes the word for a diagnostic, with what it looks like.
func (m MixedWord) Detail() string {
	return "the word " + quoteString(m.Word) + " mixes " + m.Scripts[0] + " with " + m.Scripts[1] +
		" letters; it looks like " + quoteString(Skeleton(m.Word))
}

// MixedScriptWord returns the first word of s (a run of letters, digits and
// marks) that holds letters or digits of two scripts, Latin and Greek
// counting as one and ASCII digits counting as Latin: "5О%" with a Cyrillic
// O, "рatients" with a Cyrillic er, "٥0" with an Arabic-Indic five.
func MixedScriptWord(s string) (MixedWord, bool) {
	s = ReadNFC(s)
	start, first := -1, ""
	for i, r := range s {
		if !isWordRune(r) {
			start, first = -1, ""
			continue
		}
		if start < 0 {
			start = i
		}
		sc := scriptOf(r)
		switch {
		case r < utf8.RuneSelf:
			sc = "Latin or Greek" // ASCII letters and digits
		case sc == "" && unicode.Is(unicode.Nd, r):
			sc = "non-ASCII digit"
		}
		if sc == "" {
			continue
		}
		if first == "" {
			first = sc
			continue
		}
		if sc != first {
			end := i + utf8.RuneLen(r)
			for end < len(s) {
				c, n := utf8.DecodeRuneInString(s[end:])
				if !isWordRune(c) {
					break
				}
				end += n
			}
			return MixedWord{Word: s[start:end], Scripts: [2]string{first, sc}, At: start}, true
		}
	}
	return MixedWord{}, false
}

// isWordRune reports whether r belongs to a word for the mixed-script
// rule: letters, digits and marks of any script, and the characters that
// look like letters in a number ("%" is not one).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

func quoteString(s string) string { return "\u201c" + s + "\u201d" }
