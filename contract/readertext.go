package contract

import (
	"html"
	"regexp"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// The markup a bibliographic API puts in titles and abstracts. Only known
// tag names are removed: abstracts also hold a bare "<" in statistics
// ("P < .001"), which a generic <[^>]*> pattern would eat.
var (
	headingTag = regexp.MustCompile(`(?i)\s*<h[1-6][^>]*>\s*(.*?)\s*</h[1-6]>\s*`)
	inlineTag  = regexp.MustCompile(`(?i)</?(?:sub|sup|i|b|em|strong|u|p|br|span|div|sc|inf)\b[^>]*/?>`)
	supTag     = regexp.MustCompile(`(?is)<sup\b[^>]*>(.*?)</sup>`)
	subTag     = regexp.MustCompile(`(?is)<sub\b[^>]*>(.*?)</sub>`)
	spaceRun   = regexp.MustCompile(`\s+`)
	// ampRun is an ampersand escaped more than once: "&amp;amp;" decodes,
	// one level a pass, to "&"; taking the run at once keeps cleaning
	// linear.
	ampRun = regexp.MustCompile(`&(?:amp;)+`)
)

// CleanText is the reader's view of a source's title or abstract: the one
// cleaning every path takes (a sources file, an oracle's record, the offline
// corpus, a full text), so the same record never reads two ways. Section
// headings become "Heading: ", super- and subscripts keep their meaning
// ("10<sup>-4</sup>" is "10⁻⁴", never "10-4"), other known inline tags are
// dropped, character references are decoded, runs of ASCII whitespace
// become one space, and the result is in Unicode NFC, so composed and
// decomposed letters are the same text.
//
// CleanText is idempotent: markup and entities are removed until nothing
// changes, so a doubly escaped "&amp;#8805;" reads "≥" whether a record was
// cleaned once or twice on its way.
func CleanText(s string) string {
	if isCleanText(s) {
		return s
	}
	// Every pass that changes the text removes a tag or an entity (and so
	// shortens it) or only normalises whitespace, so the loop ends.
	for range len(s) + 1 {
		next := cleanPass(s)
		if next == s {
			break
		}
		s = next
	}
	return norm.NFC.String(s)
}

func cleanPass(s string) string {
	if strings.ContainsRune(s, '<') {
		s = headingTag.ReplaceAllString(s, " $1: ")
		s = keepScripts(s)
		s = inlineTag.ReplaceAllString(s, "")
	}
	if strings.ContainsRune(s, '&') {
		s = html.UnescapeString(ampRun.ReplaceAllString(s, "&"))
	}
	return strings.TrimSpace(spaceRun.ReplaceAllString(s, " "))
}

// isCleanText reports whether CleanText would return s unchanged: no "<"
// (every tag pattern needs one), no "&" (no entity), no ASCII whitespace but
// single spaces between words, and NFC. Collectors clean every record again
// for every lead, and the gate reads every ledger entry through CleanText:
// this check spares clean text the regular expressions.
func isCleanText(s string) bool {
	if s != strings.TrimSpace(s) {
		return false
	}
	prevSpace := false
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<', '&', '\t', '\n', '\v', '\f', '\r':
			return false
		case ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		default:
			prevSpace = false
			ascii = ascii && c < 0x80
		}
	}
	return ascii || norm.NFC.IsNormalString(s)
}

const (
	plainScript = "0123456789+-=()n−\u2010\u2013"
	superScript = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ⁻⁻⁻"
	subScript   = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙ₋₋₋"
)

// toScript maps s to the Unicode super- or subscript forms in table, and
// reports false if some character has none.
func toScript(s, table string) (string, bool) {
	plain, script := []rune(plainScript), []rune(table)
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		i := strings.IndexRune(plainScript, r)
		if i < 0 {
			return "", false
		}
		b.WriteRune(script[len([]rune(string(plain)[:i]))])
	}
	return b.String(), b.Len() > 0
}

// keepScripts rewrites <sup> and <sub> so that dropping the tags keeps the
// meaning: "10<sup>-4</sup>" becomes "10⁻⁴", never "10-4" (nor "H₂O" a
// molecule "H2O" read as a number). A superscript without Unicode forms
// becomes "^x" ("^(a b)" with spaces); a subscript without them keeps its
// text ("C<sub>max</sub>" reads "Cmax").
func keepScripts(s string) string {
	s = supTag.ReplaceAllStringFunc(s, func(m string) string {
		inner := inlineTag.ReplaceAllString(supTag.FindStringSubmatch(m)[1], "")
		if t, ok := toScript(inner, superScript); ok {
			return t
		}
		inner = strings.TrimSpace(inner)
		if inner == "" {
			return ""
		}
		if strings.ContainsAny(inner, " \t\n") {
			return "^(" + inner + ")"
		}
		return "^" + inner
	})
	return subTag.ReplaceAllStringFunc(s, func(m string) string {
		inner := inlineTag.ReplaceAllString(subTag.FindStringSubmatch(m)[1], "")
		if t, ok := toScript(inner, subScript); ok {
			return t
		}
		return inner
	})
}
