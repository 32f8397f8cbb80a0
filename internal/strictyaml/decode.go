package strictyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"

	"go.yaml.in/yaml/v3"
)

// Error is one configuration mistake: where it is and what is wrong.
type Error struct {
	// Line is the 1-based line in the file, 0 when unknown.
	Line int
	// Path is the dotted key path, e.g. "oracles.policy" or "oracles.use[1]".
	Path string
	// Msg says what is wrong, in the user's terms.
	Msg string
}

func (e *Error) Error() string {
	where := e.Path
	if where == "" {
		where = "top level"
	}
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s: %s", e.Line, where, e.Msg)
	}
	return where + ": " + e.Msg
}

// Unmarshal decodes the YAML document in data into v (a pointer to a
// struct) over the values v already holds. An empty document leaves v as it
// is.
func Unmarshal(data []byte, v any) error {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		return fmt.Errorf("not valid YAML: %w", err)
	}
	return Decode(&doc, "", v)
}

// Decode checks the node n against v's fields, then decodes n into v.
// prefix is the key path of n in the whole file ("" for the top level, or
// "oracles.europepmc" for a section decoded by its owner) so that errors
// name the full path.
func Decode(n *yaml.Node, prefix string, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("strictyaml: Decode needs a non-nil pointer, got %T", v)
	}
	if err := check(n, rv.Type().Elem(), prefix); err != nil {
		return err
	}
	if err := n.Decode(v); err != nil {
		return rewrite(err, n, prefix)
	}
	return nil
}
