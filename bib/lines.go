package bib

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
// (see refline.Blocks), each split into the references it runs together
// (see split): every reference that refline reads, with its DOI if it
// cites one, by DOI alone otherwise; and every reference it does not
// read that is shaped like one (see shaped) as an entry that could not be
// read (Unread says why), with its DOI if it cites one, so that no
// reference goes unreported and none that cites a DOI goes uncompared.
// Prose that refline does not read and that is not shaped like a
// reference gives no entry.
func referenceLines(text string) []Entry {
	lines := strings.Split(text, "\n")
	in := referenceSections(lines)
	var out []Entry
	for _, b := range refline.Blocks(text) {
		parts, lineByLine := split(b)
		for _, part := range parts {
			out = appendReference(out, part, in[part.Line-1], lineByLine)
		}
	}
	return out
}

// split is the references a block holds, in order (see cuts). A block
// that holds no cut, spans several lines and either is too long to be one
// reference or cites several DOIs without reading as one reference is
// read line by line (lineByLine), as one-line references are often run
// together with no blank line between.
func split(b refline.Block) (parts []refline.Block, lineByLine bool) {
	parts = cuts(b)
	if len(parts) > 1 || len(b.Lines) == 1 {
		return parts, false
	}
	text := b.Text()
	if len(text) <= refline.MaxBlock && len(validDOIs(text)) < 2 {
		return parts, false
	}
	if _, why := refline.Read(text); why == "" && len(text) <= refline.MaxBlock {
		return parts, false
	}
	parts = parts[:0]
	for i, line := range b.Lines {
		parts = append(parts, refline.Block{Lines: []string{line}, Line: b.Line + i})
	}
	return parts, true
}

// apaStart is an APA reference's start inside a paragraph, after the end
// of the one before: ". Family, A. B., & Other, C. (2003).", wherever
// the paragraph's lines wrap it.
var apaStart = regexp.MustCompile(`\.\s+\p{Lu}[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2},\s+(?:\p{Lu}\.(?:\s+|-)?){1,3}(?:[^()]{0,300}?)\(\d{4}[a-z]?\)\.`)

// nameStart is a sentence end followed by what opens a name: ". Family
// A", ". Family, A.", ". van der Berg, A." (a Vancouver, APA or Nature
// reference after the one before).
var nameStart = regexp.MustCompile(`[.;]\s+\p{Lu}[\p{L}'’-]+(?:\s[\p{L}'’-]+){0,2},?\s(?:\p{Lu}{1,3}\b|\p{Lu}\.)`)

// linkEnd is a DOI or URL ending before white space that is followed by a
// capital: where a reference that ends with its link is followed by the
// next.
var linkEnd = regexp.MustCompile(`(?:(?i:https?://|doi:\s?)|\b10\.\d{4,9}/)\S+\s+\p{Lu}`)

// place is a place a block may start a reference at, and how it is known.
type place struct {
	at   int
	apa  bool // apaStart found it: the reference after it is shaped already
	link bool // it follows a DOI or URL that ends the reference before
	line bool // it starts a line
}

// cuts splits a block that runs references together, as lists pasted
// from a PDF do (references wrapped over lines with no blank line between,
// or run on in one line), into one block each; any other block is
// itself. A reference starts at a line's start, after a DOI or URL, or
// after a sentence's end when what follows opens a name; it is cut there
// when what comes before it reads as a reference and what follows it does
// too (up to one of the next places, or the end), or, after a DOI or URL
// that ends a line or is followed by more, when what follows is shaped
// like a reference that refline does not read (see refline.NamesFirst).
// Each part's Line is the line its first character is on, wherever the
// block wraps.
func cuts(b refline.Block) []refline.Block {
	text := b.Text()
	places := cutPlaces(text)
	if len(places) == 0 {
		return []refline.Block{b}
	}
	var out []refline.Block
	part := func(from, to int) refline.Block {
		first := from + len(text[from:to]) - len(strings.TrimLeftFunc(text[from:to], unicode.IsSpace))
		return refline.Block{Lines: []string{strings.TrimSpace(text[from:to])}, Line: b.Line + strings.Count(text[:first], "\n")}
	}
	reads := func(s string) bool {
		_, why := refline.Read(s)
		return why == ""
	}
	start := 0
	for k, p := range places {
		if p.at <= start {
			continue
		}
		left := text[start:p.at]
		if p.line && repeats(left, text[p.at:]) {
			continue // a PDF's line printed twice: one reference
		}
		switch {
		case reads(left):
			if !p.apa && !opensReference(text, start, p.at, places[k+1:], false) && !(p.link && shapedAt(text, p.at)) {
				continue
			}
		case p.link && endsWithLink(left) && moreThanLink(left) && shapedAt(text, p.at):
		case !p.line && !p.link || !opensReference(text, start, p.at, places[k+1:], true):
			continue
		}
		out = append(out, part(start, p.at))
		start = p.at
	}
	if start == 0 {
		return []refline.Block{b}
	}
	return append(out, part(start, len(text)))
}

