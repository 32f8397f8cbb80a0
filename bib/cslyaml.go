package bib

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"go.yaml.in/yaml/v3"
)

// parseCSLYAML reads CSL YAML, as pandoc and Better BibTeX write it: a
// list of CSL items, a mapping whose "references" are the list (a pandoc
// metadata file), or one item on its own. Each item is read as the same
// CSL item in JSON would be (jsonSource), on the lines it spans. A mapping
// that is none of these gives no entries: it is no CSL.
func parseCSLYAML(data []byte) ([]Entry, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, fmt.Errorf("CSL YAML: %w", err)
	}
	items := cslYAMLItems(&doc)
	if items == nil {
		return nil, nil
	}
	recs := make([]jsonSource, 0, len(items))
	for i, it := range items {
		budget := maxYAMLNodes
		raw, err := json.Marshal(yamlValue(it, &budget))
		if err != nil {
			return nil, fmt.Errorf("CSL YAML: item %d: %w", i+1, err)
		}
		var r jsonSource
		if it.Kind == yaml.MappingNode {
			if err := json.Unmarshal(raw, &r); err != nil {
				return nil, fmt.Errorf("CSL YAML: item %d (line %d): %w", i+1, it.Line, err)
			}
		}
		r.line, r.last = it.Line, max(lastYAMLLine(it, maxYAMLNodes), it.Line)
		recs = append(recs, r)
	}
	return jsonEntries(recs), nil
}

// cslYAMLItems are the CSL items of a YAML document: its list, its
// "references" list, or the document itself when it is one item; nil when
// it holds none.
func cslYAMLItems(doc *yaml.Node) []*yaml.Node {
	n := doc
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return n.Content
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "references" && n.Content[i+1].Kind == yaml.SequenceNode {
				if len(n.Content[i+1].Content) == 0 {
					return []*yaml.Node{}
				}
				return n.Content[i+1].Content
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			switch n.Content[i].Value {
			case "type", "title", "DOI", "author", "issued", "container-title":
				return []*yaml.Node{n}
			}
		}
	}
	return nil
}

// maxYAMLNodes bounds the nodes one item is read through, aliases
// followed: an alias bomb reads as a truncated item, not forever.
const maxYAMLNodes = 1 << 16

// yamlValue is n as JSON would hold it: a mapping an object, a sequence an
// array, a scalar its text as written (CSL JSON's readers take a number
// written as a string), null nil. budget counts down the nodes read.
func yamlValue(n *yaml.Node, budget *int) any {
	if n == nil || *budget <= 0 {
		return nil
	}
	*budget--
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) > 0 {
			return yamlValue(n.Content[0], budget)
		}
	case yaml.AliasNode:
		return yamlValue(n.Alias, budget)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = yamlValue(n.Content[i+1], budget)
		}
		return m
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			s = append(s, yamlValue(c, budget))
		}
		return s
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil
		}
		return n.Value
	}
	return nil
}

// lastYAMLLine is the last line a node of n starts on, aliases not
// followed, at most budget nodes looked at.
func lastYAMLLine(n *yaml.Node, budget int) int {
	last := n.Line
	stack := []*yaml.Node{n}
	for len(stack) > 0 && budget > 0 {
		budget--
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		last = max(last, top.Line)
		if top.Kind == yaml.ScalarNode && (top.Style == yaml.LiteralStyle || top.Style == yaml.FoldedStyle) {
			last = max(last, top.Line+bytes.Count([]byte(top.Value), []byte("\n")))
		}
		if top.Kind != yaml.AliasNode {
			stack = append(stack, top.Content...)
		}
	}
	return last
}

// isCSLYAML reports whether t, a document named without an extension, is
// CSL YAML: one YAML document (not a Markdown file's front matter) that
// holds CSL items.
func isCSLYAML(t []byte) bool {
	for i, l := range bytes.Split(t, []byte("\n")) {
		if l = bytes.TrimRight(l, " \t\r"); i > 0 && (string(l) == "---" || string(l) == "...") {
			return false
		}
	}
	var doc yaml.Node
	if yaml.Unmarshal(t, &doc) != nil {
		return false
	}
	return len(cslYAMLItems(&doc)) > 0
}
