package bib

import (
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/doi/extract"
)

// referenceLines reads the reference blocks of a Markdown or text file
// (see refline.Blocks) that cite exactly one DOI and whose title and year
// refline.Parse can place. A block citing two different DOIs, or too long
// to be one reference, is read line by line, since one-line references
// are often run together with no blank line between; a line that still
// cites two says nothing about either. Text longer than refline.MaxBlock is
// never searched for DOIs again, so a huge line costs nothing here.
func referenceLines(text string) []Entry {
	var out []Entry
	for _, b := range refline.Blocks(text) {
		if len(b.Lines) > 1 && (len(b.Text()) > refline.MaxBlock || len(validDOIs(b.Text())) > 1) {
			for i, line := range b.Lines {
				out = appendReference(out, refline.Block{Lines: []string{line}, Line: b.Line + i})
			}
			continue
		}
		out = appendReference(out, b)
	}
	return out
}

// appendReference adds b's entry when b cites one DOI and parses.
func appendReference(out []Entry, b refline.Block) []Entry {
	text := b.Text()
	if len(text) > refline.MaxBlock {
		return out
	}
	ds := validDOIs(text)
	if len(ds) != 1 {
		return out
	}
	r, ok := refline.Parse(text)
	if !ok {
		return out
	}
	e := Entry{Label: "line " + strconv.Itoa(b.Line), Title: r.Title, Year: r.Year}
	if r.Author != "" {
		e.Authors = []string{r.Author}
	}
	e.setDOI(ds[0].DOI)
	e.RawDOI = ds[0].Raw
	return append(out, e)
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
