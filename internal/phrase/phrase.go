// Package phrase cleans user text so that a search service can quote it as
// one phrase: the characters a query syntax gives meaning to inside quotes
// (double quotes, backslashes, the wildcards * and ?) and control or
// invalid characters become spaces. Leads are validated with it (a field
// must keep a searchable word once cleaned) and every searcher quotes with
// it, so what a lead's fields say is what is searched.
package phrase

import (
	"strings"
	"unicode"
)

// Clean cleans user text for use inside a quoted phrase: double quotes,
// backslashes, wildcards (* and ?) and control or invalid characters
// become spaces, runs of white space become one space, ends are trimmed.
// Inside a phrase, AND, OR, NOT, parentheses and colons are plain words, so
// the result cannot change a query's structure.
func Clean(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '"' || r == '\\' || r == '*' || r == '?' || r == unicode.ReplacementChar ||
			unicode.IsControl(r) || unicode.IsSpace(r) || !unicode.IsPrint(r):
			space = b.Len() > 0
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// HasWord reports whether s holds a letter or a digit: a phrase without one
// searches for nothing.
func HasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// Words lower-cases s and splits it into runs of letters and digits: the
// words a phrase is matched and ranked on.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
