// Package extract finds DOIs in any text a user may hand to citeloop:
// Markdown, plain text pasted from PDFs, BibTeX, RIS, CSL JSON and CFF. It
// is deliberately format-agnostic: it scans for the DOI shape package doi
// defines and decides where each DOI ends from the characters around it, so
// that legal DOIs with "()<>;:#" stay whole while the punctuation of the
// surrounding prose, a URL's query string and markup escapes are not taken
// for part of them. Every DOI it yields is one doi.Normalize accepts.
package extract

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/citeloop/citeloop/doi"
)

// Found is one DOI in a document.
type Found struct {
	// DOI is the normalised DOI (see doi.Normalize).
	DOI string `json:"doi"`
	// Raw is the DOI as written in the document, before percent-decoding
	// and normalisation, without the spaces of a repaired PDF line break.
	Raw string `json:"raw"`
	// Line is the 1-based line of the first occurrence.
	Line int `json:"line"`
	// Invalid, when set, says why the token is not a valid DOI: a token
	// holding a character no DOI ends at, such as U+2011 in
	// "10.1111/bjhp.12807‑2", is reported whole as invalid, never cut to a
	// shorter DOI. DOI is then the token as written.
	Invalid string `json:"invalid,omitempty"`
}

// Extract returns the DOIs in text, de-duplicated by normalised DOI, in the
// order they first appear. Every returned DOI passes doi.Normalize, except
// those with Invalid set.
func Extract(text string) []Found {
	var out []Found
	seen := map[string]bool{}
	lines := strings.Split(text, "\n")
	if strings.Contains(text, "10.") {
		joinLineBreaks(lines)
	}
	for n, line := range lines {
		line = strings.TrimSuffix(line, "\r")
		// JSON may escape slashes; "\/" never occurs in a DOI.
		line = strings.ReplaceAll(line, `\/`, "/")
		line = repairBreaks(line)
		for _, c := range scanLine(line) {
			if seen[c.doi] {
				continue
			}
			seen[c.doi] = true
			out = append(out, Found{DOI: c.doi, Raw: c.raw, Line: n + 1, Invalid: c.invalid})
		}
	}
	return out
}

type candidate struct{ doi, raw, invalid string }

// scanLine finds every DOI starting in line.
func scanLine(line string) []candidate {
	var out []candidate
	for i := 0; i < len(line); {
		j := strings.Index(line[i:], "10.")
		if j < 0 {
			break
		}
		start := i + j
		end, ok := matchDOI(line, start)
		if !ok {
			i = start + 1
			continue
		}
		c, next, ok := finish(line, start, end)
		if ok {
			out = append(out, c)
		}
		i = max(next, start+1)
	}
	return out
}

// matchDOI reports whether a DOI starts at line[start] (which begins with
// "10.") and returns where its untrimmed suffix ends. The prefix is the one
// doi.RegistrantLen reads.
func matchDOI(line string, start int) (int, bool) {
	if start > 0 && (isDigit(line[start-1]) || line[start-1] == '.') {
		return 0, false // the tail of a longer number, such as "110.5" or "1.10.1234"
	}
	k := start + doi.RegistrantLen(line[start:])
	if k == start {
		return 0, false
	}
	slash := slashLen(line, k)
	if slash == 0 {
		return 0, false
	}
	end := scanSuffix(line, k+slash, urlPartAt(line, start))
	return end, end > k+slash
}

// slashLen returns the length of the prefix/suffix separator at line[k]:
// 1 for "/", 3 for the "%2F" resolvers and link checkers write, 0 for none.
func slashLen(line string, k int) int {
	switch {
	case k < len(line) && line[k] == '/':
		return 1
	case k+3 <= len(line) && strings.EqualFold(line[k:k+3], "%2f"):
		return 3
	default:
		return 0
	}
}

// escapable are the DOI characters that TeX (\_ \% \& \# \$ \~) and
// Markdown writers such as Pandoc (\[ \] \< \> \( \) \*) escape with a
// backslash. Within a DOI such an escape stands for its character, whatever
// the file: a DOI never holds a backslash. Other backslashes end the DOI,
// among them TeX's "\-" (a discretionary hyphen, not a "-") and "\," (a
// thin space).
const escapable = "_%&#$~[]<>()*"

