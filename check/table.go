package check

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// Column bounds of the table on a terminal: a longer DOI or path is never
// cut, it pushes the row's other columns to the next line.
const (
	maxDOIWidth   = 40
	maxWhereWidth = 28
	// minNoteWidth is the narrowest the last column is wrapped to beside
	// the others; narrower, it goes below them, indented noteIndent.
	minNoteWidth = 24
	noteIndent   = 4
	// tableBuffer is how many rows the table reads before it fixes its
	// column widths: a bibliography's whole list, a long list's first
	// rows.
	tableBuffer = 500
)

// textWriter writes the table: one row per reference (the DOI as written,
// its verdict, where it is cited, the record's title or why there is
// none), then a summary line and a line per oracle that could not answer.
// With a width, columns fit it and the last one wraps; without, each row
// is one line, nothing cut.
type textWriter struct {
	w       io.Writer
	width   int
	pending []tableLine
	widths  [3]int
	fixed   bool
}

type tableLine struct{ doi, verdict, where, note string }

func (t *textWriter) Row(r Row) error {
	t.pending = append(t.pending, tableLine{r.written(), r.verdictName(), r.where(), r.note()})
	if len(t.pending) >= tableBuffer {
		return t.flush()
	}
	return nil
}

// flush fixes the column widths on the rows read so far, if not yet fixed,
// and writes them.
func (t *textWriter) flush() error {
	if !t.fixed {
		t.fixed = true
		head := tableLine{"DOI", "VERDICT", "WHERE", "TITLE / WHY"}
		for _, l := range append([]tableLine{head}, t.pending...) {
			t.widths[0] = max(t.widths[0], runewidth.StringWidth(l.doi))
			t.widths[1] = max(t.widths[1], runewidth.StringWidth(l.verdict))
			t.widths[2] = max(t.widths[2], runewidth.StringWidth(l.where))
		}
		if t.width > 0 {
			t.widths[0] = min(t.widths[0], maxDOIWidth)
			t.widths[2] = min(t.widths[2], maxWhereWidth)
		}
		if err := t.line(head); err != nil {
			return err
		}
	}
	for _, l := range t.pending {
		if err := t.line(l); err != nil {
			return err
		}
	}
	t.pending = t.pending[:0]
	return nil
}

// line writes one row: on one line when there is no width; otherwise the
// note wrapped to what the other columns leave, and a column wider than
// its place (a long DOI, never cut) pushing the rest to the next line.
func (t *textWriter) line(l tableLine) error {
	cols := []string{l.doi, l.verdict, l.where}
	var b strings.Builder
	at := 0
	for i, c := range cols {
		if t.width > 0 && at+runewidth.StringWidth(c) > t.offset(i)+t.widths[i] && b.Len() > 0 {
			// Too wide for its place: the next columns go on a new line.
			b.WriteString(c)
			b.WriteString("\n")
			b.WriteString(strings.Repeat(" ", t.offset(i+1)))
			at = t.offset(i + 1)
			continue
		}
		pad := max(t.offset(i+1)-at-runewidth.StringWidth(c), 2)
		b.WriteString(c)
		b.WriteString(strings.Repeat(" ", pad))
		at += runewidth.StringWidth(c) + pad
	}
	note := l.note
	if t.width > 0 {
		indent := at
		if t.width-at < minNoteWidth {
			// No room beside the other columns: the note goes below them.
			indent = noteIndent
			b.WriteString("\n" + strings.Repeat(" ", indent))
		}
		note = strings.Join(wrap(note, t.width-indent), "\n"+strings.Repeat(" ", indent))
	}
	b.WriteString(note)
	out := strings.Split(b.String(), "\n")
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	_, err := fmt.Fprintln(t.w, strings.Join(out, "\n"))
	return err
}

// offset is where column i starts.
func (t *textWriter) offset(i int) int {
	o := 0
	for k := 0; k < i && k < len(t.widths); k++ {
		o += t.widths[k] + 2
	}
	return o
}

func (t *textWriter) Close(rep Report) error {
	if err := t.flush(); err != nil {
		return err
	}
	lines := []string{fmt.Sprintf("%d references in %d file(s): %s", rep.total(), len(rep.Files), rep.summaryLine())}
	for _, c := range rep.causes() {
		lines = append(lines, c.String())
	}
	for _, l := range lines {
		if t.width > 0 {
			l = strings.Join(wrap(l, t.width), "\n    ")
		}
		if _, err := fmt.Fprintln(t.w, l); err != nil {
			return err
		}
	}
	return nil
}

// wrap breaks s at spaces into lines of at most width columns; a word
// wider than width (a DOI, a URL) stands alone on its line, whole.
func wrap(s string, width int) []string {
	var lines []string
	var cur strings.Builder
	w := 0
	for _, word := range strings.Fields(s) {
		ww := runewidth.StringWidth(word)
		if w > 0 && w+1+ww > width {
			lines = append(lines, cur.String())
			cur.Reset()
			w = 0
		}
		if w > 0 {
			cur.WriteByte(' ')
			w++
		}
		cur.WriteString(word)
		w += ww
	}
	if cur.Len() > 0 || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// written is the DOI as the document first wrote it, or an entry's label.
func (row Row) written() string {
	if len(row.Locations) > 0 && row.Locations[0].Raw != "" {
		return row.Locations[0].Raw
	}
	if row.DOI == "" {
		return "-"
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

// note is the record's title with its marks, or why there is no record.
func (row Row) note() string {
	title := row.Title
	switch {
	case row.Verdict == VerdictMismatch, row.Verdict == VerdictNoDOI, row.Verdict == VerdictNotChecked:
		title = row.Error
	case title == "" && row.Error != "":
		title = row.Error
	case title == "":
		title = "-"
	}
	if v := row.versionNote(); v != "" {
		title = "[" + v + "] " + title
	} else if row.Preprint {
		title = "[preprint] " + title
	}
	if row.Notice != "" {
		title = "[" + strings.ReplaceAll(row.Notice, "_", " ") + "] " + title
	}
	if row.Warning {
		title = "[warning] " + title
	}
	return title
}

// summaryLine counts every verdict that occurred, found always first, in
// the order of allVerdicts: "3 found, 1 not_found".
func (r Report) summaryLine() string {
	parts := []string{fmt.Sprintf("%d %s", r.Summary[VerdictFound], VerdictFound)}
	for _, v := range allVerdicts()[1:] {
		if n := r.Summary[v]; n > 0 {
			s := fmt.Sprintf("%d %s", n, v)
			if v == VerdictNoDOI && r.Warnings > 0 {
				s += fmt.Sprintf(" (%d warned)", r.Warnings)
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// TableWidth is the width the table fits when a terminal's cannot be read.
const TableWidth = 80
