package bib

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
	"github.com/citeloop/citeloop/internal/latex"
)

// Kind is how a document is read.
type Kind int

// The kinds of document. Text is every file that is not a bibliography:
// Markdown, plain text, a draft.
const (
	Text Kind = iota
	BibTeX
	RIS
	CSLJSON
	CFF
	// JSONLines is one record a line with contract.Entry's or CSL JSON's
	// fields, as a sources file may be.
	JSONLines
	// DOIList is one DOI a line, # starting a comment, as a sources file
	// may be.
	DOIList
	// BBL is a LaTeX bibliography (.bbl) of \bibitem items, as BibTeX
	// writes it.
	BBL
	// MEDLINE is PubMed's tagged format (.nbib): "PMID- ", "TI  - ".
	MEDLINE
	// Refer is refer's and EndNote's tagged format (.enw, .refer): "%0 ",
	// "%T ".
	Refer
	// EndNoteXML is EndNote's XML export (.xml): <xml><records><record>.
	EndNoteXML
	// CSLYAML is CSL YAML (.yaml, .yml): a list of CSL items, or pandoc's
	// "references:" list.
	CSLYAML
	// HTML is a page (.html, .htm) read as the text a reader sees, as
	// Markdown and text are: a pandoc --citeproc bibliography, a list.
	HTML
	// ZoteroRDF is Zotero's RDF export (.rdf).
	ZoteroRDF
)

var kindNames = [...]string{Text: "text", BibTeX: "bibtex", RIS: "ris", CSLJSON: "csl-json", CFF: "cff", JSONLines: "jsonl", DOIList: "doi-list", BBL: "bbl",
	MEDLINE: "medline", Refer: "refer", EndNoteXML: "endnote-xml", CSLYAML: "csl-yaml", HTML: "html", ZoteroRDF: "zotero-rdf"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// KindOf is the kind a document's name says, by its extension: .bib and
// .bibtex are BibTeX, .ris RIS, .json CSL JSON, .cff CFF; anything else
// (.md, .txt, "<stdin>") is Text, and .bbl is BBL; .nbib and .medline are
// MEDLINE, .enw and .refer Refer, .xml EndNoteXML, .yaml and .yml CSLYAML,
// .html and .htm HTML, .rdf ZoteroRDF. It never looks at the content:
// `check` reads a file as its name says.
func KindOf(name string) Kind {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex":
		return BibTeX
	case ".ris":
		return RIS
	case ".json":
		return CSLJSON
	case ".cff":
		return CFF
	case ".bbl":
		return BBL
	case ".nbib", ".medline":
		return MEDLINE
	case ".enw", ".refer":
		return Refer
	case ".xml":
		return EndNoteXML
	case ".yaml", ".yml":
		return CSLYAML
	case ".html", ".htm", ".xhtml":
		return HTML
	case ".rdf":
		return ZoteroRDF
	}
	return Text
}

// Document is one file read once: the DOIs it cites and what its entries
// say of the papers they cite.
type Document struct {
	Name string
	Kind Kind
	// DOIs are the DOIs the file cites, as `check` reports them and `brief
	// --sources` takes them. In a bibliography (BibTeX, RIS, CSL JSON,
	// CFF, JSON Lines, .bbl and a LaTeX document's \bibitem list) they are
	// its entries' DOIs, entry by entry, read by the format's own reader
	// (a BibTeX value evaluated, a YAML or JSON escape undone, a TeX
	// comment or \allowbreak gone): each entry's DOI, else the first DOI
	// another of its fields gives, and the further DOIs its fields give;
	// each at the line of the entry where it is written. A doi field that
	// is no DOI is here as written, Invalid set, never dropped and never
	// shortened. Outside the entries, BibTeX holds no citation (text
	// between entries, @comment); the others add the DOIs text extraction
	// finds there (a CITATION.cff's own DOI). In Markdown and text they
	// are every DOI text extraction finds (extract.ForFile), and every
	// token labelled a DOI that is none ("doi:10.1097mpa.000…"). Callers
	// that need citable DOIs skip the invalid ones.
	DOIs []extract.Found
	// Entries are the file's references, in file order: every BibTeX, RIS,
	// CSL JSON or JSON Lines record, with a DOI or without; the preferred
	// citation and references of a CFF file; the DOI list's lines; and, in
	// Text, the reference lines that cite one valid DOI and whose title and
	// year package refline can place (a line it cannot read is not an
	// entry: its DOI is only looked up).
	Entries []Entry
	// Err is why a CSL JSON, JSON Lines or CFF file gave no entries: it
	// does not parse as what its kind says. Its DOIs are read all the same;
	// `check` reports Err as an invalid row of the file, `brief --sources`
	// refuses the file.
	Err error
}

