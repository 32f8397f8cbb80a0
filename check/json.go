package check

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// jsonWriter writes the report as one JSON object, a row at a time:
// {"files": […], "dois": [rows…], "summary": {…}, "warnings": n,
// "oracle_errors": […], "exit_code": n}. Only the rows being written are
// held, however many there are.
type jsonWriter struct {
	w        io.Writer
	bw       *bufio.Writer
	exitCode func(Report) int
	rows     int
	started  bool
}

// start writes the object's head. The files are known only at Close when
// no row came first, so they are written last; readers do not depend on
// key order.
func (j *jsonWriter) start() error {
	if j.started {
		return nil
	}
	j.started = true
	j.bw = bufio.NewWriter(j.w)
	_, err := io.WriteString(j.bw, "{\n  \"dois\": [")
	return err
}

func (j *jsonWriter) Row(r Row) error {
	if err := j.start(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r, "    ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n    "
	if j.rows == 0 {
		sep = "\n    "
	}
	j.rows++
	if _, err := io.WriteString(j.bw, sep); err != nil {
		return err
	}
	_, err = j.bw.Write(b)
	return err
}

func (j *jsonWriter) Close(rep Report) error {
	if err := j.start(); err != nil {
		return err
	}
	tail := "]"
	if j.rows > 0 {
		tail = "\n  ]"
	}
	rest := struct {
		Files    []string       `json:"files"`
		Summary  map[string]int `json:"summary"`
		Warnings int            `json:"warnings"`
		Causes   []Cause        `json:"oracle_errors"`
		ExitCode *int           `json:"exit_code,omitempty"`
	}{Files: rep.Files, Summary: rep.Summary, Warnings: rep.Warnings, Causes: rep.Causes}
	if rest.Causes == nil {
		rest.Causes = []Cause{}
	}
	if j.exitCode != nil {
		code := j.exitCode(rep)
		rest.ExitCode = &code
	}
	b, err := json.MarshalIndent(rest, "", "  ")
	if err != nil {
		return err
	}
	// b is "{\n  …\n}": its fields follow the rows in the same object.
	if _, err := fmt.Fprintf(j.bw, "%s,\n%s\n}\n", tail, b[2:len(b)-2]); err != nil {
		return err
	}
	return j.bw.Flush()
}
