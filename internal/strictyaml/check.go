package strictyaml

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agnivade/levenshtein"
	"go.yaml.in/yaml/v3"
)

var (
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	nodeType        = reflect.TypeFor[yaml.Node]()
	durationType    = reflect.TypeFor[time.Duration]()
)

// check walks n against t and returns the first mistake, as an *Error.
func check(n *yaml.Node, t reflect.Type, path string) error {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return check(n.Content[0], t, path)
	case yaml.AliasNode:
		return check(n.Alias, t, path)
	}
	if isNull(n) {
		return nil // yaml.v3 leaves the value as it was
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if selfDecoding(t) {
		return nil // its owner checks it; rewrite covers its yaml.v3 errors
	}
	switch t.Kind() {
	case reflect.Struct:
		return checkStruct(n, t, path)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return mismatch(n, path, t)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := check(n.Content[i+1], t.Elem(), join(path, n.Content[i].Value)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return mismatch(n, path, t)
		}
		for i, item := range n.Content {
			if err := check(item, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	default:
		return checkScalar(n, t, path)
	}
}

// selfDecoding reports whether values of t decode themselves, so their
// shape is not known here.
func selfDecoding(t reflect.Type) bool {
	return t == nodeType || t.Kind() == reflect.Interface ||
		t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType)
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// checkStruct checks every key of the mapping n against t's yaml fields.
func checkStruct(n *yaml.Node, t reflect.Type, path string) error {
	if n.Kind != yaml.MappingNode {
		return mismatch(n, path, t)
	}
	fields := structFields(t)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" {
			continue // merge key: yaml.v3 merges it, its keys are checked when decoded
		}
		ft, ok := fields[k.Value]
		if !ok {
			rest := inlineMap(t)
			if rest == nil {
				return &Error{Line: k.Line, Path: join(path, k.Value), Msg: unknownKey(k.Value, fields)}
			}
			// An inline map takes every other key (configs.Oracles keeps
			// each oracle's section for the oracle's own decoder).
			ft = rest
		}
		if err := check(v, ft, join(path, k.Value)); err != nil {
			return err
		}
	}
	return nil
}

// inlineMap returns the element type of t's inline map field, which yaml.v3
// fills with every key no other field takes, or nil when t has none.
func inlineMap(t reflect.Type) reflect.Type {
	for f := range t.Fields() {
		_, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if f.IsExported() && f.Type.Kind() == reflect.Map && slices.Contains(strings.Split(opts, ","), "inline") {
			return f.Type.Elem()
		}
	}
	return nil
}

// structFields maps the yaml keys of t (inline structs flattened) to their
// field types.
func structFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if slices.Contains(strings.Split(opts, ","), "inline") {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range structFields(ft) {
					out[k] = v
				}
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name) // yaml.v3's default key
		}
		out[name] = f.Type
	}
	return out
}

// unknownKey says a key is unknown and suggests the nearest valid one, or
// lists the valid keys when none is near.
func unknownKey(key string, fields map[string]reflect.Type) string {
	valid := make([]string, 0, len(fields))
	for k := range fields {
		valid = append(valid, k)
	}
	slices.Sort(valid)
	if near := Nearest(key, valid); near != "" {
		return fmt.Sprintf("unknown key %q; did you mean %q?", key, near)
	}
	return fmt.Sprintf("unknown key %q; valid keys here: %s", key, strings.Join(valid, ", "))
}

// Nearest returns the candidate closest to s by edit distance, or "" when
// none is close enough to be a likely typo (at most 2 edits, or a third of
// s's length for longer words, and fewer edits than s has letters). Ties go
// to the earlier candidate.
func Nearest(s string, candidates []string) string {
	best, bestDist := "", 0
	limit := min(max(2, len([]rune(s))/3), len([]rune(s))-1)
	for _, c := range candidates {
		d := levenshtein.ComputeDistance(strings.ToLower(s), strings.ToLower(c))
		if d <= limit && (best == "" || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// checkScalar checks that n is a single value that decodes into t.
func checkScalar(n *yaml.Node, t reflect.Type, path string) error {
	if n.Kind != yaml.ScalarNode {
		return mismatch(n, path, t)
	}
	if t == durationType {
		if n.ShortTag() == "!!str" {
			if _, err := time.ParseDuration(n.Value); err != nil {
				return mismatch(n, path, t)
			}
			return nil
		}
		if n.ShortTag() != "!!int" {
			return mismatch(n, path, t)
		}
	}
	switch t.Kind() {
	case reflect.String:
		return nil // any single value reads as text
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.ShortTag() != "!!int" {
			// yaml.v3 would silently cut 2.5 to 2.
			return mismatch(n, path, t)
		}
	}
	if err := n.Decode(reflect.New(t).Interface()); err != nil {
		return mismatch(n, path, t)
	}
	return nil
}

// mismatch names the key, the expected kind of value and what was found.
func mismatch(n *yaml.Node, path string, t reflect.Type) error {
	return &Error{Line: n.Line, Path: path, Msg: fmt.Sprintf("want %s, got %s", Expected(t), found(n))}
}

// Expected describes the values of t in a user's words.
func Expected(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == durationType {
		return "a duration such as 30s or 2m"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "a section of keys"
	default:
		return "a value"
	}
}

// found describes the YAML value n.
func found(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a section of keys"
	case yaml.SequenceNode:
		return "a list"
	default:
		v := n.Value
		if len(v) > 40 {
			v = v[:40] + "…"
		}
		return strconv.Quote(v)
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