// Parse reads data as the kind its name says (KindOf).
func Parse(name string, data []byte) Document {
	kind := KindOf(name)
	if kind == Text && filepath.Ext(name) == "" {
		kind = Sniff(data) // stdin, or a file named without an extension
	}
	return ParseAs(kind, name, data)
}

// Sniff is the kind a document's content says it is, for one whose name
// does not: a BibTeX entry first, a RIS tag line first, a CFF version key,
// JSON (an array or an object), a MEDLINE "PMID- " or refer "%0 " line
// first, EndNote XML's <records>, Zotero's rdf:RDF, CSL YAML (a list of items
// or "references:"), an HTML page; else Text.
func Sniff(data []byte) Kind {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	switch {
	case sniffBibTeX.Match(t):
		return BibTeX
	case sniffRIS.Match(t):
		return RIS
	case sniffCFF.Match(t):
		return CFF
	case (bytes.HasPrefix(t, []byte("[")) || bytes.HasPrefix(t, []byte("{"))) && json.Valid(t):
		return CSLJSON
	case sniffMEDLINE.Match(t):
		return MEDLINE
	case sniffRefer.Match(t):
		return Refer
	case sniffXML.Match(t) && bytes.Contains(t, []byte("<records>")):
		return EndNoteXML
	case sniffXML.Match(t) && bytes.Contains(t, []byte("<rdf:RDF")):
		return ZoteroRDF
	case sniffHTML.Match(t):
		return HTML
	case sniffCSLYAML.Match(t) && isCSLYAML(t):
		return CSLYAML
	}
	return Text
}

var (
	sniffBibTeX = regexp.MustCompile(`\A(?:%[^\n]*\n\s*)*@[A-Za-z]+\s*[{(]`)
	sniffRIS    = regexp.MustCompile(`\ATY  - `)
	sniffCFF    = regexp.MustCompile(`(?m)^cff-version:`)
)

// The first lines of the formats read since red team 4.
var (
	sniffMEDLINE = regexp.MustCompile(`\APMID- ?\d`)
	sniffRefer   = regexp.MustCompile(`\A%0 \S`)
	sniffXML     = regexp.MustCompile(`\A(?:<\?xml[^>]*>\s*)?<(?:xml|records|rdf:RDF)\b`)
	sniffHTML    = regexp.MustCompile(`(?i)\A(?:<!--.*?-->\s*)*<(?:!doctype html|html\b|div id="refs")`)
	sniffCSLYAML = regexp.MustCompile(`\A(?:---[ \t]*\r?\n)?(?:#[^\n]*\n)*(?:references:[ \t]*\r?\n|- (?:id|type|title|DOI|author):)|(?m:^references:[ \t]*\r?$)`)
)

