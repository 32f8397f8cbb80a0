package refline

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Markup clean is removes, in order.
var (
	// mdLink is a Markdown link [text](target); only its text is read.
	mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)\s]*\)`)
	// angleURL is an autolink <https://…>.
	angleURL = regexp.MustCompile(`<https?://[^>\s]*>`)
	// strongMarks are strong emphasis and code marks.
	strongMarks = strings.NewReplacer("**", "", "__", "", "`", "")
)

// clean turns a block into one line of plain text: the markup around it
// removed (see unwrap), a leading DOI or URL moved to its end, full-width
// punctuation folded, an access date dropped, "et al." in other languages
// written "et al.", links, strong emphasis and code marks removed, white
// space collapsed. Single emphasis (*Title* or _Title_) is kept: it marks
// the title in several styles, and parse reads it there.
func clean(block string) string {
	s := strings.Join(strings.Fields(fullWidth(block)), " ")
	s = linkLast(unwrap(s))
	if strings.Contains(s, "[") {
		s = citedNote.ReplaceAllString(s, "")
	}
	if strings.Contains(s, " u.") || strings.Contains(s, "col") {
		s = etAl.ReplaceAllString(s, "${1}et al.$2")
	}
	if strings.Contains(s, "](") {
		s = mdLink.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "<http") {
		s = angleURL.ReplaceAllString(s, "")
	}
	s = strongMarks.Replace(s)
	if strings.Contains(s, "- ") {
		s = lineBreakHyphen.ReplaceAllString(s, "$1$2")
	}
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Mn, r) }) {
		// "Ku ̈hnel": a PDF's accent after a space joins its letter.
		s = norm.NFC.String(spacedMark.ReplaceAllString(s, "$1"))
	}
	return strings.Join(strings.Fields(s), " ")
}

// spacedMark is a combining mark a PDF set apart from its letter.
var spacedMark = regexp.MustCompile(`\s+(\p{Mn})`)

// lineBreakHyphen is a word a PDF line break split: "Recogni- tion",
// "clus- tering".
var lineBreakHyphen = regexp.MustCompile(`(\p{Ll})- (\p{Ll})`)

// stripEmphasis removes the single-emphasis marks clean kept.
func stripEmphasis(s string) string {
	s = strings.ReplaceAll(s, "*", "")
	return strings.Join(strings.Fields(strings.Trim(s, "_ ")), " ")
}
