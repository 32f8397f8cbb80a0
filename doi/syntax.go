package doi

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the one definition of what citeloop reads as a DOI. Normalize
// and the extractor in doi/extract both decide with it: the extractor finds
// where a DOI starts with RegistrantLen and stops a suffix at the first rune
// SuffixRune refuses, then asks Normalize; so a DOI is never valid in one and
// invalid in the other.

// MaxLen is the longest DOI citeloop accepts, in bytes, after percent-
// decoding. Registered DOIs are far shorter: SICI DOIs, the longest in use,
// stay under 200.
const MaxLen = 1024

// RegistrantLen returns the length of the DOI prefix at the start of s: the
// directory indicator "10." and a registrant code of dot-separated runs of
// ASCII digits ("1000", "1000.10", the ISBN-A form "978.8898392") with at
// least 4 digits in all, ending where s has neither a digit nor a dot. It
// returns 0 when s starts with none. Every prefix ever assigned has such a
// code; "10.123" and "10.1..5" have none. What follows the prefix, "/" in a
// DOI, is for the caller to check.
func RegistrantLen(s string) int {
	n, reason := registrant(s)
	if reason != "" {
		return 0
	}
	return n
}

// registrant returns the length of the prefix at the start of s, or why s
// does not start with one.
func registrant(s string) (int, string) {
	if !strings.HasPrefix(s, "10.") {
		return 0, `does not start with "10."`
	}
	k, digits := len("10."), 0
	for ; k < len(s); k++ {
		if c := s[k]; c >= '0' && c <= '9' {
			digits++
		} else if c != '.' {
			break
		} else if s[k-1] == '.' {
			return 0, "registrant code has an empty part"
		}
	}
	switch {
	case k < len(s) && s[k] != '/' && s[k] != '%':
		// "%" may start the "%2F" of a DOI copied out of a URL.
		return 0, "registrant code is not numeric"
	case s[k-1] == '.':
		return 0, "registrant code has an empty part"
	case digits < 4:
		return 0, "registrant code is shorter than 4 digits"
	}
	return k, ""
}

// SuffixRune reports whether r may stand in a DOI suffix. The DOI syntax
// allows any printable character, and so does citeloop, except:
//   - the runes that end a DOI in text (see Delimits);
//   - a backslash, and control and invisible formatting characters, which
//     would change the meaning of a query or URL built from the DOI, or hide
//     in it;
//   - typographic dashes, minus signs, primes, bullets, fancy slashes and
//     footnote marks (such as U+2011, U+2013, "†"): a DOI holding one was
//     mangled by a word processor or runs into the text after it.
//
// No registered DOI is known to hold any of these.
func SuffixRune(r rune) bool { return suffixProblem(r) == "" }

// Delimits reports whether r ends a DOI written in text: whitespace, a
// control character, an invalid byte, a double quote, a backslash (unless a
// reader takes it for an escape, as doi/extract does), the ASCII characters
// text uses to delimit a DOI (' ` | { }), and the quotation marks, brackets
// and sentence punctuation of other scripts ("「", "。", "،", "…"). Every
// rune that Delimits is refused by SuffixRune; the other runes SuffixRune
// refuses do not end a DOI in text but make the DOI around them invalid.
func Delimits(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r <= ' ' || r == 0x7f || strings.ContainsRune("\"\\'`|{}", r)
	case r == utf8.RuneError:
		return true
	}
	return unicode.IsSpace(r) || unicode.IsControl(r) || isProseMark(r)
}

func suffixProblem(r rune) string {
	switch {
	case r == '"':
		return "contains a double quote"
	case r == '\\':
		return "contains a backslash"
	case strings.ContainsRune("'`|{}", r):
		return fmt.Sprintf("contains %q, which delimits text", r)
	case unicode.IsSpace(r):
		return "contains whitespace"
	case unicode.IsControl(r) || r == utf8.RuneError:
		return "contains a control character"
	case unicode.Is(unicode.Cf, r):
		// Zero-width spaces, soft hyphens, BOMs, bidi overrides: invisible,
		// so a DOI carrying one looks right and resolves nowhere.
		return fmt.Sprintf("contains the invisible character %U", r)
	case r < utf8.RuneSelf:
		return ""
	case isProseMark(r):
		return fmt.Sprintf("contains %q (%U), which ends a DOI in text", r, r)
	case isTypography(r):
		return fmt.Sprintf("contains the typographic character %q (%U), which no DOI has; it may be a DOI run into the text after it", r, r)
	}
	return ""
}

// isProseMark reports whether a non-ASCII rune is a quotation mark, a
// bracket or sentence punctuation: in text it ends a DOI.
func isProseMark(r rune) bool {
	switch r {
	case '\u2026', // ellipsis
		'\u3001', '\u3002', // ideographic comma and full stop
		'\uff01', '\uff0c', '\uff0e', '\uff1a', '\uff1b', '\uff1f', // fullwidth ! , . : ; ?
		'\u060c', '\u061b', '\u061f', '\u06d4', // Arabic comma, semicolon, question mark, full stop
		'\u0964', '\u0965', // Devanagari danda and double danda
		'\u1362': // Ethiopic full stop
		return true
	}
	return unicode.Is(unicode.Quotation_Mark, r) || unicode.In(r, unicode.Pi, unicode.Pf, unicode.Ps, unicode.Pe)
}

// isTypography reports whether a non-ASCII rune is a typographic stand-in
// for ASCII punctuation or a footnote mark.
func isTypography(r rune) bool {
	switch r {
	case '\u2212', // minus sign
		'\u2044', '\u2215', // fraction slash, division slash
		'\u2022', '\u2027', '\u00b7', // bullet, hyphenation point, middle dot
		'\u00b4',           // acute accent
		'\u2020', '\u2021', // daggers
		'\u00a7', '\u00b6', // section and pilcrow signs
		'\u203b', '\u204e': // reference mark, low asterisk
		return true
	}
	return unicode.Is(unicode.Pd, r) || ('\u2032' <= r && r <= '\u2037') // dashes, primes
}

// unescapeOnce undoes the percent-encoding of d once. A DOI copied out of a
// URL is percent-encoded ("10.1063%2F1.881498", "%3C448::"); in a DOI written
// as text a "%" that does not start an escape stays as it is, and so does the
// whole DOI when any "%" in it does not (strict, for a DOI taken from a URL,
// refuses it instead). A DOI that still holds an escape after decoding once
// is refused: it is not clear whether it names the encoded or the decoded
// DOI, and refusing it keeps Normalize idempotent.
func unescapeOnce(d string, strict bool) (string, string) {
	if !strings.Contains(d, "%") {
		return d, ""
	}
	u, err := url.PathUnescape(d)
	switch {
	case err != nil && strict:
		return "", "bad percent-encoding"
	case err != nil:
		return d, ""
	case hasEscape(u):
		return "", "is percent-encoded twice"
	}
	return u, ""
}

// hasEscape reports whether s holds "%" and two hex digits.
func hasEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}
