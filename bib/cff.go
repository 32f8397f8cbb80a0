package bib

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// cffFile is the part of a CITATION.cff (Citation File Format 1.2) that
// names the papers it cites: the preferred citation and the references.
// The file's own top-level title and DOI describe the software, often by a
// concept DOI whose record names a different version, so they are not
// compared.
type cffFile struct {
	PreferredCitation *cffReference  `yaml:"preferred-citation"`
	References        []cffReference `yaml:"references"`
}

// cffReference is one CFF reference. Year and dates are read as strings:
// files write year: 2021 and year: '2021' alike.
type cffReference struct {
	Type          string      `yaml:"type"`
	Title         string      `yaml:"title"`
	Year          string      `yaml:"year"`
	DatePublished string      `yaml:"date-published"`
	DOI           string      `yaml:"doi"`
	Authors       []cffPerson `yaml:"authors"`
	Journal       string      `yaml:"journal"`
	Conference    struct {
		Name string `yaml:"name"`
	} `yaml:"conference"`
	Publisher struct {
		Name string `yaml:"name"`
	} `yaml:"publisher"`
	Volume      string `yaml:"volume"`
	Issue       string `yaml:"issue"`
	Start       string `yaml:"start"`
	End         string `yaml:"end"`
	ISSN        string `yaml:"issn"`
	Abstract    string `yaml:"abstract"`
	Identifiers []struct {
		Type  string `yaml:"type"`
		Value string `yaml:"value"`
	} `yaml:"identifiers"`
}

// cffPerson is a CFF person (family-names, given-names) or entity (name).
type cffPerson struct {
	Family string `yaml:"family-names"`
	Given  string `yaml:"given-names"`
	Name   string `yaml:"name"`
}

// parseCFF returns the preferred citation and the references of a CFF
// file, each with the first DOI it gives (doi, else an identifier of type
// doi), with a DOI or without. A file that is not valid YAML is an error
// naming what is wrong.
func parseCFF(data []byte) ([]Entry, error) {
	// One parse: the node tree gives each reference its line, and decodes
	// into the references.
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("CITATION.cff: %w", err)
	}
	// A CITATION.cff is one YAML document: the references of a second
	// would be dropped without a word, so it is an error.
	var more yaml.Node
	if err := dec.Decode(&more); err == nil {
		return nil, fmt.Errorf("CITATION.cff: a second YAML document starts at line %d; a CITATION.cff is one document", more.Line)
	} else if !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("CITATION.cff: %w", err)
	}
	var f cffFile
	if len(doc.Content) > 0 {
		if err := doc.Content[0].Decode(&f); err != nil {
			return nil, fmt.Errorf("CITATION.cff: %w", err)
		}
	}
	nodes := cffNodes(&doc, bytes.Count(data, []byte("\n"))+1)
	var out []Entry
	if f.PreferredCitation != nil {
		out = append(out, f.PreferredCitation.entry("preferred-citation", nodes["preferred-citation"]))
	}
	for i, r := range f.References {
		out = append(out, r.entry(fmt.Sprintf("references[%d]", i), nodes[fmt.Sprintf("references[%d]", i)]))
	}
	return out, nil
}

// cffNode is where a reference is in its file: its node, and the line
// before the next reference or key starts.
type cffNode struct {
	node       *yaml.Node
	line, last int
}

// cffNodes finds the preferred citation's and each reference's node by
// label, from the file's document node; lines is the file's line count.
func cffNodes(doc *yaml.Node, lines int) map[string]cffNode {
	out := map[string]cffNode{}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return out
	}
	m := doc.Content[0].Content
	for i := 0; i+1 < len(m); i += 2 {
		end := lines
		if i+2 < len(m) {
			end = max(m[i+2].Line-1, m[i+1].Line)
		}
		switch m[i].Value {
		case "preferred-citation":
			out["preferred-citation"] = cffNode{m[i+1], m[i].Line, end}
		case "references":
			items := m[i+1].Content
			for j, item := range items {
				last := end
				if j+1 < len(items) {
					last = max(items[j+1].Line-1, item.Line)
				}
				out[fmt.Sprintf("references[%d]", j)] = cffNode{item, item.Line, last}
			}
		}
	}
	return out
}

