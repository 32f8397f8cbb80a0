package oracles

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"
	"go.yaml.in/yaml/v3"
)

// Section is one oracle's own YAML section, oracles.<name>, kept undecoded by
// package configs: only the oracle's package knows its keys, so it decodes
// the section into its own settings type (see NewPlugin).
type Section struct {
	name string
	node *yaml.Node
}

// NewSection wraps the section of the oracle called name. A nil node is an
// absent section: every key keeps its default.
func NewSection(name string, node *yaml.Node) Section {
	return Section{name: name, node: node}
}

// Key is the section's path in the configuration, "oracles.<name>".
func (s Section) Key() string { return "oracles." + s.name }

// Decode reads the section over v, a pointer to settings holding their
// defaults: keys left out keep them. It is strict: a key v does not have is
// an error naming oracles.<name>.<key> and the nearest valid key, and a
// value of the wrong type is an error naming its key and line. Every error
// is a *SettingError.
func (s Section) Decode(v any) error {
	n := s.node
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	n = resolve(n)
	if n == nil || n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return &SettingError{Section: s.Key(), Reason: fmt.Sprintf("line %d: must be a mapping of settings, got %s", n.Line, kindName(n))}
	}
	valid, err := topKeys(v)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Key(), err)
	}
	for _, kv := range pairs(n) {
		k, val := kv[0], kv[1]
		if !slices.Contains(valid, k.Value) {
			return &SettingError{Section: s.Key(), Key: k.Value, Reason: unknownKey(k.Line, k.Value, valid)}
		}
		if err := decodeStrict(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, val}}, v); err != nil {
			return &SettingError{Section: s.Key(), Key: k.Value, Reason: fmt.Sprintf("line %d: %v", val.Line, err)}
		}
	}
	return nil
}

// resolve follows an alias (`timeout: *t`) to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// pairs lists the key/value pairs of mapping n, aliases resolved, with the
// pairs of its merge keys (`<<: *defaults`) first so that its own keys win,
// as YAML specifies. A mapping merged into itself (`&a {<<: *a}`) adds
// nothing the second time.
func pairs(n *yaml.Node) [][2]*yaml.Node {
	return pairsOnce(n, map[*yaml.Node]bool{})
}

func pairsOnce(n *yaml.Node, seen map[*yaml.Node]bool) [][2]*yaml.Node {
	if seen[n] {
		return nil
	}
	seen[n] = true
	var merged, own [][2]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if k.Tag != "!!merge" {
			own = append(own, [2]*yaml.Node{k, v})
			continue
		}
		srcs := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			srcs = v.Content
		}
		for _, src := range srcs {
			if src = resolve(src); src.Kind == yaml.MappingNode {
				merged = append(merged, pairsOnce(src, seen)...)
			} else {
				own = append(own, [2]*yaml.Node{k, src}) // reported as an unknown key "<<"
			}
		}
	}
	return append(merged, own...)
}

// topKeys lists the keys settings v has: those it marshals to.
func topKeys(v any) ([]string, error) {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return nil, fmt.Errorf("settings type cannot be written as YAML: %w", err)
	}
	if n.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("settings must be a struct or a map, got %s", kindName(&n))
	}
	keys := make([]string, 0, len(n.Content)/2)
	for i := 0; i < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i].Value)
	}
	return keys, nil
}

// linePrefix is what yaml puts before each of its type errors; decodeStrict
// drops it because the line it names is in re-encoded text, not the file.
var linePrefix = regexp.MustCompile(`^line \d+: `)

// decodeStrict decodes one key of a section into v, refusing unknown keys
// in nested mappings too (yaml.Node.Decode alone would ignore them).
func decodeStrict(n *yaml.Node, v any) error {
	b, err := yaml.Marshal(n)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	err = dec.Decode(v)
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs := make([]string, len(te.Errors))
		for i, m := range te.Errors {
			msgs[i] = linePrefix.ReplaceAllString(m, "")
		}
		return errors.New(strings.Join(msgs, "; "))
	}
	return err
}

// unknownKey says a key is unknown and names the nearest valid one when it
// is close enough to be a typo, or else every valid one.
func unknownKey(line int, key string, valid []string) string {
	msg := fmt.Sprintf("line %d: unknown key", line)
	if best := Nearest(key, valid); best != "" {
		return msg + fmt.Sprintf(" (did you mean %s?)", best)
	}
	return msg + " (valid keys: " + strings.Join(valid, ", ") + ")"
}

// Nearest returns the string of valid closest to key by edit distance when
// it is close enough to be a typo (fewer edits than half key's length, plus
// two); else the one valid key sharing key's first word ("rate_limit" gives
// rate_per_second); else "".
func Nearest(key string, valid []string) string {
	best, dist := "", len(key)/2+2
	for _, v := range valid {
		if d := levenshtein.ComputeDistance(key, v); d < dist {
			best, dist = v, d
		}
	}
	if best != "" {
		return best
	}
	word, _, _ := strings.Cut(key, "_")
	for _, v := range valid {
		if w, _, _ := strings.Cut(v, "_"); w == word {
			if best != "" {
				return ""
			}
			best = v
		}
	}
	return best
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return fmt.Sprintf("the value %q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	default:
		return "a mapping"
	}
}

// SettingError is a bad value in an oracle's section. Settings types return
// one from Validate with Key alone ("base_url"); the registry fills in
// Section ("oracles.europepmc") so the message names the full path.
type SettingError struct {
	// Section is "oracles.<name>".
	Section string
	// Key is the key inside the section; empty for the section itself.
	Key string
	// Reason says what is wrong.
	Reason string
}

// Invalid returns a *SettingError for key of a section, for a settings
// type's Validate.
func Invalid(key, format string, args ...any) error {
	return &SettingError{Key: key, Reason: fmt.Sprintf(format, args...)}
}

func (e *SettingError) Error() string {
	path := e.Section
	switch {
	case path == "":
		path = e.Key
	case e.Key != "":
		path += "." + e.Key
	}
	return path + ": " + e.Reason
}

// ParseSection parses data, the YAML text of the section of the oracle
// called name (tests and programs that configure one oracle alone).
func ParseSection(name string, data []byte) (Section, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return Section{}, &SettingError{Section: "oracles." + name, Reason: err.Error()}
	}
	return NewSection(name, &n), nil
}
