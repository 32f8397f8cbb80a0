// Package markup turns the lightly marked-up text bibliographic services
// and files hold (HTML section headings, inline tags, super- and
// subscripts, entities) into the plain text a ledger holds. Quotes are
// checked against that text, so Plain is deterministic; records decoded
// by an oracle and sources read from a file are cleaned by the same rule.
package markup

import (
	"html"
	"regexp"
	"strings"
)

var (
	// headingTag matches Europe PMC's abstract section headings.
	headingTag = regexp.MustCompile(`(?i)\s*<h[1-6][^>]*>\s*(.*?)\s*</h[1-6]>\s*`)
	// inlineTag matches the inline markup Europe PMC uses. Only known tag
	// names are removed: abstracts also contain bare "<" in statistics
	// ("P < .001"), which a generic <[^>]*> pattern would eat.
	inlineTag = regexp.MustCompile(`(?i)</?(?:sub|sup|i|b|em|strong|u|p|br|span|div|sc|inf)\b[^>]*/?>`)
	spaces    = regexp.MustCompile(`\s+`)
)

// Plain turns lightly marked-up titles and abstracts (Europe PMC's, a
// bibliography's) into plain text: section headings become "Heading: ", superscripts and
// subscripts keep their meaning (keepScripts), other inline tags are
// dropped, entities decoded, whitespace collapsed. Quotes are checked against this
// text, so it must be deterministic.
func Plain(s string) string {
	if isClean(s) {
		return s
	}
	return clean(s)
}

// clean is Plain without the isClean shortcut.
func clean(s string) string {
	s = headingTag.ReplaceAllString(s, " $1: ")
	s = keepScripts(s)
	s = inlineTag.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// isClean reports whether Plain would return s unchanged: no "<" (every
// tag pattern needs one), no "&" (no entity), no whitespace but single
// spaces between words. Collectors clean every record again for every lead,
// and records from europepmc.Result.Record are already clean: this check spares them the
// regular expressions.
func isClean(s string) bool {
	if s != strings.TrimSpace(s) {
		return false
	}
	prevSpace := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<', '&', '\t', '\n', '\f', '\r':
			return false
		case ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		default:
			prevSpace = false
		}
	}
	return true
}
