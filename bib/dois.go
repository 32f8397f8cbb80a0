package bib

import (
	"slices"
	"sort"
	"strings"

	"github.com/citeloop/citeloop/doi/extract"
)

// takeFieldDOIs gives e the DOIs its fields other than doi write, values
// in the order its file gives them (a url, an eprint, a note, a CFF
// identifier). An entry without a DOI of its own takes the first DOI one
// of them gives, or, when none gives one, the first token one labels as a
// DOI ("doi:10.1111bjhp.12807", reported invalid as written). Every other
// DOI they give, and every token extraction reports invalid there, is one
// of e's others: a row of its own, at e.
func (e *Entry) takeFieldDOIs(values ...string) {
	var firstBad string
	for _, v := range values {
		if !strings.Contains(v, "10.") {
			continue
		}
		// A field that is one link or identifier (a url, an eprint)
		// names the work itself: another DOI there must be a related
		// paper's. A DOI in prose (a note: "data at doi:…") need not be.
		link := len(strings.Fields(v)) == 1
		for _, f := range extract.Extract(v) {
			switch {
			case f.Invalid != "" || strings.TrimSpace(f.DOI) == "":
				e.addOther(f)
			case e.RawDOI == "":
				e.setDOI(f.DOI)
				e.RawDOI = f.Raw
			case link:
				e.addBeside(f)
			default:
				e.addOther(f)
			}
		}
		if firstBad == "" {
			firstBad = invalidLabelled(v)
		}
	}
	if e.RawDOI == "" && firstBad != "" {
		e.RawDOI = firstBad
	}
}

// otherDOIsIn adds the DOIs text gives to e's others, never as e's own: a
// DOI an abstract names is another paper's.
func (e *Entry) otherDOIsIn(text string) {
	if strings.Contains(text, "10.") {
		for _, f := range extract.Extract(text) {
			e.addOther(f)
		}
	}
}

// addBeside adds f to e's others as a DOI the entry claims beside its
// own (OtherDOIs): a link field's, a reference line's.
func (e *Entry) addBeside(f extract.Found) {
	e.addOther(f)
	if f.Invalid == "" && f.DOI != e.DOI && !slices.Contains(e.beside, f.DOI) {
		e.beside = append(e.beside, f.DOI)
	}
}

// addOther adds f to e's others unless e already has its DOI.
func (e *Entry) addOther(f extract.Found) {
	if f.DOI == e.DOI || slices.Contains(e.MoreDOIs, f.DOI) || slices.ContainsFunc(e.others, func(o extract.Found) bool { return o.DOI == f.DOI }) {
		return
	}
	e.others = append(e.others, extract.Found{DOI: f.DOI, Raw: f.Raw, Invalid: f.Invalid})
}

// lineIndex holds the offset where each line of a text starts.
type lineIndex struct {
	text   string
	starts []int
}

func newLineIndex(text string) lineIndex {
	starts := make([]int, 1, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{text: text, starts: starts}
}

// line is the 1-based line of offset off.
func (x lineIndex) line(off int) int { return sort.SearchInts(x.starts, off+1) }

// find is the line of the first occurrence of needle on lines first to
// last (1-based, inclusive), 0 when it is not there.
func (x lineIndex) find(needle string, first, last int) int {
	if needle == "" || first < 1 || first > len(x.starts) {
		return 0
	}
	end := len(x.text)
	if last < len(x.starts) {
		end = x.starts[last]
	}
	from := x.starts[first-1]
	if i := strings.Index(x.text[from:max(end, from)], needle); i >= 0 {
		return x.line(from + i)
	}
	return 0
}

// entryDOIs are the DOIs a bibliography cites, entry by entry, in file
// order: each entry's DOI (invalid as written when it is no DOI: never
// dropped, never shortened), the further DOIs of its doi field, and the
// DOIs its other fields give, each at the line of the entry where it is
// written. scanned are the DOIs text extraction read in the whole file:
// with outside set, those on no entry's lines are added (a CITATION.cff's
// own DOI, a DOI in a LaTeX document's prose); the others were read, field
// by field, by the entries' reader.
func entryDOIs(entries []Entry, text string, scanned []extract.Found, outside bool) []extract.Found {
	x := newLineIndex(text)
	var out []extract.Found
	at := func(e *Entry, raw string) int {
		if l := x.find(raw, e.Line, max(e.lastLine(), e.Line)); l > 0 {
			return l
		}
		return e.Line
	}
	for i := range entries {
		e := &entries[i]
		switch {
		case e.DOI != "":
			line := e.doiLine
			if line == 0 {
				line = at(e, e.RawDOI)
			}
			out = append(out, extract.Found{DOI: e.DOI, Raw: e.RawDOI, Line: line})
		case e.RawDOI != "":
			line := e.doiLine
			if line == 0 {
				line = at(e, e.RawDOI)
			}
			why := e.doiWhy
			if why == "" {
				why = invalidWhy(e.RawDOI)
			}
			out = append(out, extract.Found{DOI: e.RawDOI, Raw: e.RawDOI, Line: line, Invalid: why})
		}
		for _, d := range e.MoreDOIs {
			out = append(out, extract.Found{DOI: d, Raw: d, Line: at(e, d)})
		}
		for _, f := range e.others {
			f.Line = at(e, f.Raw)
			out = append(out, f)
		}
	}
	if !outside {
		return out
	}
	spans := make([][2]int, 0, len(entries))
	for i := range entries {
		if e := &entries[i]; e.Line > 0 {
			spans = append(spans, [2]int{e.Line, max(e.lastLine(), e.Line)})
		}
	}
	sort.Slice(spans, func(a, b int) bool { return spans[a][0] < spans[b][0] })
	for _, f := range scanned {
		k := sort.Search(len(spans), func(i int) bool { return spans[i][0] > f.Line }) - 1
		if k >= 0 && f.Line <= spans[k][1] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// lastLine is the entry's last line, 0 when its reader cannot tell.
func (e *Entry) lastLine() int { return e.last }

// OtherDOIs are the valid DOIs the entry claims beside its own: in a
// field that is one link or identifier (a second url), or anywhere in a
// reference line (an erratum's, a published version's, a link's target):
// each must name a paper related to the entry. DOIs in prose fields (a
// note, an abstract) are rows of their own, never compared with it.
func (e *Entry) OtherDOIs() []string { return e.beside }
