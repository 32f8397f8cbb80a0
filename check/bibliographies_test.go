package check_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
)

// bibEntry is a BibTeX entry's head, @string, @comment and @preamble
// aside.
var bibEntry = regexp.MustCompile(`(?m)^\s*@(\w+)\s*[{(]`)

// referenceCount counts a real bibliography's references by the file's
// own structure, independently of bib: BibTeX entries, RIS records, CSL
// JSON items, CFF references (with the preferred citation), and for
// Markdown and text the blocks of the reference list: list items and
// paragraphs under its heading (want says how many of those the file
// holds, counted by hand, see the table).
func referenceCount(t *testing.T, name string, data []byte) int {
	t.Helper()
	switch filepath.Ext(name) {
	case ".bib":
		n := 0
		for _, m := range bibEntry.FindAllStringSubmatch(string(data), -1) {
			if k := strings.ToLower(m[1]); k != "string" && k != "comment" && k != "preamble" {
				n++
			}
		}
		return n
	case ".ris":
		return strings.Count(string(data), "TY  - ")
	case ".json":
		var items []any
		if err := json.Unmarshal(data, &items); err != nil {
			t.Fatal(err)
		}
		return len(items)
	case ".cff":
		var f struct {
			Preferred  any   `yaml:"preferred-citation"`
			References []any `yaml:"references"`
		}
		if err := yaml.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		n := len(f.References)
		if f.Preferred != nil {
			n++
		}
		return n
	}
	return -1
}

// TestBibliographiesEveryEntryARow: in the real bibliographies of
// testdata/bibliographies every reference is a row: a row per distinct
// DOI, one per reference without one (searched, or not_checked with why),
// none dropped. The oracle knows nothing: what is counted is rows, not
// verdicts.
func TestBibliographiesEveryEntryARow(t *testing.T) {
	tests := []struct {
		file string
		// refs overrides the count for Markdown and text, counted by hand:
		// every reference of the list, a line that runs two together
		// (pasted from a PDF) counted as one.
		refs int
		// shared counts references that cite a DOI another reference of
		// the file cites too (one row for both).
		shared int
	}{
		{file: "IKPLS_paper.bib"},
		{file: "RandomForestsGLS_paper.bib"},
		{file: "ssalib_paper.bib"},
		{file: "HVI_Johannesburg_references.ris"},
		{file: "ProgressReport2019_references.ris"},
		{file: "cetacean_mutation_rate_bibliography.json"},
		{file: "cffr_CITATION.cff"},
		// 43 list items: 42 citing one DOI each, and the UNVERIFIED note
		// naming two candidate DOIs, itself not read (not_checked): 44 DOI
		// rows and one for the note.
		{file: "zombi2_references.md", refs: 45},
		// 12 list items under "Reference Source Materials", a link to
		// Neo4j's site among them (not_checked).
		{file: "Glycoproteomics_Graph_Tool_README.md", refs: 12},
		// 186 "(year)." marks: one reference pasted twice in one paragraph
		// (Tsay & Newcomb 1991), one paragraph running two references
		// together (Andonie 1990 and 2003, split into two rows): 185
		// references, each a row: the one of a one-word title ("Xu &
		// Wunsch (2009). Clustering.") refline does not read is
		// not_checked, a paragraph that starts with names and gives a
		// year, heading or not.
		{file: "AdaptiveResonanceLib_CITATIONS.txt", refs: 185},
	}
	c := check.New(oracletestFake(), nil, check.Options{})
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "bibliographies", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			want := tt.refs
			if want == 0 {
				want = referenceCount(t, tt.file, data)
			}
			rep := c.Check(t.Context(), []check.Document{{Name: tt.file, Text: string(data)}})
			rows, locs := len(rep.DOIs), 0
			for _, r := range rep.DOIs {
				locs += len(r.Locations)
			}
			t.Logf("%s: %d references, %d rows (%v)", tt.file, want, rows, rep.Summary)
			if rows+tt.shared != want {
				for _, r := range rep.DOIs {
					t.Logf("  %s %s %s %v", r.Verdict, r.DOI, r.Error, r.Locations)
				}
				t.Errorf("%d rows for %d references", rows, want)
			}
		})
	}
}

// oracletestFake knows no record: every DOI is not_found.
func oracletestFake() oracles.Oracle { return emptyOracle{} }

type emptyOracle struct{}

func (emptyOracle) Name() string { return "empty" }
func (emptyOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	out := map[string]oracles.Result{}
	for _, d := range dois {
		out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: "empty"}
	}
	return out
}