// cutPlaces are the places a reference may start in text, in order, at
// most one at each offset; none in a text that cannot hold two references
// (too short, or with fewer than two years and two DOIs) or is longer
// than any list of them (maxPaste).
func cutPlaces(text string) []place {
	if len(text) < 60 || len(text) > maxPaste || !twoYears(text) && strings.Count(text, "10.") < 2 {
		// Two references give two years (or two DOIs).
		return nil
	}
	var places []place
	add := func(c place) {
		for c.at < len(text) && unicode.IsSpace(rune(text[c.at])) {
			c.at++
		}
		if c.at < len(text) {
			places = append(places, c)
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			add(place{at: i + 1, link: endsWithLink(text[:i]), line: true})
		}
	}
	for _, loc := range apaStart.FindAllStringIndex(text, -1) {
		add(place{at: loc[0] + 1, apa: true})
	}
	for _, loc := range nameStart.FindAllStringIndex(text, -1) {
		add(place{at: loc[0] + 1})
	}
	for _, loc := range linkEnd.FindAllStringIndex(text, -1) {
		add(place{at: loc[1] - lastRuneLen(text[:loc[1]]), link: true})
	}
	sort.SliceStable(places, func(i, j int) bool { return places[i].at < places[j].at })
	out := places[:0]
	for _, p := range places {
		if n := len(out); n > 0 && out[n-1].at == p.at {
			out[n-1].apa = out[n-1].apa || p.apa
			out[n-1].link = out[n-1].link || p.link
			out[n-1].line = out[n-1].line || p.line
			continue
		}
		out = append(out, p)
	}
	return out
}

// maxPaste is the longest block cut into references: a reference list
// pasted from a PDF with no blank line is a few hundred references.
const maxPaste = 256 << 10

// twoYears reports whether text may give two years: two numbers of four
// digits from 1800 to 2099, or a year's place held by a word ("n.d.", "in
// press", "forthcoming"). It only rules texts out, cheaply.
func twoYears(text string) bool {
	n := 0
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		if j-i == 4 && (text[i] == '1' && text[i+1] >= '8' || text[i] == '2' && text[i+1] == '0') {
			n++
		}
		i = j
	}
	if n < 2 && (strings.Contains(text, "n.") || strings.Contains(text, "ress") || strings.Contains(text, "orthcoming")) {
		n += len(yearWord.FindAllStringIndex(text, 2))
	}
	return n >= 2
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func lastRuneLen(s string) int {
	_, n := utf8.DecodeLastRuneInString(s)
	return n
}

// opensReference reports whether a reference that refline reads starts at
// text[at:]: up to one of the next three places, or to the end; with
// alone set, only where text[start:] up to the same place does not read
// (text[start:at] is then no part of it: prose, or a reference refline
// does not read).
func opensReference(text string, start, at int, next []place, alone bool) bool {
	if refline.OpensItem(text[at:]) {
		// Markup inside a block is none: Blocks starts an item at it.
		return false
	}
	ends := []int{}
	for _, p := range next[:min(len(next), 3)] {
		if p.at-at <= refline.MaxBlock {
			ends = append(ends, p.at)
		}
	}
	if len(text)-at <= refline.MaxBlock {
		ends = append(ends, len(text))
	}
	for _, e := range ends {
		if _, why := refline.Read(text[at:e]); why != "" {
			continue
		}
		if !alone || e-start > refline.MaxBlock {
			return true
		}
		if _, why := refline.Read(text[start:e]); why != "" {
			return true
		}
	}
	return false
}

// shapedAt reports whether text[at:] opens with a reference refline may
// not read: names first (see refline.NamesFirst) and a year soon after.
func shapedAt(text string, at int) bool {
	rest := text[at:min(len(text), at+400)]
	if i := strings.IndexByte(rest, '\n'); i > 0 && i < len(rest)-1 {
		// Its first line must give the names.
		if !refline.NamesFirst(rest[:i]) {
			return false
		}
	}
	return refline.NamesFirst(rest) && yearWord.MatchString(rest)
}

