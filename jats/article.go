package jats

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Form is which of Europe PMC's two live JATS forms a response had.
type Form string

const (
	// WithBack is the form with a <back> element holding the back matter
	// (references, acknowledgements, footnotes).
	WithBack Form = "back"
	// BodyOnly is the form without <back>: the back matter comes as <sec>
	// elements at the end of <body>.
	BodyOnly Form = "body-only"
)

// Part is the part of the article a section belongs to.
type Part string

const (
	Abstract Part = "abstract"
	Body     Part = "body"
	// Back holds appendices, the only back matter kept.
	Back Part = "back"
	// Float holds tables and figure legends, wherever they sit.
	Float Part = "float"
)

// Kind says what a section is for a reader: a quote from a background
// section is not the paper's finding. It is read from the section's JATS
// sec-type or, failing that, from the words of its title and its parents';
// KindOther where neither says.
type Kind string

const (
	KindAbstract    Kind = "abstract"
	KindBackground  Kind = "background"
	KindMethods     Kind = "methods"
	KindResults     Kind = "results"
	KindDiscussion  Kind = "discussion"
	KindConclusions Kind = "conclusions"
	KindTable       Kind = "table"
	KindFigure      Kind = "figure"
	KindOther       Kind = "other"
)

// Article is what Read keeps of a JATS article: its front matter and the
// text of every section a reader may quote.
type Article struct {
	Form Form
	// ArticleType is the root's article-type attribute as written
	// ("research-article", "review-article", "correction", ...).
	ArticleType string
	Title       string
	// Authors are the article's authors in order, as Europe PMC writes
	// them ("Schmid AB"), or a collaboration's name.
	Authors []string
	Journal string
	// Year is the first publication year the front matter gives, 0 if none.
	Year int
	// DOI is lower case, as the project compares DOIs; PMID digits only;
	// PMCID with its "PMC" prefix.
	DOI, PMID, PMCID string
	// License is the licence's URL when the article gives one, else its
	// license-type ("us-gov"), else "".
	License  string
	Sections []Section
}

// Section is one run of text under one heading path.
type Section struct {
	// Path names the section as a reader finds it: "abstract",
	// "abstract › Methods", "body › 2 Methods › 2.3 Statistics",
	// "back › Appendix A", "table 2", "figure 1 legend".
	Path string
	Part Part
	Kind Kind
	// Text is the marker-free text, paragraphs separated by "\n" and table
	// cells by "\t".
	Text string
	// Raw is Text with the citation markers kept as their text nodes spell
	// them.
	Raw string
}

// Hash is the section's content hash: "sha256:" and the hex SHA-256 of
// Text.
func (s Section) Hash() string {
	sum := sha256.Sum256([]byte(s.Text))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Abstract returns the text of the abstract's sections, the main abstract
// first, as one string with its section titles ("Methods: ...").
func (a Article) Abstract() string {
	var b strings.Builder
	for _, s := range a.Sections {
		if s.Part != Abstract || strings.HasPrefix(s.Path, "abstract (") {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if _, title, ok := strings.Cut(s.Path, pathSep); ok {
			b.WriteString(title + ": ")
		}
		b.WriteString(strings.ReplaceAll(s.Text, "\n", " "))
	}
	return b.String()
}

// pathSep joins the titles of a section path.
const pathSep = " › "