// cffType is what a CFF reference type says the entry cites.
func cffType(t string) Type {
	switch strings.ToLower(t) {
	case "article", "magazine-article", "newspaper-article":
		return TypeArticle
	case "", "unpublished", "report":
		return ""
	}
	return TypeOther
}

// entry is the reference as an Entry: its first DOI (doi, else an
// identifier of type doi), its year unless it is software, its people.
func (r cffReference) entry(label string, at cffNode) Entry {
	e := Entry{Label: label, last: at.last, Title: strings.Join(strings.Fields(r.Title), " "), Software: isSoftware(r.Type),
		Journal: strings.TrimSpace(r.Journal), Volume: strings.TrimSpace(r.Volume), Issue: strings.TrimSpace(r.Issue),
		ISSN: splitList(r.ISSN), Type: cffType(r.Type), Publisher: strings.TrimSpace(r.Publisher.Name)}
	if e.Journal == "" {
		e.Journal = strings.TrimSpace(r.Conference.Name)
	}
	e.Pages = strings.TrimSpace(r.Start)
	if end := strings.TrimSpace(r.End); end != "" && end != e.Pages {
		e.Pages += "-" + end
	}
	raw := r.DOI
	for _, id := range r.Identifiers {
		if raw == "" && strings.EqualFold(id.Type, "doi") {
			raw = id.Value
		}
	}
	if d := doiFromURL(raw); d != "" {
		raw = d
	}
	e.setDOI(raw)
	if at.node != nil {
		e.Line = at.line
		e.doiLine = cffDOILine(at.node)
		e.takeFieldDOIs(cffValues(at.node, "doi", "abstract")...)
		e.otherDOIsIn(r.Abstract)
	}
	// A software reference's year is the year of the version used, while
	// its DOI (a CRAN or Zenodo concept DOI) is often years older: the year
	// says nothing about whether the DOI is the right one.
	if !e.Software {
		e.Year = leadingYear(r.Year)
		if e.Year == 0 {
			e.Year = leadingYear(r.DatePublished)
		}
	}
	for _, p := range r.Authors {
		switch {
		case p.Family != "" && p.Given != "":
			e.Authors = append(e.Authors, p.Family+", "+p.Given)
		case p.Family != "":
			e.Authors = append(e.Authors, p.Family)
		case p.Given != "":
			// A person of one name (a mononym) written as given-names.
			e.Authors = append(e.Authors, p.Given)
		case p.Name != "":
			// An entity ("R Core Team") is no family name: comparing it
			// with a record's people would only make false mismatches.
			if len(e.Authors) == 0 {
				return e
			}
		}
	}
	return e
}

// cffDOILine is the line of a reference's doi key, else of its first
// identifier of type doi; 0 when it has neither.
func cffDOILine(ref *yaml.Node) int {
	if ref.Kind != yaml.MappingNode {
		return 0
	}
	for i := 0; i+1 < len(ref.Content); i += 2 {
		if ref.Content[i].Value == "doi" {
			return ref.Content[i+1].Line
		}
	}
	for i := 0; i+1 < len(ref.Content); i += 2 {
		if ref.Content[i].Value != "identifiers" {
			continue
		}
		for _, id := range ref.Content[i+1].Content {
			for k := 0; k+1 < len(id.Content); k += 2 {
				if id.Content[k].Value == "type" && strings.EqualFold(id.Content[k+1].Value, "doi") {
					return id.Line
				}
			}
		}
	}
	return 0
}

// cffValues are the scalar values under a node, as YAML decodes them
// (escapes undone, folded lines joined), in file order, leaving out the
// values of the keys skip names (at any depth).
func cffValues(n *yaml.Node, skip ...string) []string {
	var out []string
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		switch n.Kind {
		case yaml.ScalarNode:
			out = append(out, n.Value)
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i].Value; slices.Contains(skip, k) {
					continue
				}
				walk(n.Content[i+1])
			}
		case yaml.SequenceNode, yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c)
			}
		case yaml.AliasNode:
			if n.Alias != nil {
				walk(n.Alias)
			}
		}
	}
	walk(n)
	return out
}

// isSoftware reports whether a CFF reference type is software: "software"
// and each of its kinds ("software-code", "software-container",
// "software-executable", "software-virtual-machine").
func isSoftware(t string) bool {
	t = strings.ToLower(strings.TrimSpace(t))
	return t == "software" || strings.HasPrefix(t, "software-")
}
