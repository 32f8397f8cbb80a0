package leads

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// LoadLeads reads many leads from a file whose extension names its format:
// .yaml/.yml (a list of mappings, or a mapping with a "leads" list), .jsonl or
// .ndjson (one JSON object a line; blank lines skipped) or .csv (a header row
// of field names, then one lead a row). Keys are contract.Lead's: id, name,
// orcid, affiliation, topic, since, until, max_sources, any_topic_word
// (true or false) and query (a raw Europe PMC query); unknown keys are
// errors.
//
// A bad row does not lose the good ones: LoadLeads returns every valid,
// normalised lead (see ValidateLead) in file order together with an
// errors.Join of one *LeadError per bad field, each naming the file, the
// row's line and the field. A file that cannot be read or parsed as a whole
// returns no leads and an error wrapping ErrInvalidLead.
//
// LoadLeads holds every lead in memory; a batch of many thousand leads
// ranges over LeadsOf instead, which yields the same leads and errors one
// row at a time.
func LoadLeads(path string) ([]contract.Lead, error) {
	var leads []contract.Lead
	var errs []error
	for l, err := range LeadsOf(path) {
		if err == nil {
			leads = append(leads, l)
			continue
		}
		if !isRowError(err) {
			return nil, err
		}
		errs = append(errs, err)
	}
	return leads, errors.Join(errs...)
}

// LeadsOf yields the leads and errors of the leads file at path, as
// ReadLeads does. The file is opened when the sequence is ranged over and
// closed when it ends or the consumer stops, so the sequence can be ranged
// over again (a validating pass, then a pass that uses the leads). A file
// that cannot be opened is the sequence's only error: it wraps
// ErrInvalidLead, is not a *LeadError and names the file.
func LeadsOf(path string) iter.Seq2[contract.Lead, error] {
	return func(yield func(contract.Lead, error) bool) {
		f, err := Open(path)
		if err != nil {
			yield(contract.Lead{}, err)
			return
		}
		defer f.Close() // read only: a close error loses nothing
		ReadLeads(path, f)(yield)
	}
}

// ErrFolder is the cause of the error of a leads file that is a folder.
var ErrFolder = errors.New("is a folder, not a leads file (want a .yaml, .jsonl or .csv file)")

// Open opens the leads file at path for reading. A file that cannot be
// opened, or a folder, is an error that names it, wraps ErrInvalidLead and
// is not a *LeadError, as the whole-file errors of ReadLeads.
func Open(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(filepath.Base(path), err)
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, fileError(filepath.Base(path), ErrFolder)
	}
	return f, nil
}

// Row is a valid lead read from a file with the line its record starts on.
type Row struct {
	Line int
	Lead contract.Lead
}

// ReadRows is ReadLeads yielding each valid lead with its line, so a
// caller that finds more wrong with a lead (an id another row took) can
// name its row too.
func ReadRows(name string, r io.Reader) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		file := filepath.Base(name)
		rows, err := leadRowsOf(name)
		if err == nil {
			err = rows(r, func(row leadRow) bool { return yieldRow(file, row, yield) })
		}
		if err != nil {
			yield(Row{}, fileError(file, err))
		}
	}
}

// ReadLeads reads leads from r in the format that name's extension says
// (see LoadLeads for the formats and keys). It yields, in file order, each
// valid lead normalised by ValidateLead with a nil error, and for a bad row
// one *LeadError per bad field naming the file (name's base), the row's line
// and the field; then it goes on with the next row.
//
// A problem with the input as a whole (an unknown extension, YAML that does
// not parse or is not a list, a bad CSV header, a read error, even after
// some rows) ends the sequence with one error that wraps ErrInvalidLead and
// the cause, names the file, and is not a *LeadError: leads yielded before
// it are good, but the rows after it were never read. A JSON Lines line or
// a CSV record over 1 MiB, or a CSV quote never closed, is a *LeadError
// naming its row, and the rows after it are read (for CSV, from the line
// after the record's first, so the rows a runaway quote swallowed count):
// memory holds at most 1 MiB of a row whatever the input.
//
// JSON Lines and CSV are streamed: memory holds one row, not the file, and a
// lead is yielded as soon as its row is read. YAML is read whole before its
// first lead (yaml.v3 decodes a document, not the items of one list), so a
// very large batch is better given as JSON Lines or CSV.
//
// r is read once: ranging over the sequence again reads on from where the
// first range stopped. No goroutine is started; a consumer may stop early.
func ReadLeads(name string, r io.Reader) iter.Seq2[contract.Lead, error] {
	return func(yield func(contract.Lead, error) bool) {
		for row, err := range ReadRows(name, r) {
			if !yield(row.Lead, err) {
				return
			}
		}
	}
}

// leadRow is one decoded record of a lead file, or why it could not be.
type leadRow struct {
	line int
	lead contract.Lead
	err  *LeadError
}

// rowReader calls yield with each record of r in order until yield returns
// false. Its error is about the input as a whole; it is nil when yield
// stopped it.
type rowReader func(r io.Reader, yield func(leadRow) bool) error

// leadRowsOf chooses the rowReader for name's extension.
func leadRowsOf(name string) (rowReader, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return yamlLeadRows, nil
	case ".jsonl", ".ndjson":
		return jsonlLeadRows, nil
	case ".csv":
		return csvLeadRows, nil
	}
	return nil, fmt.Errorf("unknown lead file format %q (want .yaml, .jsonl or .csv)", filepath.Ext(name))
}

// yieldRow validates a row and yields its lead, or each of its errors with
// the file and row set. It reports whether the consumer wants more.
func yieldRow(file string, row leadRow, yield func(Row, error) bool) bool {
	if row.err != nil {
		row.err.File, row.err.Row = file, row.line
		return yield(Row{}, row.err)
	}
	l, err := ValidateLead(row.lead)
	if err == nil {
		return yield(Row{Line: row.line, Lead: l}, nil)
	}
	for _, e := range RowErrors(err) {
		var le *LeadError
		if errors.As(e, &le) {
			le.File, le.Row = file, row.line
		}
		if !yield(Row{}, e) {
			return false
		}
	}
	return true
}

// fileError is the error of a leads file as a whole: it names the file and
// wraps ErrInvalidLead (the CLI's usage exit code) and the cause.
func fileError(file string, err error) error { return &leadsFileError{file: file, err: err} }

// leadsFileError is a type, not fmt.Errorf with two %w, so that it has no
// Unwrap() []error: RowErrors would split it as if it were a join of rows.
type leadsFileError struct {
	file string
	err  error
}

func (e *leadsFileError) Error() string {
	return fmt.Sprintf("%s: %v: %v", e.file, ErrInvalidLead, e.err)
}

func (e *leadsFileError) Unwrap() error { return e.err }

// Is makes errors.Is(err, ErrInvalidLead) hold, as for every bad lead.
func (e *leadsFileError) Is(target error) bool { return target == ErrInvalidLead }

// isRowError tells a row's *LeadError from the error of the file as a whole.
func isRowError(err error) bool {
	var le *LeadError
	return errors.As(err, &le)
}

// RowErrors lists the per-row errors of an error returned by LoadLeads (an
// errors.Join), or err alone when it is not a join.
func RowErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