// ParseAs reads data as kind, whatever name says; name still chooses how
// DOIs are extracted (a .bib file has its escapes undone). A leading byte
// order mark is ignored.
func ParseAs(kind Kind, name string, data []byte) Document {
	doc := Document{Name: name, Kind: kind}
	clean := bytes.TrimPrefix(data, []byte("\ufeff"))
	trimmed := bytes.TrimSpace(clean)
	switch kind {
	case BibTeX:
		doc.Entries = parseBibTeX(clean)
	case RIS:
		doc.Entries = parseRIS(clean)
	case CSLJSON:
		if doc.Entries, doc.Err = parseCSL(clean); doc.Err != nil {
			doc.Entries = nil
		}
	case JSONLines:
		doc.Entries, doc.Err = parseJSONLines(trimmed)
	case CFF:
		doc.Entries, doc.Err = parseCFF(clean)
	case DOIList:
		doc.Entries = parseDOIList(clean)
	case BBL:
		doc.Entries = parseBBL(string(clean))
	case MEDLINE:
		doc.Entries = parseMedline(clean)
	case Refer:
		doc.Entries = parseRefer(clean)
	case EndNoteXML:
		if doc.Entries, doc.Err = parseEndNoteXML(clean); errors.Is(doc.Err, errNotEndNoteXML) {
			return ParseAs(Text, name, data) // another XML: read as text, as before
		}
	case CSLYAML:
		doc.Entries, doc.Err = parseCSLYAML(clean)
	case HTML:
		doc.Entries = parseHTML(clean)
	case ZoteroRDF:
		doc.Entries, doc.Err = parseZoteroRDF(clean)
	default:
		if strings.Contains(string(clean), `\bibitem`) {
			doc.Entries = parseBBL(string(clean)) // a LaTeX document's thebibliography
		} else {
			doc.Entries = referenceLines(string(clean))
		}
	}
	text := string(data)
	switch {
	case kind == BibTeX:
		// What BibTeX reads: the entries. Text between them, and
		// @comment, is no citation.
		doc.DOIs = entryDOIs(doc.Entries, text, nil, false)
	case kind == CSLJSON && doc.Err == nil, kind == JSONLines && doc.Err == nil:
		// Records are all a JSON file holds: one that is not CSL cites
		// nothing.
		doc.DOIs = entryDOIs(doc.Entries, text, nil, false)
	case kind == BBL || kind == Text && strings.Contains(string(clean), `\bibitem`):
		// TeX's comments are no citations: "%\bibitem{old} …" is gone.
		blank := latex.BlankComments(text)
		doc.DOIs = entryDOIs(doc.Entries, text, withInvalidLabelled(extract.ForFile(name, blank), blank), true)
	case kind == RIS || kind == CSLJSON || kind == CFF || kind == JSONLines,
		kind == MEDLINE || kind == Refer || kind == EndNoteXML || kind == CSLYAML || kind == ZoteroRDF:
		doc.DOIs = entryDOIs(doc.Entries, text, withInvalidLabelled(extract.ForFile(name, text), text), true)
	default:
		doc.DOIs = withEntryPlaces(withInvalidLabelled(extract.ForFile(name, text), text), doc.Entries)
	}
	if cap(doc.DOIs) > len(doc.DOIs)+len(doc.DOIs)/8 {
		// A long list holds its DOIs for the whole check: not twice over.
		doc.DOIs = slices.Clone(doc.DOIs)
	}
	return doc
}

// withEntryPlaces adds to found, which extraction gives once per DOI, the
// place of every reference line that cites a DOI again: a list that cites
// one DOI on lines 3 and 5 has both places, so a report can point at the
// line that is wrong.
func withEntryPlaces(found []extract.Found, entries []Entry) []extract.Found {
	if len(entries) == 0 {
		return found
	}
	at := make(map[string][]int, len(found))
	for _, f := range found {
		at[f.DOI] = append(at[f.DOI], f.Line)
	}
	for i := range entries {
		e := &entries[i]
		if e.DOI == "" || e.Line == 0 {
			continue
		}
		last := max(e.last, e.Line)
		if slices.ContainsFunc(at[e.DOI], func(l int) bool { return l >= e.Line && l <= last }) {
			continue
		}
		at[e.DOI] = append(at[e.DOI], e.Line)
		found = append(found, extract.Found{DOI: e.DOI, Raw: e.RawDOI, Line: e.Line})
	}
	return found
}

