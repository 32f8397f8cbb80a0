package leads

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxJSONLLine is the longest JSON Lines row read: a lead is a few hundred
// bytes, and a longer line is more likely a file that is not JSON Lines.
const maxJSONLLine = 1024 * 1024

// yamlLeadRows reads the whole input (yaml.v3 decodes a document, not the
// items of a list one by one), then yields the list's items one by one.
func yamlLeadRows(r io.Reader, yield func(leadRow) bool) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return err
	}
	// A second document ("---") would be dropped without a word: the
	// leads in it would never run. Say so instead; an empty one (a
	// trailing "---", or only comments after it) loses nothing.
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !emptyDocument(&next) {
			return fmt.Errorf("line %d: a second YAML document (after ---): put every lead in one list", next.Line)
		}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	list := doc.Content[0]
	if list.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(list.Content); i += 2 {
			if list.Content[i].Value == "leads" {
				list = list.Content[i+1]
				break
			}
		}
	}
	if list.Kind != yaml.SequenceNode {
		return fmt.Errorf("line %d: want a list of leads", list.Line)
	}
	for _, item := range list.Content {
		if !yield(yamlLeadRow(item)) {
			return nil
		}
	}
	return nil
}

// emptyDocument reports whether a YAML document holds nothing: no node, or
// a null.
func emptyDocument(doc *yaml.Node) bool {
	if len(doc.Content) == 0 {
		return true
	}
	n := doc.Content[0]
	return len(doc.Content) == 1 && n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// yamlLeadRow decodes one item of the list, refusing keys that are not
// lead fields (yaml.v3's Decode has no strict mode on a node).
func yamlLeadRow(item *yaml.Node) leadRow {
	row := leadRow{line: item.Line}
	if item.Kind != yaml.MappingNode {
		row.err = &LeadError{Field: "lead", Msg: "is not a mapping"}
		return row
	}
	for i := 0; i+1 < len(item.Content); i += 2 {
		if k := item.Content[i]; !isLeadField(k.Value) {
			row.err = &LeadError{Field: k.Value, Msg: "unknown field"}
			row.line = k.Line
			return row
		}
	}
	if err := item.Decode(&row.lead); err != nil {
		row.err = &LeadError{Field: "lead", Msg: err.Error()}
	}
	return row
}

// jsonlLeadRows scans r a line at a time. A line over maxJSONLLine is a row
// error without a row, as it always was, and ends the rows: the scanner
// cannot go past it. Any other scanner error is a read error of the input.
func jsonlLeadRows(r io.Reader, yield func(leadRow) bool) error {
	src := &errMemoReader{r: r}
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 64*1024), maxJSONLLine)
	sc.Split(src.scanWholeLines)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if n == 1 {
			// A byte order mark, as some Windows editors write: CSV and
			// YAML accept one, and so does JSON Lines.
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if !yield(jsonlLeadRow(n, line)) {
			return nil
		}
	}
	err := sc.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		yield(leadRow{err: &LeadError{Field: "lead", Msg: err.Error()}})
		return nil
	}
	return err
}

// errMemoReader remembers the read error of r other than io.EOF.
type errMemoReader struct {
	r   io.Reader
	err error
}

func (m *errMemoReader) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	if err != nil && err != io.EOF {
		m.err = err
	}
	return n, err
}

// scanWholeLines is bufio.ScanLines, except that the unterminated last line
// is a row only at the real end of the input: a Scanner also flushes it
// after a read error, and a line cut by one is half a row (a spurious row
// error, or a lead missing what came after the cut).
func (m *errMemoReader) scanWholeLines(data []byte, atEOF bool) (int, []byte, error) {
	if atEOF && m.err != nil {
		return bufio.ScanLines(data, false)
	}
	return bufio.ScanLines(data, atEOF)
}

