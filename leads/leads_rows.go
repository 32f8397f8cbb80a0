package leads

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
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
			row.err = &LeadError{Field: k.Value, Msg: "unknown field" + suggestField(k.Value)}
			row.line = k.Line
			return row
		}
	}
	if err := item.Decode(&row.lead); err != nil {
		row.err = &LeadError{Field: "lead", Msg: err.Error()}
	}
	return row
}

// jsonlLeadRows reads r a line at a time. A line over maxJSONLLine is a
// row error naming its row, and the rows after it are read: the reader
// skips to the end of that line holding at most maxJSONLLine of it. A read
// error ends the rows with that error; a line it cut is not a row.
func jsonlLeadRows(r io.Reader, yield func(leadRow) bool) error {
	br := bufio.NewReaderSize(r, 64*1024)
	for n := 1; ; n++ {
		line, over, err := readLine(br, maxJSONLLine)
		if err != nil && err != io.EOF {
			return err // a line cut by a read error is not a row
		}
		if n == 1 {
			// A byte order mark, as some Windows editors write: CSV and
			// YAML accept one, and so does JSON Lines.
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		switch line = bytes.TrimSpace(line); {
		case over:
			if !yield(leadRow{line: n, err: &LeadError{Field: "lead", Msg: fmt.Sprintf("the line is over %d bytes; skipped (the rows after it are read)", maxJSONLLine)}}) {
				return nil
			}
		case len(line) > 0:
			if !yield(jsonlLeadRow(n, line)) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// readLine reads one line from br, without its newline, holding at most
// max bytes of it: over reports a longer line, whose rest was read and
// dropped. err is io.EOF for the last line (maybe empty) and any other read
// error as it came.
func readLine(br *bufio.Reader, max int) (line []byte, over bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !over {
			if len(line)+len(chunk) > max+1 { // +1: the newline
				over, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			return line, over, err
		}
		return bytes.TrimSuffix(line, []byte("\n")), over, nil
	}
}

// jsonlLeadRow decodes one line, strictly: unknown keys and anything after
// the object are errors.
func jsonlLeadRow(n int, line []byte) leadRow {
	row := leadRow{line: n}
	if k := repeatedKey(line); k != "" {
		// encoding/json keeps the last of two values: the lead would be
		// another than the row reads.
		row.err = &LeadError{Field: k, Msg: "given twice in the row (keys are matched without case)"}
		return row
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&row.lead); err != nil {
		field := jsonErrField(err)
		msg := err.Error()
		if strings.HasPrefix(msg, "json: unknown field ") {
			msg += suggestField(field)
		}
		row.err = &LeadError{Field: field, Msg: msg}
	} else if _, err := dec.Token(); err != io.EOF {
		row.err = &LeadError{Field: "lead", Msg: "trailing data after the JSON object"}
	}
	return row
}

// repeatedKey is a key the JSON object line gives twice, compared without
// case as encoding/json matches keys, or "" (none, or not an object: the
// decoder says what is wrong then).
func repeatedKey(line []byte) string {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		k, _ := t.(string)
		if seen[strings.ToLower(k)] {
			return k
		}
		seen[strings.ToLower(k)] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return ""
		}
	}
	return ""
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
// reading goes on; so is a record over maxCSVRecord (a quote left open
// would make the rest of the file one record), after which reading goes on
// at the line after its first: the rows a runaway quote swallowed are read.
// A bad header or a read error ends the rows with an error.
func csvLeadRows(r io.Reader, yield func(leadRow) bool) error {
	sp := &csvSplitter{r: bufio.NewReaderSize(r, 64*1024), line: 1}
	fields := &csvFields{}
	var header []string
	for {
		rec, line, err := sp.next()
		if rec == nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if header == nil {
			var broken *csvBroken
			if errors.As(err, &broken) && broken.tooLong {
				return fmt.Errorf("header: over %d bytes: %w", maxCSVRecord, errRecordTooLong)
			}
			if header, err = csvHeader(fields, rec); err != nil {
				return err
			}
			continue
		}
		var broken *csvBroken
		switch {
		case errors.As(err, &broken):
			if !yield(leadRow{line: line, err: &LeadError{Field: "lead", Msg: err.Error()}}) || err != error(broken) {
				return nil // the consumer stopped, or too much was read again
			}
		case err != nil:
			return err
		default:
			if !yield(csvRecordRow(fields, line, header, rec)) {
				return nil
			}
		}
	}
}

// csvHeader parses the header record: field names, case and spaces folded.
func csvHeader(p *csvFields, rec []byte) ([]string, error) {
	fields, err := p.parse(rec)
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return nil, pe
	}
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	fields = slices.Clone(fields)
	for i, h := range fields {
		fields[i] = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !isLeadField(fields[i]) {
			return nil, fmt.Errorf("header: unknown column %q%s (want %s)", h, suggestField(fields[i]), strings.Join(leadFields, ", "))
		}
		if slices.Contains(fields[:i], fields[i]) {
			return nil, fmt.Errorf("header: column %q twice: each row would read one of them", h)
		}
	}
	return fields, nil
}

// csvRecordRow parses one record that starts on line into a row.
func csvRecordRow(p *csvFields, line int, header []string, rec []byte) leadRow {
	fields, err := p.parse(rec)
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return leadRow{line: line + pe.StartLine - 1, err: &LeadError{Field: "lead", Msg: pe.Err.Error()}}
	}
	if err != nil {
		return leadRow{line: line, err: &LeadError{Field: "lead", Msg: err.Error()}}
	}
	return csvLeadRow(line, header, fields)
}

// csvFields parses records one at a time as the csv package reads them:
// each record is fed to a csv.Reader of its own, so its parse errors' lines
// count from the record, over one bufio.Reader reset for each (csv's
// NewReader takes it as it is instead of allocating a buffer a record).
type csvFields struct {
	feed bytes.Reader
	br   *bufio.Reader
}

func (p *csvFields) parse(rec []byte) ([]string, error) {
	p.feed.Reset(rec)
	if p.br == nil {
		p.br = bufio.NewReader(&p.feed)
	} else {
		p.br.Reset(&p.feed)
	}
	cr := csv.NewReader(p.br)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	return cr.Read()
}

// maxCSVRecord bounds a CSV record as maxJSONLLine bounds a JSON Lines row:
// a quote left open would otherwise make the rest of the file one record,
// held in memory whole.
const maxCSVRecord = maxJSONLLine

// errRecordTooLong is the cause of a header over maxCSVRecord.
var errRecordTooLong = errors.New("record too long")

// csvBroken is a record whose quote is never closed (it runs to the end of
// the input) or that is over maxCSVRecord: it is skipped and reading goes
// on at the line after its first, so the rows a runaway quote swallowed are
// read.
type csvBroken struct {
	tooLong bool
	next    int
}

func (e *csvBroken) Error() string {
	if e.tooLong {
		return fmt.Sprintf("the record is over %d bytes (a quote not closed?); skipped, reading goes on at line %d", maxCSVRecord, e.next)
	}
	return fmt.Sprintf("a quote opened in this row is never closed; skipped, reading goes on at line %d", e.next)
}

// maxCSVReread bounds the bytes read again after broken records: a file
// of many broken quotes is read in time linear in its size, and past this
// a broken record ends the rows (the error says so).
const maxCSVReread = 8 * maxCSVRecord

// csvSplitter cuts a CSV input into records as the csv package reads them
// (a newline inside a quoted field does not end a record; blank lines are
// skipped) without parsing them, holding at most maxCSVRecord of one, so
// that a broken record can be skipped and reading go on.
type csvSplitter struct {
	r *bufio.Reader
	// line is the line the next byte read is on.
	line int
	// back holds bytes to read again before r (from back[at]): the lines
	// after the first of a broken record. fromBack says where the last
	// byte read came from, for unreadByte.
	back     []byte
	at       int
	fromBack bool
	// reread counts the bytes given back so far.
	reread int
}

func (s *csvSplitter) readByte() (byte, error) {
	if s.at < len(s.back) {
		c := s.back[s.at]
		s.at++
		s.fromBack = true
		return c, nil
	}
	s.fromBack = false
	return s.r.ReadByte()
}

func (s *csvSplitter) unreadByte() {
	if s.fromBack {
		s.at--
		return
	}
	_ = s.r.UnreadByte() // right after a ReadByte: cannot fail
}

// next returns the next record's bytes (its newline included) and the line
// it starts on. A broken record comes with a *csvBroken error and its
// bytes; the splitter then goes on at the line after its first. At the end
// of the input, rec is nil and err io.EOF; a read error is returned as it
// came, the record it cut dropped.
func (s *csvSplitter) next() (rec []byte, line int, err error) {
	var (
		inQuotes   bool
		fieldStart = true
	)
	line = s.line
	for {
		c, err := s.readByte()
		if err != nil {
			switch {
			case err != io.EOF || len(bytes.TrimSpace(rec)) == 0:
				return nil, line, err
			case inQuotes && spansLines(rec):
				return rec, line, s.skip(rec, line, false)
			}
			return rec, line, nil // the last record, without a newline
		}
		rec = append(rec, c)
		if c == '\n' {
			s.line++
		}
		switch {
		case inQuotes && c == '"':
			d, err := s.readByte()
			if err == nil && d == '"' {
				rec = append(rec, d) // an escaped quote
				continue
			}
			if err == nil {
				s.unreadByte()
			}
			inQuotes = false
		case inQuotes:
		case c == '\n':
			if len(rec) == 1 || len(rec) == 2 && rec[0] == '\r' { // an empty line
				rec, line = rec[:0], s.line
				continue
			}
			return rec, line, nil
		case c == '"' && fieldStart:
			inQuotes, fieldStart = true, false
		case c == ',':
			fieldStart = true
		case c != ' ' && c != '\t' && c != '\r':
			fieldStart = false
		}
		if len(rec) > maxCSVRecord {
			return rec, line, s.skip(rec, line, true)
		}
	}
}

// spansLines reports whether rec has more than its first line.
func spansLines(rec []byte) bool {
	i := bytes.IndexByte(rec, '\n')
	return i >= 0 && len(bytes.TrimSpace(rec[i+1:])) > 0
}

// skip goes on after the first line of rec, a broken record that starts
// on line: the rest of rec is read again or, when its first line is longer
// than rec, the input up to that line's end is dropped. Past maxCSVReread
// bytes read again, it ends the input instead.
func (s *csvSplitter) skip(rec []byte, line int, tooLong bool) error {
	broken := &csvBroken{tooLong: tooLong, next: line + 1}
	i := bytes.IndexByte(rec, '\n')
	if i >= 0 && s.reread+len(rec)-i-1 > maxCSVReread {
		return fmt.Errorf("%w: after %d bytes read again past broken records, the rows after line %d are not read", broken, maxCSVReread, line)
	}
	if i >= 0 {
		rest := rec[i+1:]
		s.reread += len(rest)
		s.back = append(bytes.Clone(rest), s.back[s.at:]...)
		s.at = 0
	} else {
		for {
			c, err := s.readByte()
			if err != nil || c == '\n' {
				break
			}
		}
	}
	s.line = line + 1
	return broken
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
