package bib

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/doi/extract"
)

// refHeading is a heading that opens a document's reference list.
var refHeading = regexp.MustCompile(`(?i)^(?:\d{1,2}\.?\s+)?(?:references?(?: list| cited)?|bibliography|works cited|literature(?: cited)?|cited literature|sources cited)\s*:?$`)

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
// next Markdown heading that is not one.
func referenceSections(lines []string) []bool {
	in := make([]bool, len(lines))
	inRefs := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case mdHeading.MatchString(t):
			inRefs = refHeading.MatchString(headingText(t))
		case refHeading.MatchString(headingText(t)) && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || i+1 == len(lines) || strings.TrimSpace(lines[i+1]) == ""):
			inRefs = true
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
				out = appendReference(out, refline.Block{Lines: []string{line}, Line: b.Line + i}, in[b.Line-1+i])
			}
			continue
		}
		out = appendReference(out, b, in[b.Line-1])
	}
	return out
}

// appendReference adds b's entry: read when refline reads it, unread when
// it lies in a reference list and is no heading. A block with two DOIs, or
// one of more than refline.MaxBlock bytes, adds nothing: its DOIs are only
// looked up.
func appendReference(out []Entry, b refline.Block, inRefs bool) []Entry {
	text := b.Text()
	if len(text) > refline.MaxBlock {
		return out
	}
	one := strings.Join(strings.Fields(text), " ")
	if len(b.Lines) == 1 && refHeading.MatchString(headingText(one)) {
		return out
	}
	ds := validDOIs(text)
	if len(ds) > 1 {
		return out
	}
	r, why := refline.Read(text)
	e := Entry{Label: "line " + strconv.Itoa(b.Line), Line: b.Line, Text: one}
	if len(ds) == 1 {
		e.setDOI(ds[0].DOI)
		e.RawDOI = ds[0].Raw
	}
	switch {
	case why == "":
		e.fromRef(r)
	case len(ds) == 1:
		// Not read: its DOI is looked up, and nothing compared.
		return out
	case !inRefs:
		return out
	default:
		e.Unread = why
	}
	return append(out, e)
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
