package jsonobj

import (
	"encoding/json"
	"io"
)

// Array writes a JSON array an element at a time, indented as
// json.MarshalIndent(v, "", "  ") indents an array at indent: its "[" is
// already written, End writes its "]". A summary or report of any length is
// written without holding it.
type Array struct {
	w      io.Writer
	indent string
	n      int
}

// NewArray returns an Array writing to w, whose "[" w has just received,
// at indent.
func NewArray(w io.Writer, indent string) *Array {
	return &Array{w: w, indent: indent}
}

// Add writes v as the array's next element.
func (a *Array) Add(v any) error {
	inner := a.indent + "  "
	data, err := json.MarshalIndent(v, inner, "  ")
	if err != nil {
		return err
	}
	sep := ",\n" + inner
	if a.n == 0 {
		sep = "\n" + inner
	}
	a.n++
	_, err = a.w.Write(append([]byte(sep), data...))
	return err
}

// End writes the array's "]": on a line of its own after elements, right
// after "[" when there are none (as MarshalIndent writes []).
func (a *Array) End() error {
	end := "]"
	if a.n > 0 {
		end = "\n" + a.indent + "]"
	}
	_, err := io.WriteString(a.w, end)
	return err
}
