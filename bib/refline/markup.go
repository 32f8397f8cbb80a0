package refline

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Markup around a reference is one closed rule: what a line of a list
// opens with before the reference's first word, and closes with after its
// last. It opens with any run of
//
//   - HTML tags (<li>, <p>, <br/>),
//   - a Markdown task box ("[ ]", "[x]") or footnote label ("[^1]:"),
//   - marker tokens: a token of one to three punctuation or symbol
//     characters (•, ◦, ▪, -, *, >, |, –), never an opening quote or
//     bracket, which open titles; or a number as lists write it ("1.",
//     "1)", "(1)", "[1]", and a bare "1" before a capitalised word or
//     more markup), each
//     maybe in strong emphasis ("**1.**");
//
// and closes with HTML tags and table pipes. A line wrapped whole in
// single emphasis ("*Family J. Title. …*") is the line without it, and a
// table row ("| 1 | Family J. Title. … |") is its cells that hold a word.
// A blockquote's ">" is a container, not a marker: Blocks removes it from
// every line.

// htmlTag is an HTML start, end or empty tag: <li>, </p>, <br/>, <i>. An
// autolink <https://…> is none (":" is no tag name's).
var htmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>`)

// htmlEmphasis is HTML's italics, Markdown's single emphasis.
var htmlEmphasis = regexp.MustCompile(`</?(?:i|em)>`)

// boxOrNote is a task box or a footnote label at the start of a line.
var boxOrNote = regexp.MustCompile(`^(?:\[[ xX]\]|\[\^[^\]\s]{1,40}\]:)`)

// numberMarker is a list number: "1.", "1)", "(1)", "[1]", "1", maybe in
// strong emphasis and followed by a period or colon ("**1.**", "1:").
var numberMarker = regexp.MustCompile(`^(?:\*\*|__)?(?:\d{1,6}[.)]|\(\d{1,3}\)|\[\d{1,6}\]|(\d{1,3}))(?:\*\*|__)?[.:]?$`)

// openers open a title or a quoted name, never a list marker.
const openers = "\"'“‘„«‹([{&,;:.!?/…"

// markerToken reports whether tok (no white space in it) is a marker
// token (see above); bare is set for a number without punctuation, a
// marker only before a capitalised word or more markup.
func markerToken(tok string) (ok, bare bool) {
	if m := numberMarker.FindStringSubmatch(tok); m != nil {
		return true, m[1] != ""
	}
	n := utf8.RuneCountInString(tok)
	if n == 0 || n > 3 {
		return false, false
	}
	for _, r := range tok {
		if !(unicode.IsPunct(r) || unicode.IsSymbol(r)) || strings.ContainsRune(openers, r) {
			return false, false
		}
	}
	return true, false
}

// openingMarkup is the length of the markup s opens with (see above).
func openingMarkup(s string) int {
	i := 0
	for i < len(s) {
		rest := s[i:]
		trimmed := strings.TrimLeftFunc(rest, unicode.IsSpace)
		if trimmed == "" {
			return len(s)
		}
		at := i + len(rest) - len(trimmed)
		if trimmed[0] == '<' {
			if loc := htmlTag.FindStringIndex(trimmed); loc != nil && loc[0] == 0 {
				i = at + loc[1]
				continue
			}
		}
		if trimmed[0] == '[' {
			if loc := boxOrNote.FindStringIndex(trimmed); loc != nil {
				i = at + loc[1]
				continue
			}
		}
		end := strings.IndexFunc(trimmed, unicode.IsSpace)
		if end < 0 {
			return i // a token alone is the text, not markup
		}
		ok, bare := markerToken(trimmed[:end])
		if !ok {
			return i
		}
		if bare {
			after := strings.TrimLeftFunc(trimmed[end:], unicode.IsSpace)
			if next, _ := utf8.DecodeRuneInString(after); !unicode.IsUpper(next) && openingMarkup(after) == 0 {
				return i
			}
		}
		i = at + end
	}
	return i
}

// OpensItem reports whether line opens a list item: it opens with markup
// (see above) followed by text.
func OpensItem(line string) bool {
	n := openingMarkup(line)
	return n > 0 && strings.TrimSpace(line[n:]) != "" && strings.TrimSpace(line[:n]) != ""
}

// closingMarkup matches the HTML tags and table pipes a line closes with.
var closingMarkup = regexp.MustCompile(`(?:\s*(?:</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|\|))+\s*$`)

// unwrap is s, one line of text, without the markup around it.
func unwrap(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "|") {
		s = tableCells(s)
	}
	if strings.Contains(s, "<") {
		s = htmlEmphasis.ReplaceAllString(s, "*")
		s = strings.TrimSpace(htmlTag.ReplaceAllString(s, " "))
	}
	s = strings.TrimSpace(s[openingMarkup(s):])
	if strings.HasSuffix(s, ">") || strings.HasSuffix(s, "|") {
		s = strings.TrimSpace(closingMarkup.ReplaceAllString(s, ""))
	}
	for _, m := range []string{"*", "_"} {
		inner := strings.TrimPrefix(strings.TrimSuffix(s, m), m)
		if len(inner) == len(s)-2 && !strings.HasPrefix(inner, m) && !strings.Contains(inner, m) {
			s = strings.TrimSpace(inner)
		}
	}
	return s
}

// tableCells is a table row's cells from the first that holds a letter,
// joined as a sentence: a row number is markup.
func tableCells(row string) string {
	var cells []string
	for _, c := range strings.Split(row, "|") {
		c = strings.TrimSpace(c)
		if c == "" || len(cells) == 0 && strings.IndexFunc(c, unicode.IsLetter) < 0 {
			continue
		}
		if n := len(cells); n > 0 && !strings.ContainsAny(cells[n-1][len(cells[n-1])-1:], ".,;:") {
			cells[n-1] += "."
		}
		cells = append(cells, c)
	}
	return strings.Join(cells, " ")
}

// NamesFirst reports whether block opens with a list of names, as a
// reference does and a sentence of prose does not: the text before its
// first period, parenthesis, colon, semicolon, bracket or quote is
// capitalised names (see looksLikeAuthors) with an initial, or several
// names.
func NamesFirst(block string) bool {
	s := clean(block)
	i := strings.IndexAny(s, ".(:;[“\"")
	if i <= 0 {
		return false
	}
	seg := s[:i]
	return looksLikeAuthors(seg) && (hasInitial(seg) || strings.ContainsAny(seg, ",&"))
}

// leadingLink is a DOI or URL a reference opens with (a style that puts
// it first).
var leadingLink = regexp.MustCompile(`(?i)^(?:https?://\S+|doi:\s?\S+|10\.\d{4,9}/\S+)\s+`)

// linkLast is s with the DOI or URL it opens with moved to its end, where
// the styles refline reads put it.
func linkLast(s string) string {
	if loc := leadingLink.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		return s[loc[1]:] + " " + strings.TrimSpace(s[:loc[1]])
	}
	return s
}

// etAl are "et al." in other languages: German "u. a.", French "et
// coll.", Spanish "y col.", Italian "e coll.".
var etAl = regexp.MustCompile(`(\s)(?:u\.\s?a\.|et\s+coll?\.|y\s+cols?\.|e\s+coll?\.)(\s|,|$)`)

// citedNote is NLM's access date, "[cited 2020 May 1]": no part of the
// reference's fields.
var citedNote = regexp.MustCompile(`(?i)\s*\[(?:cited|accessed)\b[^\[\]]{0,40}\]`)

// fullWidth folds the full-width forms (U+FF01 to U+FF5E) that East Asian
// text writes punctuation in to ASCII, a space after each punctuation
// mark.
func fullWidth(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= 0xFF01 && r <= 0xFF5E }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r < 0xFF01 || r > 0xFF5E {
			b.WriteRune(r)
			continue
		}
		a := r - 0xFF01 + '!'
		b.WriteRune(a)
		if strings.ContainsRune(".,:;!?)", a) {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
