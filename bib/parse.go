package bib

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/doi/extract"
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
)

var kindNames = [...]string{Text: "text", BibTeX: "bibtex", RIS: "ris", CSLJSON: "csl-json", CFF: "cff", JSONLines: "jsonl", DOIList: "doi-list"}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// KindOf is the kind a document's name says, by its extension: .bib and
// .bibtex are BibTeX, .ris RIS, .json CSL JSON, .cff CFF; anything else
// (.md, .txt, "<stdin>") is Text. It never looks at the content: `check`
// reads a file as its name says.
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
	}
	return Text
}

// Document is one file read once: the DOIs it cites and what its entries
// say of the papers they cite.
type Document struct {
	Name string
	Kind Kind
	// DOIs are the DOIs the file cites, as `check` reports them and `brief
	// --sources` takes them: the DOIs text extraction finds anywhere in it
	// (extract.ForFile: a doi field, but also a note, url or abstract),
	// then, for BibTeX, RIS and CSL JSON, the DOI of every entry extraction
	// missed (a doi field written in a form extraction does not read).
	// Invalid tokens are here with Invalid set, as extraction reports
	// them; callers that need citable DOIs skip them.
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
	// `check` ignores Err, `brief --sources` refuses the file.
	Err error
}

// Parse reads data as the kind its name says (KindOf).
func Parse(name string, data []byte) Document { return ParseAs(KindOf(name), name, data) }

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
		if bytes.HasPrefix(trimmed, []byte("[")) {
			var recs []jsonSource
			if doc.Err = json.Unmarshal(trimmed, &recs); doc.Err == nil {
				doc.Entries = jsonEntries(recs)
			}
		}
	case JSONLines:
		doc.Entries, doc.Err = parseJSONLines(trimmed)
	case CFF:
		doc.Entries, doc.Err = parseCFF(clean)
	case DOIList:
		doc.Entries = parseDOIList(clean)
	default:
		doc.Entries = slices.DeleteFunc(referenceLines(string(clean)), func(e Entry) bool { return e.DOI == "" })
	}
	text := string(data)
	doc.DOIs = extract.ForFile(name, text)
	if kind == BibTeX || kind == RIS || kind == CSLJSON {
		seen := make(map[string]bool, len(doc.DOIs))
		for _, f := range doc.DOIs {
			seen[f.DOI] = true
		}
		for _, e := range doc.Entries {
			if e.DOI == "" || seen[e.DOI] {
				continue
			}
			seen[e.DOI] = true
			doc.DOIs = append(doc.DOIs, extract.Found{DOI: e.DOI, Raw: e.RawDOI, Line: lineOf(text, e.RawDOI)})
		}
	}
	return doc
}

// lineOf is the 1-based line where needle first occurs in text, 0 if never.
func lineOf(text, needle string) int {
	if i := strings.Index(text, needle); needle != "" && i >= 0 {
		return strings.Count(text[:i], "\n") + 1
	}
	return 0
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