// scanSuffix extends a DOI suffix from i and returns its end. It stops at a
// rune that doi.Delimits, at a query string, at the end of an HTML comment
// and at a closing bracket that the suffix did not open, so that
// "(doi:10.1/x)" and "[10.1/x](...)" end at the right place while
// "(SICI)...<448::...>" stay. In a URL's path "?" and "#" end it too: they
// start the query or the fragment, and a DOI's own "?" or "#" is "%3F" or
// "%23" there; in a query "&" also ends it, starting the next parameter. An
// escaped character (see escapable) counts as itself.
func scanSuffix(line string, i int, part urlPart) int {
	var depth [3]int // (), [], <>
	for i < len(line) {
		c, w := line[i], 1
		if c == '\\' && i+1 < len(line) && strings.IndexByte(escapable, line[i+1]) >= 0 {
			c, w = line[i+1], 2
		}
		switch {
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(line[i:])
			if doi.Delimits(r) {
				return i
			}
			w = n
		case doi.Delimits(rune(c)):
			return i
		case part != inText && (c == '?' || c == '#'), part == inQuery && c == '&':
			return i
		case c == '?' && startsQuery(line[i+w:]):
			return i // "10.1/a?utm_source=x": a URL's query string, copied without its URL
		case c == '&' && startsParam(line[i+w:]):
			return i // "10.1/a&doi:10.2/b": a second DOI, not one
		case c == '-' && strings.HasPrefix(line[i:], "-->"):
			return i // the end of an HTML comment
		case c == '(':
			depth[0]++
		case c == '[':
			depth[1]++
		case c == '<':
			// SICI DOIs open "<" before digits; "<" before anything else is
			// markup ("</a>") or an angle-bracket delimiter.
			if i+w >= len(line) || !isDigit(line[i+w]) {
				return i
			}
			depth[2]++
		case c == ')', c == ']', c == '>':
			d := &depth[strings.IndexByte(")]>", c)]
			if *d == 0 {
				return i
			}
			*d--
		}
		i += w
	}
	return i
}

// MaxLen is the longest DOI Extract accepts, in bytes (doi.MaxLen); a
// longer token is reported as invalid, cut to MaxShown bytes. A token is
// read whole up to three times as long, the most a percent-encoded DOI of
// MaxLen bytes takes.
const (
	MaxLen   = doi.MaxLen
	MaxShown = 64
)

// trailing is prose punctuation that never ends a DOI.
const trailing = ".,;:!?*'"

// finish trims, unescapes and validates the DOI in line[start:end]. It
// returns the candidate and where scanning should resume. doi.Normalize
// decides validity and undoes percent-encoding, so a DOI found is always
// one that Normalize accepts, and a token it refuses is never cut shorter.
func finish(line string, start, end int) (candidate, int, bool) {
	raw := trimTrailing(line[start:end])
	end = start + len(raw)
	if len(raw) > 3*MaxLen {
		// A run of megabytes with no space is not a DOI; report where it
		// starts, never the whole token.
		return tooLong(raw), end, true
	}
	d := unescape(raw)
	if urlPartAt(line, start) == inPath && !afterDOIResolver(line, start) {
		d = trimURLTail(d)
	}
	n, err := doi.Normalize(d)
	if err != nil {
		if len(raw) > MaxLen {
			return tooLong(raw), end, true
		}
		if hasNonASCII(raw) {
			return candidate{doi: raw, raw: raw, invalid: err.Error()}, end, true
		}
		return candidate{}, end, false
	}
	return candidate{doi: n, raw: raw}, end, true
}

// tooLong reports a token longer than any DOI as invalid, cut.
func tooLong(raw string) candidate {
	cut := raw[:MaxShown]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return candidate{doi: cut, raw: cut, invalid: fmt.Sprintf("a token of %d bytes is too long for a DOI (at most %d); shown cut to its first %d bytes", len(raw), MaxLen, len(cut))}
}

// trimTrailing strips prose punctuation after a DOI, with the backslash
// that escaped it. Closing brackets were already cut by scanSuffix when
// unbalanced, so a trailing ")" or ">" here belongs to the DOI.
func trimTrailing(s string) string {
	for len(s) > 0 && strings.IndexByte(trailing, s[len(s)-1]) >= 0 {
		s = strings.TrimSuffix(s[:len(s)-1], "\\")
	}
	return s
}

// unescape replaces each backslash escape of a DOI character (see
// escapable) with the character.
func unescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(escapable, s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// startsQuery reports whether s starts with a URL query parameter name and
// "=" ("utm_source=", "234saf=", "journalCode="): after "?" that is the
// query string of the URL a DOI was copied from, never the rest of a DOI.
func startsQuery(s string) bool {
	i := 0
	for i < len(s) && (isDigit(s[i]) || s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z' || strings.IndexByte("_.-", s[i]) >= 0) {
		i++
	}
	return i > 0 && i < len(s) && s[i] == '='
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
