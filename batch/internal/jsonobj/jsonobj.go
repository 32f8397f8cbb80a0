// Package jsonobj reads a JSON object a member at a time and an array an
// element at a time, and writes an array an element at a time, so that a
// summary or report of tens of thousands of leads is never held whole:
// encoding/json buffers the whole value it decodes or encodes, and a file's
// top-level object is all of it.
package jsonobj

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ErrStop, returned by a Members callback, ends the reading early without
// error (the members after it are not read).
var ErrStop = errors.New("jsonobj: stop")

// Members reads the JSON object that is dec's next value, calling fn with
// each member's name. fn must read the member's value from dec: Decode it,
// read it with Elements, or Skip it.
func Members(dec *json.Decoder, fn func(name string) error) error {
	if err := delim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, ok := tok.(string)
		if !ok {
			return fmt.Errorf("jsonobj: member name %v is not a string", tok)
		}
		if err := fn(name); errors.Is(err, ErrStop) {
			return nil
		} else if err != nil {
			return err
		}
	}
	return delim(dec, '}')
}

// Elements reads the JSON array that is dec's next value, calling fn for
// each element; fn must read it from dec (Decode it, or Skip it).
func Elements(dec *json.Decoder, fn func() error) error {
	if err := delim(dec, '['); err != nil {
		return err
	}
	for dec.More() {
		if err := fn(); err != nil {
			return err
		}
	}
	return delim(dec, ']')
}

// Skip reads dec's next value and drops it.
func Skip(dec *json.Decoder) error {
	var v json.RawMessage
	return dec.Decode(&v)
}

func delim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("jsonobj: want %s, found %v", want, tok)
	}
	return nil
}
