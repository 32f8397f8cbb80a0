package collect

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
)

// Entry is one reference as a bibliography file describes it: what `check`
// compares with the oracle's record of the entry's DOI.
type Entry struct {
	Label string
	DOI   string // normalised; "" when the entry has none or it is invalid
	// RawDOI is the DOI as written: an entry with RawDOI but no DOI has an
	// invalid DOI (which extraction reports), not none.
	RawDOI  string
	Title   string
	Authors []string // as written: "Family, Given", "Given Family" or "Family Given"
	Year    int
}

// ReadEntries returns the entries of a BibTeX, RIS or CSL JSON file, told
// apart by extension and content with the same readers `brief --sources`
// uses. Any other file (Markdown, text) and a JSON file that does not parse
// give none: their DOIs are still checked, only without metadata.
func ReadEntries(name string, data []byte) []Entry {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	trimmed := bytes.TrimSpace(data)
	ext := strings.ToLower(filepath.Ext(name))
	var fes []fileEntry
	switch {
	case ext == ".bib" || ext == ".bibtex":
		fes = parseBibTeX(data)
	case ext == ".ris":
		fes = parseRIS(data)
	case ext == ".json" && bytes.HasPrefix(trimmed, []byte("[")):
		var recs []jsonSource
		if json.Unmarshal(trimmed, &recs) != nil {
			return nil
		}
		fes = jsonEntries(recs)
	}
	return entriesOf(fes)
}

func entriesOf(fes []fileEntry) []Entry {
	out := make([]Entry, 0, len(fes))
	for _, e := range fes {
		out = append(out, Entry{Label: e.Label, DOI: e.DOI, RawDOI: e.RawDOI, Title: e.Title, Authors: e.Authors, Year: e.Year})
	}
	return out
}

// ReadReferences returns what the files ReadEntries does not read say of
// the papers their DOIs name: the preferred citation and references of a
// CITATION.cff, and the reference lines of any other file but BibTeX, RIS
// and JSON (Markdown, text) whose title and year can be told apart (see
// package refline). Only entries with a valid DOI are returned: these
// files are compared with the DOI's record, never searched or fixed. A CFF
// file that is not YAML gives none.
func ReadReferences(name string, data []byte) []Entry {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	var fes []fileEntry
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex", ".ris", ".json":
		return nil
	case ".cff":
		var err error
		if fes, err = parseCFF(data); err != nil {
			return nil
		}
	default:
		fes = referenceLines(string(data))
	}
	out := entriesOf(fes)
	return slices.DeleteFunc(out, func(e Entry) bool { return e.DOI == "" })
}
