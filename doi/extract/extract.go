// Package extract finds DOIs in any text a user may hand to citeloop:
// Markdown, plain text pasted from PDFs, BibTeX, RIS, CSL JSON and CFF. It
// is deliberately format-agnostic: it scans for the DOI shape itself and
// decides where each DOI ends from the characters around it, so that legal
// DOIs with "()<>;:#" stay whole while the punctuation of the surrounding
// prose is cut away.
package extract

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
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
	for n, line := range strings.Split(text, "\n") {
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
// "10.") and returns where its untrimmed suffix ends.
func matchDOI(line string, start int) (int, bool) {
	if start > 0 && isWordByte(line[start-1]) {
		return 0, false // part of a longer number or word, such as "110.5"
	}
	k := start + len("10.")
	digits := 0
	for k < len(line) && (isDigit(line[k]) || line[k] == '.') {
		if isDigit(line[k]) {
			digits++
		}
		k++
	}
	if digits < 4 || k >= len(line) || line[k] != '/' || line[k-1] == '.' {
		return 0, false
	}
	end := scanSuffix(line, k+1, inURL(line, start))
	return end, end > k+1
}

// scanSuffix extends a DOI suffix from i and returns its end. It stops at
// whitespace and at characters no real DOI contains, and at a closing
// bracket that the suffix did not open, so that "(doi:10.1/x)" and
// "[10.1/x](...)" end at the right place while "(SICI)...<448::...>" stay.
func scanSuffix(line string, i int, url bool) int {
	var depth [3]int // (), [], <>
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case c <= ' ' || c == 0x7f:
			return i
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(line[i:])
			if endsDOI(r) {
				return i
			}
			i += n - 1
		case strings.IndexByte("\"'`\\|{}", c) >= 0:
			return i
		case url && (c == '?' || c == '#' || c == '&'):
			return i
		case c == '(':
			depth[0]++
		case c == '[':
			depth[1]++
		case c == '<':
			// SICI DOIs open "<" before digits; "<" before anything else is
			// markup ("</a>") or an angle-bracket delimiter.
			if i+1 >= len(line) || !isDigit(line[i+1]) {
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
	}
	return i
}

// trailing is prose punctuation that never ends a DOI.
const trailing = ".,;:!?*'"

// finish trims, decodes and validates the DOI in line[start:end]. It returns
// the candidate and where scanning should resume.
func finish(line string, start, end int) (candidate, int, bool) {
	raw := trimTrailing(line[start:end])
	end = start + len(raw)
	d := raw
	if strings.Contains(d, "%") {
		if u, err := url.PathUnescape(d); err == nil {
			d = u
		}
	}
	if inURL(line, start) && !afterDOIResolver(line, start) {
		d = trimViewSuffix(d)
	}
	doi, err := doi.Normalize(d)
	if err == nil && hasTypography(raw) {
		err = fmt.Errorf("%q holds a typographic character (such as U+2011 or U+2013) that no DOI has; it may be a DOI followed by other text", raw)
	}
	if err != nil {
		if hasNonASCII(raw) {
			return candidate{doi: raw, raw: raw, invalid: err.Error()}, end, true
		}
		return candidate{}, end, false
	}
	return candidate{doi: doi, raw: raw}, end, true
}

// trimTrailing strips prose punctuation after a DOI. Closing brackets were
// already cut by scanSuffix when unbalanced, so a trailing ")" or ">" here
// belongs to the DOI.
func trimTrailing(s string) string {
	for len(s) > 0 && strings.IndexByte(trailing, s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	return s
}

// repairBreaks removes the single spaces a PDF line break left inside
// DOIs written after "doi:" ("doi:10. 1016/j. neunet.2009.08.007."). A space
// is removed only when the DOI is visibly incomplete ("10." with no "/" yet,
// or ending in "/"), or when it ends in one of ".-()" and the next word
// starts with a digit or lower-case letter and ends the sentence with ".".
// So "doi:10.1/x. Epub 2011" and "doi:10.1/x. 55" are left alone.
func repairBreaks(line string) string {
	if indexDOIColon(line, 0) < 0 {
		return line
	}
	var out strings.Builder
	out.Grow(len(line))
	done := 0 // line[:done] is already in out
	for from := 0; ; {
		j := indexDOIColon(line, from)
		if j < 0 {
			break
		}
		q := j + len("doi:")
		if q < len(line) && line[q] == ' ' {
			q++
		}
		from = q
		if !strings.HasPrefix(line[q:], "10.") {
			continue
		}
		// left is the DOI so far, possibly already joined.
		out.WriteString(line[done:q])
		tokEnd := nextSpace(line, q)
		left := line[q:tokEnd]
		for range 3 {
			if tokEnd+1 >= len(line) || line[tokEnd] != ' ' {
				break
			}
			wordEnd := nextSpace(line, tokEnd+1)
			word := line[tokEnd+1 : wordEnd]
			if left == "" || word == "" || !joins(left, word) {
				break
			}
			left += word
			tokEnd = wordEnd
		}
		out.WriteString(left)
		done, from = tokEnd, tokEnd
	}
	out.WriteString(line[done:])
	return out.String()
}

// indexDOIColon returns the index of the first "doi:" (ASCII case-insensitive)
// in line at or after from, or -1. Unlike strings.ToLower it never changes
// byte offsets, whatever the encoding of line.
func indexDOIColon(line string, from int) int {
	for i := from; i+4 <= len(line); i++ {
		if line[i+3] == ':' && line[i]|0x20 == 'd' && line[i+1]|0x20 == 'o' && line[i+2]|0x20 == 'i' {
			return i
		}
	}
	return -1
}

func nextSpace(line string, i int) int {
	for i < len(line) && line[i] > ' ' {
		i++
	}
	return i
}

// joins reports whether word continues the DOI left split by a line break.
func joins(left, word string) bool {
	last := left[len(left)-1]
	if !strings.Contains(left, "/") {
		return strings.Contains(word, "/")
	}
	if last == '/' {
		return true
	}
	return strings.IndexByte(".-()", last) >= 0 &&
		(isDigit(word[0]) || (word[0] >= 'a' && word[0] <= 'z')) &&
		strings.HasSuffix(word, ".")
}

// viewSuffixes are path tails publishers append to a DOI in their URLs.
var viewSuffixes = []string{"/full", "/abstract", "/abs", "/pdf", "/epdf", "/fulltext", "/full-text", "/html", "/meta", "/summary", "/epub"}

func trimViewSuffix(d string) string {
	lower := strings.ToLower(d)
	for _, s := range viewSuffixes {
		if strings.HasSuffix(lower, s) {
			return d[:len(d)-len(s)]
		}
	}
	return d
}

// inURL reports whether the token holding line[start] is a URL.
func inURL(line string, start int) bool {
	return strings.Contains(line[tokenStart(line, start):start], "://")
}

// afterDOIResolver reports whether the DOI follows "doi.org/".
func afterDOIResolver(line string, start int) bool {
	const r = "doi.org/"
	return start >= len(r) && strings.EqualFold(line[start-len(r):start], r)
}

// maxURLPrefix bounds how far back inURL looks for "://", which keeps a
// pathological line linear; no real URL has a longer path before a DOI.
const maxURLPrefix = 512

func tokenStart(line string, i int) int {
	stop := max(0, i-maxURLPrefix)
	for i > stop && line[i-1] > ' ' && strings.IndexByte("\"'<([{", line[i-1]) < 0 {
		i--
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return isDigit(c) || c == '.' || c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

// endsDOI reports whether a non-ASCII rune ends a DOI: whitespace, quote
// marks, angle brackets and prose punctuation. Any other character (such as
// U+2011, a non-breaking hyphen) is part of the token, which is then
// reported whole as invalid rather than cut to a shorter DOI.
func endsDOI(r rune) bool {
	switch r {
	case utf8.RuneError, '\u2026', '\u3002', '\u3001', '\uff0c', '\uff0e', '\u2039', '\u203a', '\u2329', '\u232a', '\u27e8', '\u27e9', '\u3008', '\u3009', '\u300a', '\u300b', '\u00a0':
		return true
	}
	return unicode.IsSpace(r) || unicode.Is(unicode.Quotation_Mark, r) || unicode.In(r, unicode.Pi, unicode.Pf) || unicode.Is(unicode.Cc, r)
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// hasTypography reports whether s holds non-ASCII punctuation or symbols:
// a typographic dash in a DOI is a copy-and-paste artefact, never part of
// the registered name.
func hasTypography(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && (unicode.IsPunct(r) || unicode.IsSymbol(r)) {
			return true
		}
	}
	return false
}
