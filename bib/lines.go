package bib

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/doi/extract"
)

// refHeading is a heading that opens a document's reference list.
var refHeading = regexp.MustCompile(`(?i)^(?:\d{1,2}\.?\s+)?(?:[\pL-]+\s+){0,2}(?:references?|bibliography|works cited|literature(?: cited)?|cited literature|sources cited)(?:\s+[\pL-]+){0,3}\s*:?$`)

// maxHeading is the longest line read as a possible heading.
const maxHeading = 200

// mdHeading is a Markdown ATX heading.
var mdHeading = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`)

// headingText is the words of a line that may be a heading: Markdown
// marks, emphasis and a LaTeX section command dropped.
func headingText(line string) string {
	s := strings.TrimSpace(line)
	if m := mdHeading.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	for _, p := range []string{`\section*{`, `\section{`, `\subsection*{`, `\subsection{`} {
		if strings.HasPrefix(s, p) && strings.HasSuffix(s, "}") {
			s = s[len(p) : len(s)-1]
		}
	}
	return strings.TrimSpace(strings.Trim(s, "*_ "))
}

// referenceSections marks, for each line of text, whether it lies in a
// reference list: after a References, Bibliography, Works cited or
// Literature heading (Markdown, bold, or a line of its own), until the
// next Markdown heading that is not one of its subsections.
func referenceSections(lines []string) []bool {
	in := make([]bool, len(lines))
	inRefs := false
	level := 0 // the reference heading's level; its subsections stay in it
	for i, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case len(t) > maxHeading:
			// No heading is this long: a long line is never matched.
		case mdHeading.MatchString(t):
			l := len(t) - len(strings.TrimLeft(t, "#"))
			switch {
			case refHeading.MatchString(headingText(t)):
				inRefs, level = true, l
			case inRefs && level > 0 && l > level:
				// "## The ZOMBI lineage" under "# References".
			default:
				inRefs, level = false, 0
			}
		case refHeading.MatchString(headingText(t)) && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || i+1 == len(lines) || strings.TrimSpace(lines[i+1]) == ""):
			inRefs, level = true, 0
		}
		in[i] = inRefs
	}
	return in
}

// referenceLines reads the reference blocks of a Markdown or text file
// (see refline.Blocks): every block that refline reads as a reference with
// a title, year and authors, with its DOI if it cites one, by DOI alone
// otherwise; and, under a reference-list heading, every other block as an
// entry that could not be read (Unread says why), so that no reference
// goes unreported. A block citing two different DOIs, or too long to be
// one reference, is read line by line, since one-line references are often
// run together with no blank line between; a line that still cites two
// says nothing about either. Prose outside a reference list that refline
// does not read as a reference gives no entry.
func referenceLines(text string) []Entry {
	lines := strings.Split(text, "\n")
	in := referenceSections(lines)
	var out []Entry
	for _, b := range refline.Blocks(text) {
		if len(b.Lines) > 1 && (len(b.Text()) > refline.MaxBlock || len(validDOIs(b.Text())) > 1) {
			for i, line := range b.Lines {
				out = appendReference(out, refline.Block{Lines: []string{line}, Line: b.Line + i}, in[b.Line-1+i], true)
			}
			continue
		}
		for _, part := range runTogether(b) {
			out = appendReference(out, part, in[b.Line-1], false)
		}
	}
	return out
}

// apaStart is an APA reference's start inside a paragraph, after the end
// of the one before: ". Family, A. B., & Other, C. (2003).", wherever
// the paragraph's lines wrap it.
var apaStart = regexp.MustCompile(`\.\s+\p{Lu}[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2},\s+(?:\p{Lu}\.(?:\s+|-)?){1,3}(?:[^()]{0,300}?)\(\d{4}[a-z]?\)\.`)

// runTogether splits a paragraph that runs two APA references together,
// as text pasted from a PDF does ("…161–167. Andonie, R., & Sasu, L.
// (2003). …"), into one block each; any other block is itself. Each
// part's Line is the line its first character is on, wherever the
// paragraph wraps: inside a line, or just before the part.
func runTogether(b refline.Block) []refline.Block {
	text := b.Text()
	if len(text) > refline.MaxBlock || strings.Count(text, ")") < 2 {
		return []refline.Block{b}
	}
	var out []refline.Block
	part := func(from, to int) refline.Block {
		first := from + len(text[from:to]) - len(strings.TrimLeftFunc(text[from:to], unicode.IsSpace))
		return refline.Block{Lines: []string{strings.TrimSpace(text[from:to])}, Line: b.Line + strings.Count(text[:first], "\n")}
	}
	start := 0
	for _, loc := range apaStart.FindAllStringIndex(text, -1) {
		cut := loc[0] + 1 // after the period
		if _, why := refline.Read(text[start:cut]); why != "" {
			continue // the part before is no reference of its own
		}
		out = append(out, part(start, cut))
		start = cut
	}
	if start == 0 {
		return []refline.Block{b}
	}
	return append(out, part(start, len(text)))
}

// appendReference adds b's entry: read when refline reads it, unread when
// it lies in a reference list and is no heading. A block with two DOIs, or
// one of more than refline.MaxBlock bytes, adds nothing: its DOIs are only
// looked up.
func appendReference(out []Entry, b refline.Block, inRefs, split bool) []Entry {
	text := b.Text()
	if len(text) > refline.MaxBlock {
		return out
	}
	fields := strings.Fields(text)
	if len(fields) < 3 {
		// No reference is that short (a DOI alone, a word): nothing to read,
		// and its DOI is extraction's to report.
		return out
	}
	one := strings.Join(fields, " ")
	if len(b.Lines) == 1 && len(one) <= maxHeading && refHeading.MatchString(headingText(one)) {
		return out
	}
	ds := validDOIs(text)
	if len(ds) > 1 {
		return out
	}
	r, why := refline.Read(text)
	e := Entry{Label: "line " + strconv.Itoa(b.Line), Line: b.Line, Text: one, last: b.Line + len(b.Lines) - 1 + strings.Count(strings.Join(b.Lines, "\n"), "\n")}
	if len(ds) == 1 {
		e.setDOI(ds[0].DOI)
		e.RawDOI = ds[0].Raw
	} else if bad := invalidLabelled(text); bad != "" {
		e.RawDOI = bad
	}
	switch {
	case why == "":
		e.fromRef(r)
	case len(ds) == 1:
		// Not read: its DOI is looked up, and nothing compared.
		return out
	case !inRefs || !looksLikeReference(b, split):
		return out
	default:
		e.Unread = why
	}
	return append(out, e)
}

// itemStart opens a list item.
var itemStart = regexp.MustCompile(`^\s*(?:[-*+]|\d{1,6}[.)]|\[\d{1,6}\])\s+\S`)

// yearWord is a plausible year, or "n.d.", in a reference.
var yearWord = regexp.MustCompile(`\b(?:1[89]\d\d|20\d\d)\b|\bn\.\s?d\.`)

// looksLikeReference reports whether an unread block under a references
// heading is a reference to report (not_checked) rather than the list's
// prose: a list item (a line of a split block only when it opens one), or
// a paragraph of reference length that gives a year.
func looksLikeReference(b refline.Block, split bool) bool {
	first := b.Lines[0]
	if itemStart.MatchString(first) {
		return true
	}
	if split {
		return false
	}
	text := b.Text()
	return len(text) <= 400 && yearWord.MatchString(text)
}

// fromRef fills e with what a reference line says.
func (e *Entry) fromRef(r refline.Ref) {
	e.Title, e.Year = r.Title, r.Year
	e.Authors = r.Authors
	if len(e.Authors) == 0 && r.Author != "" {
		e.Authors = []string{r.Author}
	}
	e.Journal, e.Volume, e.Issue, e.Pages = r.Journal, r.Volume, r.Issue, r.Pages
	switch {
	case r.Preprint:
		e.Type, e.Publisher = TypePreprint, r.Journal
	case r.Journal != "" && (r.Volume != "" || r.Pages != ""):
		e.Type = TypeArticle
	}
}

// validDOIs are the distinct valid DOIs extraction finds in text.
func validDOIs(text string) []extract.Found {
	var out []extract.Found
	for _, f := range extract.Extract(text) {
		if f.Invalid == "" && strings.TrimSpace(f.DOI) != "" {
			out = append(out, f)
		}
	}
	return out
}
