package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Fix is one change --fix makes: a DOI added to an entry (Old empty) or
// corrected.
type Fix struct {
	File  string `json:"file"`
	Label string `json:"label"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new"`
}

// doiField matches a line holding an entry's doi field: BibTeX `doi =`,
// RIS `DO  -`. Only such lines are corrected, never a DOI in a note or URL
// field.
var doiField = regexp.MustCompile(`(?i)^\s*(doi\s*=|DO  -)`)

// fixKind is how a document's entries can be fixed, by extension as
// bib.KindOf reads them; "" for a file --fix leaves alone.
func fixKind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex":
		return "bib"
	case ".ris":
		return "ris"
	case ".json":
		return "json"
	}
	return ""
}

// Fixed returns doc's text with the report's suggested DOIs written into
// the doi field of its entries: added where a no_doi entry had exactly one
// candidate, replaced where a mismatch entry's title search found exactly
// one other paper. Only BibTeX, RIS and CSL JSON entries are changed; any
// other document comes back as it was, with no fix.
func (r Report) Fixed(doc Document) (string, []Fix, error) {
	kind := fixKind(doc.Name)
	if kind == "" {
		return doc.Text, nil, nil
	}
	if kind == "json" {
		return r.fixJSON(doc)
	}
	lines := strings.SplitAfter(doc.Text, "\n")
	var fixes []Fix
	// inserts maps a line index to the line to add after it.
	inserts := map[int]string{}
	for _, row := range r.DOIs {
		if row.SuggestedDOI == "" || row.Entry == nil {
			continue
		}
		for _, loc := range row.Locations {
			i := loc.Line - 1
			if loc.File != doc.Name || i < 0 || i >= len(lines) {
				continue
			}
			switch row.Verdict {
			case VerdictNoDOI:
				add := "DO  - " + row.SuggestedDOI + "\n"
				if kind == "bib" {
					add = "  doi = {" + row.SuggestedDOI + "},\n"
				}
				if !strings.HasSuffix(lines[i], "\n") {
					lines[i] += "\n"
				}
				inserts[i] = add
				fixes = append(fixes, Fix{File: doc.Name, Label: row.Entry.Label, New: row.SuggestedDOI})
			case VerdictMismatch:
				if !doiField.MatchString(lines[i]) || !strings.Contains(lines[i], loc.Raw) {
					continue
				}
				lines[i] = strings.Replace(lines[i], loc.Raw, replaceDOI(loc.Raw, row.DOI, row.SuggestedDOI), 1)
				fixes = append(fixes, Fix{File: doc.Name, Label: row.Entry.Label, Old: loc.Raw, New: row.SuggestedDOI})
			}
		}
	}
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(l)
		b.WriteString(inserts[i])
	}
	return b.String(), fixes, nil
}

// replaceDOI replaces the DOI old inside raw, as written (a resolver URL
// keeps its prefix), by new; raw whole when old is not found in it.
func replaceDOI(raw, old, new string) string {
	if i := strings.Index(strings.ToLower(raw), strings.ToLower(old)); i >= 0 {
		return raw[:i] + new + raw[i+len(old):]
	}
	return new
}

// fixJSON sets "DOI" in the CSL JSON records the report has a suggestion
// for, found by their label ("record N"); the other records are written
// back byte for byte.
func (r Report) fixJSON(doc Document) (string, []Fix, error) {
	var recs []json.RawMessage
	if err := json.Unmarshal([]byte(strings.TrimPrefix(doc.Text, "\ufeff")), &recs); err != nil {
		return "", nil, fmt.Errorf("%w: %s: not a CSL JSON array: %w", ErrInput, doc.Name, err)
	}
	var fixes []Fix
	for _, row := range r.DOIs {
		if row.SuggestedDOI == "" || row.Entry == nil || !slicesContainsFile(row.Locations, doc.Name) {
			continue
		}
		n, ok := recordIndex(row.Entry.Label)
		if !ok || n >= len(recs) {
			continue
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(recs[n], &fields); err != nil {
			return "", nil, fmt.Errorf("%w: %s: record %d: %w", ErrInput, doc.Name, n+1, err)
		}
		key := "DOI"
		for k := range fields {
			if strings.EqualFold(k, "doi") {
				key = k
			}
		}
		var old string
		_ = json.Unmarshal(fields[key], &old)
		fields[key], _ = json.Marshal(row.SuggestedDOI)
		out, err := json.MarshalIndent(fields, "  ", "  ")
		if err != nil {
			return "", nil, fmt.Errorf("%s: record %d: %w", doc.Name, n+1, err)
		}
		recs[n] = out
		fixes = append(fixes, Fix{File: doc.Name, Label: row.Entry.Label, Old: old, New: row.SuggestedDOI})
	}
	if len(fixes) == 0 {
		return doc.Text, nil, nil
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, rec := range recs {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("  ")
		b.Write(bytes.TrimSpace(rec))
	}
	b.WriteString("\n]\n")
	return b.String(), fixes, nil
}

// recordIndex reads the zero-based index of a CSL JSON label "record N".
func recordIndex(label string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(label, "record "))
	if err != nil || !strings.HasPrefix(label, "record ") || n < 1 {
		return 0, false
	}
	return n - 1, true
}

func slicesContainsFile(locs []Location, file string) bool {
	for _, l := range locs {
		if l.File == file {
			return true
		}
	}
	return false
}