// jsonlLeadRow decodes one line, strictly: unknown keys and anything after
// the object are errors.
func jsonlLeadRow(n int, line []byte) leadRow {
	row := leadRow{line: n}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&row.lead); err != nil {
		row.err = &LeadError{Field: jsonErrField(err), Msg: err.Error()}
	} else if _, err := dec.Token(); err != io.EOF {
		row.err = &LeadError{Field: "lead", Msg: "trailing data after the JSON object"}
	}
	return row
}

// jsonErrField names the field a JSON decoding error is about, if it can.
func jsonErrField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return te.Field
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		return strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`)
	}
	return "lead"
}

// csvLeadRows reads a header of field names, then a record at a time. A
// record the csv package cannot parse (a bad quote) is a row error and
// reading goes on; a record over maxCSVRecord is a row error that ends the
// rows; a bad header or a read error ends them with an error.
func csvLeadRows(r io.Reader, yield func(leadRow) bool) error {
	lim := &recordLimit{r: r}
	cr := csv.NewReader(lim)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	lim.max = maxCSVRecord
	header, err := cr.Read()
	if err == io.EOF {
		return nil
	}
	if errors.Is(err, errRecordTooLong) {
		return fmt.Errorf("header: over %d bytes: %w", maxCSVRecord, err)
	}
	if err != nil {
		return err
	}
	header = append([]string(nil), header...) // ReuseRecord: the next Read overwrites it
	for i, h := range header {
		header[i] = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !isLeadField(header[i]) {
			return fmt.Errorf("header: unknown column %q (want %s)", h, strings.Join(leadFields, ", "))
		}
	}
	last := 1 // the line of the last record read, to place one too long
	for {
		lim.max = cr.InputOffset() + maxCSVRecord
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		var pe *csv.ParseError
		switch {
		case errors.Is(err, errRecordTooLong):
			yield(leadRow{err: &LeadError{Field: "lead", Msg: fmt.Sprintf("the record after row %d is over %d bytes (a quote not closed?); the rows after it are not read", last, maxCSVRecord)}})
			return nil
		case errors.As(err, &pe):
			last = pe.StartLine
			if !yield(leadRow{line: pe.StartLine, err: &LeadError{Field: "lead", Msg: pe.Err.Error()}}) {
				return nil
			}
			continue
		case err != nil:
			return err
		}
		// FieldPos only after a record was read whole: a bad quote in the
		// first field leaves no field position, and FieldPos would panic.
		line, _ := cr.FieldPos(0)
		last = line
		if !yield(csvLeadRow(line, header, rec)) {
			return nil
		}
	}
}

// maxCSVRecord bounds a CSV record as maxJSONLLine bounds a JSON Lines row:
// a quote left open would otherwise make the rest of the file one record,
// held in memory whole.
const maxCSVRecord = maxJSONLLine

// errRecordTooLong is recordLimit's read error past its bound.
var errRecordTooLong = errors.New("record too long")

// recordLimit fails a read past the offset max: the csv package buffers a
// record however long it is, so the bound is put on its input.
type recordLimit struct {
	r    io.Reader
	read int64
	max  int64
}

func (l *recordLimit) Read(p []byte) (int, error) {
	if l.read >= l.max {
		return 0, errRecordTooLong
	}
	if rem := l.max - l.read; int64(len(p)) > rem {
		p = p[:rem]
	}
	n, err := l.r.Read(p)
	l.read += int64(n)
	return n, err
}

// csvLeadRow sets a lead's fields from one record under header.
func csvLeadRow(line int, header, rec []string) leadRow {
	row := leadRow{line: line}
	if len(rec) != len(header) {
		row.err = &LeadError{Field: "lead", Msg: fmt.Sprintf("has %d columns, header has %d", len(rec), len(header))}
		return row
	}
	for i, v := range rec {
		if err := setLeadField(&row.lead, header[i], v); err != nil {
			row.err = &LeadError{Field: header[i], Msg: err.Error()}
			return row
		}
	}
	return row
}