// trailingLink is a DOI or URL that ends a text, maybe with a period.
var trailingLink = regexp.MustCompile(`(?i)(?:https?://|doi:\s?|\b10\.\d{4,9}/)\S+\s*$`)

// repeats reports whether rest opens with left, word for word: a line a
// PDF paste printed twice.
func repeats(left, rest string) bool {
	l, r := strings.Fields(left), strings.Fields(rest)
	return len(l) >= 3 && len(r) >= len(l) && slices.Equal(l, r[:len(l)])
}

// moreThanLink reports whether s is more than the DOI or URL it ends
// with: not a link that opens the reference after it.
func moreThanLink(s string) bool {
	return len(strings.Fields(trailingLink.ReplaceAllString(s, ""))) >= 3
}

// endsWithLink reports whether s ends with a DOI or URL.
func endsWithLink(s string) bool {
	return trailingLink.MatchString(strings.TrimRightFunc(s, unicode.IsSpace))
}

// appendReference adds b's entry: read when refline reads it; unread when
// it is shaped like a reference (see shaped) and is no heading, with its
// DOI when it cites one (in a reference list, or as a list item), so that
// check compares it by its text. A block
// of more than refline.MaxBlock bytes adds nothing: its DOIs are only
// looked up. A reference citing several DOIs takes its first as its own;
// each other is a row of its own, at the reference.
func appendReference(out []Entry, b refline.Block, inRefs, split bool) []Entry {
	text := b.Text()
	if len(text) > refline.MaxBlock {
		return out
	}
	fields := strings.Fields(text)
	if n := words(fields); n < 3 || n == 3 && refline.OpensItem(b.Lines[0]) {
		// No reference is that short (a DOI alone, a word, "Same again:"
		// and a link): nothing to read, and its DOI is extraction's to
		// report.
		return out
	}
	one := strings.Join(fields, " ")
	if len(b.Lines) == 1 && len(one) <= maxHeading && refHeading.MatchString(headingText(one)) {
		return out
	}
	ds := validDOIs(text)
	r, why := refline.Read(text)
	if why != "" && (!shaped(b, inRefs, split) || len(ds) > 0 && !inRefs && !refline.OpensItem(b.Lines[0])) {
		// Prose, or a paragraph outside a reference list that cites a
		// DOI: the DOI is looked up, and nothing compared.
		return out
	}
	e := Entry{Label: "line " + strconv.Itoa(b.Line), Line: b.Line, Text: one, last: b.Line + strings.Count(text, "\n")}
	if len(ds) > 0 {
		e.setDOI(ds[0].DOI)
		e.RawDOI = ds[0].Raw
		for _, f := range ds[1:] {
			e.addBeside(f)
		}
	} else if bad := invalidLabelled(text); bad != "" {
		e.RawDOI = bad
	}
	if why == "" {
		e.fromRef(r)
	} else {
		e.Unread = why
	}
	return append(out, e)
}

// words counts the fields that are no link (a list marker among them).
func words(fields []string) int {
	n := 0
	for _, f := range fields {
		if !leadingLinkWord.MatchString(f) {
			n++
		}
	}
	return n
}

// leadingLinkWord is a field that is a DOI or URL.
var leadingLinkWord = regexp.MustCompile(`(?i)^[(<\[]?(?:https?://|doi:|www\.|10\.\d{4,9}/)`)

// yearWord is a plausible year, or "n.d.", in a reference.
var yearWord = regexp.MustCompile(`\b(?:1[89]\d\d|20\d\d)\b|\bn\.\s?d\.|(?i:\bin press\b|\bforthcoming\b)`)

// shaped reports whether a block refline does not read is a reference to
// report rather than prose: under a references heading, a list item (a
// line of a split block only when it opens one) or a paragraph of
// reference length that gives a year; anywhere, a block of reference
// length that gives a year and opens with names (see refline.NamesFirst).
func shaped(b refline.Block, inRefs, split bool) bool {
	text := b.Text()
	if inRefs {
		if refline.OpensItem(b.Lines[0]) {
			return true
		}
		if !split && len(text) <= 400 && yearWord.MatchString(text) {
			return true
		}
	}
	return len(text) <= 600 && yearWord.MatchString(text) && refline.NamesFirst(text)
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
