package collect

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/doi/extract"
)

// FileDOIs returns the DOIs of a file as both `brief --sources` and `check`
// take them: one reader per file kind, so the same file yields the same set
// of DOIs to both commands. A BibTeX, RIS or CSL JSON file gives the DOIs
// text extraction finds anywhere in it (extract.ForFile: a doi field, but
// also a note, url or abstract), then the DOI of every entry extraction
// missed (a doi field written in a form extraction does not read). Invalid
// tokens are returned with Invalid set, as extraction reports them; callers
// that need citable DOIs skip them. Any other file is extracted as is.
func FileDOIs(name, text string) []extract.Found {
	found := extract.ForFile(name, text)
	seen := make(map[string]bool, len(found))
	for _, f := range found {
		seen[f.DOI] = true
	}
	for _, e := range ReadEntries(name, []byte(text)) {
		if e.DOI == "" || seen[e.DOI] {
			continue
		}
		seen[e.DOI] = true
		found = append(found, extract.Found{DOI: e.DOI, Raw: e.RawDOI, Line: lineOf(text, e.RawDOI)})
	}
	return found
}

// lineOf is the 1-based line where needle first occurs in text, 0 if never.
func lineOf(text, needle string) int {
	if i := strings.Index(text, needle); needle != "" && i >= 0 {
		return strings.Count(text[:i], "\n") + 1
	}
	return 0
}

// withFileDOIs adds to entries (read by the file's entry reader) one entry,
// labelled by its line, for each valid DOI FileDOIs finds that no entry
// holds: a DOI in a note or url field is a source to --sources as it is a
// citation to check. Invalid tokens are skipped, as for Markdown (see
// invalidDOIs).
func withFileDOIs(name string, data []byte, entries []fileEntry) []fileEntry {
	held := make(map[string]bool, len(entries))
	for _, e := range entries {
		if e.DOI != "" {
			held[e.DOI] = true
		}
	}
	for _, f := range FileDOIs(name, string(data)) {
		if f.Invalid == "" && !held[f.DOI] {
			held[f.DOI] = true
			e := fileEntry{Label: "line " + strconv.Itoa(f.Line)}
			e.setDOI(f.DOI)
			entries = append(entries, e)
		}
	}
	return entries
}

// invalidDOIs counts the invalid DOI tokens in a file that --sources
// skips and `check` reports as invalid: none outside the kinds read with
// FileDOIs or extraction.
func invalidDOIs(name string, data []byte) int {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex", ".ris", ".json", ".md", ".markdown", ".cff":
	default:
		return 0
	}
	n := 0
	for _, f := range FileDOIs(name, string(data)) {
		if f.Invalid != "" {
			n++
		}
	}
	return n
}
