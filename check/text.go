package check

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// TableWidth is the width WriteText fits the table to: a terminal's
// default, and what a CI log shows without wrapping.
const TableWidth = 80

// Column caps of the table: a long DOI or path is cut so the title keeps
// at least TableWidth - (maxDOIWidth+maxVerdictWidth+maxWhereWidth+6)
// columns.
const (
	maxDOIWidth     = 34
	maxVerdictWidth = 9 // "not_found", "retracted"
	maxWhereWidth   = 22
)

// WriteText writes the report for a terminal: one line per DOI (the DOI as
// written, its verdict, where it is cited, the record's title or why there
// is none), no line wider than TableWidth, and a summary line. Titles were
// made safe for a terminal by Check.
func (r Report) WriteText(w io.Writer) error {
	type line struct{ doi, verdict, where, title string }
	lines := []line{{"DOI", "VERDICT", "WHERE", "TITLE"}}
	for _, row := range r.DOIs {
		lines = append(lines, line{row.written(), row.Verdict, row.where(), row.note()})
	}
	var doiW, verdictW, whereW int
	for i, l := range lines {
		l.doi = runewidth.Truncate(l.doi, maxDOIWidth, "…")
		l.verdict = runewidth.Truncate(l.verdict, maxVerdictWidth, "…")
		l.where = truncateLeft(l.where, maxWhereWidth)
		lines[i] = l
		doiW = max(doiW, runewidth.StringWidth(l.doi))
		verdictW = max(verdictW, runewidth.StringWidth(l.verdict))
		whereW = max(whereW, runewidth.StringWidth(l.where))
	}
	titleW := TableWidth - doiW - verdictW - whereW - 6
	for _, l := range lines {
		s := fmt.Sprintf("%s  %s  %s  %s", runewidth.FillRight(l.doi, doiW), runewidth.FillRight(l.verdict, verdictW),
			runewidth.FillRight(l.where, whereW), runewidth.Truncate(l.title, titleW, "…"))
		if _, err := fmt.Fprintln(w, strings.TrimRight(s, " ")); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d DOIs in %d file(s): %s\n", r.total(), len(r.Files), r.summaryLine())
	return err
}

// written is the DOI as the document first wrote it.
func (row Row) written() string {
	if len(row.Locations) > 0 && row.Locations[0].Raw != "" {
		return row.Locations[0].Raw
	}
	return row.DOI
}

// where is "file:line", with "(+n)" for n more citations.
func (row Row) where() string {
	if len(row.Locations) == 0 {
		return "-"
	}
	s := fmt.Sprintf("%s:%d", row.Locations[0].File, row.Locations[0].Line)
	if n := len(row.Locations); n > 1 {
		s += fmt.Sprintf(" (+%d)", n-1)
	}
	return s
}

// note is the record's title with its flags, or why there is no record.
func (row Row) note() string {
	title := row.Title
	switch {
	case row.Verdict == VerdictMismatch, row.Verdict == VerdictNoDOI:
		title = row.Error
	case title == "" && row.Error != "":
		title = row.Error
	case title == "":
		title = "-"
	}
	switch {
	case row.PublishedDOI != "":
		title = "[preprint; published as " + row.PublishedDOI + "] " + title
	case row.PublishedAs != "":
		title = "[preprint; published version: " + row.PublishedAs + "] " + title
	case row.Preprint:
		title = "[preprint] " + title
	}
	if row.RetractionNotice {
		title = "[retraction notice] " + title
	}
	return title
}

// truncateLeft keeps the end of s (a path's file name and line) within
// width columns.
func truncateLeft(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && runewidth.StringWidth(string(r))+1 > width {
		r = r[1:]
	}
	return "…" + string(r)
}

// summaryLine counts every verdict that occurred, found always first, in
// the order of allVerdicts: "3 found, 1 not_found".
func (r Report) summaryLine() string {
	parts := []string{fmt.Sprintf("%d %s", r.Summary[VerdictFound], VerdictFound)}
	for _, v := range allVerdicts()[1:] {
		if n := r.Summary[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	return strings.Join(parts, ", ")
}
