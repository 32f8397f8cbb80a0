package check

import (
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// Formats are the names NewWriter knows.
var Formats = []string{"table", "json", "csv", "github", "sarif"}

// WriterOptions shape a report's output.
type WriterOptions struct {
	// Width is the terminal's width the table fits, wrapping what does not
	// fit (a DOI is never cut); 0 writes each row on one line, nothing cut
	// or wrapped, as a pipe or a file wants it.
	Width int
	// OnlyProblems leaves the rows that were found and match out; the
	// summary still counts them.
	OnlyProblems bool
	// Dir, when set, makes every path inside it relative to it, as people
	// and CI annotations name files.
	Dir string
	// Version is the tool's version, for SARIF.
	Version string
	// ExitCode, when set, gives the exit code JSON reports.
	ExitCode func(Report) int
}

// Writer writes a report row by row, as Stream settles them, then its
// summary.
type Writer interface {
	Row(Row) error
	Close(Report) error
}

// NewWriter returns the writer of a format (see Formats).
func NewWriter(format string, w io.Writer, o WriterOptions) (Writer, error) {
	var inner Writer
	switch format {
	case "table", "":
		inner = &textWriter{w: w, width: o.Width}
	case "json":
		inner = &jsonWriter{w: w, exitCode: o.ExitCode}
	case "csv":
		inner = &csvWriter{cw: csv.NewWriter(w)}
	case "github":
		inner = githubWriter{w: w}
	case "sarif":
		inner = newSARIFWriter(w, o.Version)
	default:
		return nil, fmt.Errorf("format %q: want one of %s", format, strings.Join(Formats, ", "))
	}
	return &filter{Writer: inner, o: o}, nil
}

// filter applies OnlyProblems and Dir to the rows and report a writer
// gets.
type filter struct {
	Writer
	o WriterOptions
}

func (f *filter) Row(r Row) error {
	if f.o.OnlyProblems && !r.Problem() {
		return nil
	}
	if f.o.Dir != "" {
		r = r.relativeTo(f.o.Dir)
	}
	return f.Writer.Row(r)
}

func (f *filter) Close(rep Report) error {
	if f.o.Dir != "" {
		rep = rep.RelativeTo(f.o.Dir)
	}
	return f.Writer.Close(rep)
}

// write writes every row of the report through w, then closes it.
func (r Report) write(w Writer) error {
	for _, row := range r.DOIs {
		if err := w.Row(row); err != nil {
			return err
		}
	}
	return w.Close(r)
}

// WriteCSV writes one line per place a reference is cited.
func (r Report) WriteCSV(w io.Writer) error { return r.write(&csvWriter{cw: csv.NewWriter(w)}) }

// WriteGitHub writes a GitHub Actions workflow command per problem
// citation ("::error file=refs.bib,line=12,title=...::..."), which the
// runner shows as an annotation on that line; found references write
// nothing.
func (r Report) WriteGitHub(w io.Writer) error { return r.write(githubWriter{w: w}) }

// WriteSARIF writes a SARIF 2.1.0 log with one result per problem
// citation, for code scanning.
func (r Report) WriteSARIF(w io.Writer, version string) error {
	return r.write(newSARIFWriter(w, version))
}

// WriteText writes the report as a table fitted to width columns (0: one
// line a row, nothing cut).
func (r Report) WriteText(w io.Writer, width int) error {
	return r.write(&textWriter{w: w, width: width})
}

// csvWriter writes doi, verdict, oracle, title, file, line, as_written,
// error, kind.
type csvWriter struct {
	cw     *csv.Writer
	header bool
}

func (c *csvWriter) Row(row Row) error {
	if !c.header {
		c.header = true
		if err := c.cw.Write([]string{"doi", "verdict", "oracle", "title", "file", "line", "as_written", "error", "kind"}); err != nil {
			return err
		}
	}
	for _, loc := range row.Locations {
		rec := []string{row.DOI, row.Verdict, row.Oracle, row.Title, loc.File, strconv.Itoa(loc.Line), loc.Raw, row.Error, row.Kind}
		if err := c.cw.Write(rec); err != nil {
			return err
		}
	}
	return nil
}

func (c *csvWriter) Close(Report) error {
	if !c.header {
		if err := c.cw.Write([]string{"doi", "verdict", "oracle", "title", "file", "line", "as_written", "error", "kind"}); err != nil {
			return err
		}
	}
	c.cw.Flush()
	return c.cw.Error()
}

// Problem reports whether the row needs the writer's attention: any verdict
// but found.
func (r Row) Problem() bool { return r.Verdict != VerdictFound }

// message says in one line what is wrong with a row, for annotations.
func (row Row) message() string {
	s := fmt.Sprintf("DOI %s: %s", row.DOI, row.verdictName())
	if row.DOI == "" && row.Entry != nil {
		s = fmt.Sprintf("entry %s: %s", row.Entry.Label, row.verdictName())
	}
	if row.Oracle != "" {
		s += " (" + row.Oracle + ")"
	}
	switch {
	case row.Error != "":
		s += ": " + row.Error
	case row.Title != "":
		s += ": " + row.Title
	}
	if v := row.versionNote(); v != "" {
		s += " (" + v + ")"
	}
	return s
}

// verdictName is the verdict with its kind: "mismatch (preprint_as_published)".
func (row Row) verdictName() string {
	if row.Kind != "" {
		return row.Verdict + " (" + row.Kind + ")"
	}
	return row.Verdict
}

// versionNote names the record's other version: "preprint; published as
// 10.x/y, per crossref", "published; preprint 10.x/z".
func (row Row) versionNote() string {
	by := ""
	if row.PublishedBy != "" {
		by = ", per " + row.PublishedBy
	}
	switch {
	case row.PublishedDOI != "":
		return "preprint; published as " + row.PublishedDOI + by
	case row.PublishedAs != "":
		return "preprint; published version: " + row.PublishedAs + by + ", its DOI not resolved"
	case row.PreprintDOI != "":
		return "published; preprint " + row.PreprintDOI
	case row.PreprintAs != "":
		return "published; preprint " + row.PreprintAs
	}
	return ""
}

// level is the severity of a problem row: an unknown verdict and a warned
// no_doi are warnings (nobody could tell, or the user chose so), a
// not_checked row a note, every other problem an error.
func (row Row) level() string {
	switch {
	case row.Verdict == VerdictUnknown || row.Warning:
		return "warning"
	case row.Verdict == VerdictNotChecked:
		return "note"
	}
	return "error"
}

// githubWriter writes workflow commands.
type githubWriter struct{ w io.Writer }

func (g githubWriter) Row(row Row) error {
	if !row.Problem() {
		return nil
	}
	cmd := map[string]string{"warning": "warning", "note": "notice"}[row.level()]
	if cmd == "" {
		cmd = "error"
	}
	for _, loc := range row.Locations {
		_, err := fmt.Fprintf(g.w, "::%s file=%s,line=%d,title=%s::%s\n", cmd,
			ghProperty(filepath.ToSlash(loc.File)), max(loc.Line, 1), ghProperty("citeloop: "+row.verdictName()), ghData(row.message()))
		if err != nil {
			return err
		}
	}
	return nil
}

func (githubWriter) Close(Report) error { return nil }

// ghData escapes a workflow command's message (GitHub's toolkit rules).
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
