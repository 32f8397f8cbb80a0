package check

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
)

// WriteCSV writes one row per citation (a DOI cited twice gives two rows):
// doi, verdict, oracle, title, file, line, as_written, error.
func (r Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"doi", "verdict", "oracle", "title", "file", "line", "as_written", "error"}); err != nil {
		return err
	}
	for _, row := range r.DOIs {
		for _, loc := range row.Locations {
			rec := []string{row.DOI, row.Verdict, row.Oracle, row.Title, loc.File, strconv.Itoa(loc.Line), loc.Raw, row.Error}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// message says in one line what is wrong with a row, for annotations.
func (row Row) message() string {
	s := fmt.Sprintf("DOI %s: %s", row.DOI, row.Verdict)
	if row.DOI == "" && row.Entry != nil {
		s = fmt.Sprintf("entry %s: %s", row.Entry.Label, row.Verdict)
	}
	if row.Oracle != "" {
		s += " (" + row.Oracle + ")"
	}
	switch {
	case row.Error != "":
		s += ": " + row.Error
	case row.Title != "":
		s += ": " + row.Title
	}
	switch {
	case row.PublishedDOI != "":
		s += " (preprint; published as " + row.PublishedDOI + row.publishedBy() + ")"
	case row.PublishedAs != "":
		s += " (preprint; published version: " + row.PublishedAs + row.publishedBy() + ", its DOI not resolved)"
	}
	return s
}

// publishedBy is ", per SOURCE" for the source that linked a preprint's
// published version, "" when unknown.
func (row Row) publishedBy() string {
	if row.PublishedBy == "" {
		return ""
	}
	return ", per " + row.PublishedBy
}

// level is the severity of a problem row: an unknown verdict is a warning
// (nobody could tell), every other problem an error.
func (row Row) level() string {
	if row.Verdict == VerdictUnknown {
		return "warning"
	}
	return "error"
}

// WriteGitHub writes a GitHub Actions workflow command per problem
// citation ("::error file=refs.bib,line=12,title=...::..."), which the
// runner shows as an annotation on that line; found DOIs write nothing.
func (r Report) WriteGitHub(w io.Writer) error {
	for _, row := range r.DOIs {
		if !row.Problem() {
			continue
		}
		for _, loc := range row.Locations {
			_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,title=%s::%s\n", row.level(),
				ghProperty(filepath.ToSlash(loc.File)), loc.Line, ghProperty("citeloop: "+row.Verdict), ghData(row.message()))
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// ghData escapes a workflow command's message (GitHub's toolkit rules).
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// sarifRules describes each problem verdict as a SARIF rule.
func sarifRules() []struct{ id, text string } {
	return []struct{ id, text string }{
		{VerdictNotFound, "The DOI is not registered: no oracle knows it."},
		{VerdictInvalid, "The text is not a valid DOI."},
		{VerdictRetracted, "The DOI is a retracted paper or a retraction notice."},
		{VerdictErratum, "The DOI is an erratum or correction notice, not the paper."},
		{VerdictMismatch, "The DOI is registered to a different paper than the entry describes."},
		{VerdictNoDOI, "The entry has no DOI."},
		{VerdictUnknown, "No oracle could answer for the DOI."},
	}
}

// WriteSARIF writes a SARIF 2.1.0 log with one result per problem citation,
// for code scanning. Paths are written as relative URIs.
func (r Report) WriteSARIF(w io.Writer, version string) error {
	type obj = map[string]any
	rules := []obj{}
	for _, rule := range sarifRules() {
		rules = append(rules, obj{"id": rule.id, "shortDescription": obj{"text": rule.text}})
	}
	results := []obj{}
	for _, row := range r.DOIs {
		if !row.Problem() {
			continue
		}
		for _, loc := range row.Locations {
			results = append(results, obj{
				"ruleId":  row.Verdict,
				"level":   row.level(),
				"message": obj{"text": row.message()},
				"locations": []obj{{"physicalLocation": obj{
					"artifactLocation": obj{"uri": sarifURI(loc.File)},
					"region":           obj{"startLine": max(loc.Line, 1)},
				}}},
			})
		}
	}
	log := obj{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []obj{{
			"tool": obj{"driver": obj{
				"name": "citeloop", "version": version,
				"informationUri": "https://github.com/citeloop/citeloop",
				"rules":          rules,
			}},
			"results": results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// sarifURI turns a path into a URI reference: slashes, each segment
// escaped; standard input is "stdin".
func sarifURI(file string) string {
	if file == stdinName {
		return "stdin"
	}
	segs := strings.Split(filepath.ToSlash(file), "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