// labelledDOI is a token a document labels as a DOI: "doi:10.…",
// "DOI 10.…", "doi.org/10.…".
var labelledDOI = regexp.MustCompile(`(?i)\bdoi(?:\.org/|:\s*|\s+)(10\.[^\s"'<>()\[\]{},;]+)`)

// withInvalidLabelled adds to found every token that a text labels as a
// DOI and that is not one ("doi:10.1097mpa.0000000000002489"), reported
// invalid as written, unless extraction already read a DOI there.
func withInvalidLabelled(found []extract.Found, text string) []extract.Found {
	// Line by line: a line longer than maxLabelledLine is no reference
	// (extraction reports its tokens), and the regexp never runs over it.
	for line, rest := 1, text; rest != ""; line++ {
		l := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if len(l) > maxLabelledLine || !strings.Contains(l, "doi") && !strings.Contains(l, "DOI") && !strings.Contains(l, "Doi") {
			continue
		}
		for _, m := range labelledDOI.FindAllStringSubmatch(l, -1) {
			raw := strings.TrimRight(m[1], ".:")
			if _, err := doi.Normalize(raw); err == nil {
				continue
			}
			if slices.ContainsFunc(found, func(f extract.Found) bool {
				return f.Line == line && (strings.HasPrefix(raw, f.Raw) || strings.HasPrefix(f.Raw, raw) || f.DOI == raw)
			}) {
				continue
			}
			found = append(found, extract.Found{DOI: raw, Raw: raw, Line: line, Invalid: invalidWhy(raw)})
		}
	}
	return found
}

// maxLabelledLine is the longest line scanned for labelled DOIs.
const maxLabelledLine = 64 << 10

// invalidLabelled is the first token text labels as a DOI that is not
// one, "" when there is none: such an entry has a DOI as written, reported
// invalid, not none.
func invalidLabelled(text string) string {
	if len(text) > maxLabelledLine {
		return ""
	}
	for _, m := range labelledDOI.FindAllStringSubmatch(text, -1) {
		raw := strings.TrimRight(m[1], ".:")
		if _, err := doi.Normalize(raw); err != nil {
			return raw
		}
	}
	return ""
}

// invalidWhy says why raw is no DOI, in doi.Normalize's words.
func invalidWhy(raw string) string {
	if _, err := doi.Normalize(raw); err != nil {
		return err.Error()
	}
	return "not a DOI"
}

// DOIEntries are the valid DOIs the document cites as entries, labelled by
// their line ("line 3"), in order: a Markdown draft or a CFF file is a
// list of sources this way, its prose no record.
func (d Document) DOIEntries() []Entry { return d.addDOIEntries(nil, nil) }

// WithDOIEntries is Entries, then one DOIEntries entry for each valid DOI
// no entry holds: a DOI in a note or url field is a source to --sources as
// it is a citation to check.
func (d Document) WithDOIEntries() []Entry {
	held := make(map[string]bool, len(d.Entries))
	for _, e := range d.Entries {
		if e.DOI != "" {
			held[e.DOI] = true
		}
	}
	return d.addDOIEntries(slices.Clone(d.Entries), held)
}

// addDOIEntries appends to out an entry for each valid DOI not in held,
// which it updates; a nil held holds nothing.
func (d Document) addDOIEntries(out []Entry, held map[string]bool) []Entry {
	for _, f := range d.DOIs {
		if f.Invalid != "" || held[f.DOI] {
			continue
		}
		if held != nil {
			held[f.DOI] = true
		}
		e := Entry{Label: "line " + strconv.Itoa(f.Line)}
		e.setDOI(f.DOI)
		out = append(out, e)
	}
	return out
}
