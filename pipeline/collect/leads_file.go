package collect

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/contract"
)

// leadFields are the keys a lead file may use, as in contract.Lead's tags.
var leadFields = []string{"id", "name", "orcid", "affiliation", "topic", "since", "until", "max_sources", "any_topic_word", "query"}

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
func LoadLeads(path string) ([]contract.Lead, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidLead, err)
	}
	name := filepath.Base(path)
	var rows []leadRow
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml":
		rows, err = yamlLeadRows(data)
	case ".jsonl", ".ndjson":
		rows = jsonlLeadRows(data)
	case ".csv":
		rows, err = csvLeadRows(data)
	default:
		err = fmt.Errorf("unknown lead file format %q (want .yaml, .jsonl or .csv)", filepath.Ext(path))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", name, ErrInvalidLead, err)
	}
	var leads []contract.Lead
	var errs []error
	for _, r := range rows {
		if r.err != nil {
			r.err.File, r.err.Row = name, r.line
			errs = append(errs, r.err)
			continue
		}
		l, err := ValidateLead(r.lead)
		if err != nil {
			for _, e := range RowErrors(err) {
				var le *LeadError
				if errors.As(e, &le) {
					le.File, le.Row = name, r.line
				}
				errs = append(errs, e)
			}
			continue
		}
		leads = append(leads, l)
	}
	return leads, errors.Join(errs...)
}

// leadRow is one decoded record of a lead file, or why it could not be.
type leadRow struct {
	line int
	lead contract.Lead
	err  *LeadError
}

// RowErrors lists the per-row errors of an error returned by LoadLeads (an
// errors.Join), or err alone when it is not a join.
func RowErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func yamlLeadRows(data []byte) ([]leadRow, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, nil
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
		return nil, fmt.Errorf("line %d: want a list of leads", list.Line)
	}
	rows := make([]leadRow, 0, len(list.Content))
	for _, item := range list.Content {
		row := leadRow{line: item.Line}
		if item.Kind != yaml.MappingNode {
			row.err = &LeadError{Field: "lead", Msg: "is not a mapping"}
			rows = append(rows, row)
			continue
		}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k := item.Content[i]
			if !isLeadField(k.Value) {
				row.err = &LeadError{Field: k.Value, Msg: "unknown field"}
				row.line = k.Line
				break
			}
		}
		if row.err == nil {
			if err := item.Decode(&row.lead); err != nil {
				row.err = &LeadError{Field: "lead", Msg: err.Error()}
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

func jsonlLeadRows(data []byte) []leadRow {
	var rows []leadRow
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		row := leadRow{line: n}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&row.lead); err != nil {
			row.err = &LeadError{Field: jsonErrField(err), Msg: err.Error()}
		} else if _, err := dec.Token(); err != io.EOF {
			row.err = &LeadError{Field: "lead", Msg: "trailing data after the JSON object"}
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		rows = append(rows, leadRow{err: &LeadError{Field: "lead", Msg: err.Error()}})
	}
	return rows
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

func csvLeadRows(data []byte) ([]leadRow, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err == io.EOF {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	for i, h := range header {
		header[i] = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !isLeadField(header[i]) {
			return nil, fmt.Errorf("header: unknown column %q (want %s)", h, strings.Join(leadFields, ", "))
		}
	}
	var rows []leadRow
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		var pe *csv.ParseError
		switch {
		case errors.As(err, &pe):
			rows = append(rows, leadRow{line: pe.StartLine, err: &LeadError{Field: "lead", Msg: pe.Err.Error()}})
			continue
		case err != nil:
			return rows, err
		}
		// FieldPos only after a record was read whole: a bad quote in the
		// first field leaves no field position, and FieldPos would panic.
		line, _ := r.FieldPos(0)
		row := leadRow{line: line}
		if len(rec) != len(header) {
			row.err = &LeadError{Field: "lead", Msg: fmt.Sprintf("has %d columns, header has %d", len(rec), len(header))}
			rows = append(rows, row)
			continue
		}
		for i, v := range rec {
			if err := setLeadField(&row.lead, header[i], v); err != nil {
				row.err = &LeadError{Field: header[i], Msg: err.Error()}
				break
			}
		}
		rows = append(rows, row)
	}
}

func isLeadField(s string) bool {
	for _, f := range leadFields {
		if f == s {
			return true
		}
	}
	return false
}

func setLeadField(l *contract.Lead, field, v string) error {
	switch field {
	case "id":
		l.ID = v
	case "name":
		l.Name = v
	case "orcid":
		l.ORCID = v
	case "affiliation":
		l.Affiliation = v
	case "topic":
		l.Topic = v
	case "since":
		l.Since = v
	case "until":
		l.Until = v
	case "query":
		l.Query = v
	case "any_topic_word":
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "", "false", "no", "0":
			l.AnyTopicWord = false
		case "true", "yes", "1":
			l.AnyTopicWord = true
		default:
			return fmt.Errorf("%q is not true or false", v)
		}
	case "max_sources":
		if strings.TrimSpace(v) == "" {
			return nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%q is not a whole number", v)
		}
		l.MaxSources = n
	}
	return nil
}
