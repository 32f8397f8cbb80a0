package bib

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ignoreNew leaves out of a comparison the fields these older tests do not
// set: where an entry starts, its type, its text and volume details.
var ignoreNew = cmp.Options{cmpopts.IgnoreFields(Entry{}, "Line", "Type", "Text", "Volume", "Issue", "Pages", "ISSN", "Publisher", "Journal"), entryOnly}

// entryOnly compares what an Entry says, not where its reader found it.
var entryOnly = cmpopts.IgnoreUnexported(Entry{})

// references is what check compares of a document with the records of
// its DOIs: the entries with a valid DOI.
func references(name string, data []byte) []Entry {
	return slices.DeleteFunc(Parse(name, data).Entries, func(e Entry) bool { return e.DOI == "" })
}

// TestReadReferencesCFF reads the real cffr CITATION.cff: the preferred
// citation and every reference with a DOI, a software reference without
// its version's year.
func TestReadReferencesCFF(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "bibliographies", "cffr_CITATION.cff"))
	if err != nil {
		t.Fatal(err)
	}
	got := references("CITATION.cff", data)
	if len(got) != 13 {
		t.Fatalf("%d entries, want 13 (preferred citation + 12 references with a DOI): %+v", len(got), got)
	}
	want := []Entry{
		{Label: "preferred-citation", DOI: "10.21105/joss.03900", RawDOI: "10.21105/joss.03900",
			Title: "cffr: Generate Citation File Format Metadata for R Packages", Authors: []string{"Hernangómez, Diego"}, Year: 2021},
		{Label: "references[0]", DOI: "10.5281/zenodo.5171937", RawDOI: "10.5281/zenodo.5171937", Title: "Citation File Format", Year: 2021,
			Authors: []string{"Druskat, Stephan", "Spaaks, Jurriaan H.", "Chue Hong, Neil", "Haines, Robert", "Baker, James",
				"Bliven, Spencer", "Willighagen, Egon", "Pérez-Suárez, David", "Konovalov, Alexander"}},
		{Label: "references[2]", DOI: "10.32614/cran.package.cli", RawDOI: "10.32614/CRAN.package.cli", Title: "cli", Authors: []string{"Csárdi, Gábor"}, Software: true},
	}
	if diff := cmp.Diff(want, got[:3], ignoreNew); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

func TestReadReferencesCFFShapes(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []Entry
	}{
		{"identifier, date-published, entity after a person", `references:
- type: article
  title: "Spin waves: a review?"
  date-published: 2016-05-01
  authors:
  - family-names: Okafor
  - name: The Magnon Consortium
  identifiers:
  - type: url
    value: https://example.org
  - type: doi
    value: https://doi.org/10.1234/ABC
`, []Entry{{Label: "references[0]", DOI: "10.1234/abc", RawDOI: "10.1234/ABC", Title: "Spin waves: a review?", Year: 2016, Authors: []string{"Okafor"}}}},
		{"entity first: no author compared", `preferred-citation:
  title: Spin waves
  year: 2016
  doi: 10.1234/abc
  authors:
  - name: R Core Team
  - family-names: Smith
`, []Entry{{Label: "preferred-citation", DOI: "10.1234/abc", RawDOI: "10.1234/abc", Title: "Spin waves", Year: 2016}}},
		{"no doi, invalid doi", "references:\n- title: A\n- title: B\n  doi: not-a-doi\n", []Entry{}},
		{"not yaml", "references: [\n", nil},
		{"top-level software doi not compared", "title: x\ndoi: 10.1234/abc\n", []Entry{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, references("CITATION.cff", []byte(tt.give)), cmpopts.EquateEmpty(), ignoreNew); diff != "" {
				t.Errorf("ReadReferences (-want +got):\n%s", diff)
			}
		})
	}
	if err := Parse("CITATION.cff", []byte("references: [\n")).Err; err == nil {
		t.Error("Parse of a CFF file of broken YAML: no Err")
	}
}

// TestReadReferencesFixtures measures the reference-line reader on the real
// Markdown and text lists: how many of the blocks citing a DOI it reads.
func TestReadReferencesFixtures(t *testing.T) {
	tests := []struct {
		file       string
		dois, want int
	}{
		{"zombi2_references.md", 44, 42},
		{"Glycoproteomics_Graph_Tool_README.md", 11, 10},
		{"AdaptiveResonanceLib_CITATIONS.txt", 147, 141},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "bibliographies", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			// Entries not read are compared by their text.
			got := slices.DeleteFunc(references(tt.file, data), func(e Entry) bool { return e.Unread != "" })
			t.Logf("%s: %d of %d DOIs read with title, year and first author", tt.file, len(got), tt.dois)
			if n := len(Parse(tt.file, data).DOIs); n != tt.dois || len(got) != tt.want {
				t.Errorf("%d DOIs, %d read; want %d, %d", n, len(got), tt.dois, tt.want)
			}
			for _, e := range got {
				if e.DOI == "" || e.Title == "" || e.Year == 0 || len(e.Authors) == 0 {
					t.Errorf("incomplete entry %+v", e)
				}
			}
		})
	}
}

func TestReadReferencesLines(t *testing.T) {
	tests := []struct {
		name, file, give string
		want             []Entry
	}{
		{"one line one doi", "refs.md", "1. Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/A\n",
			[]Entry{{Label: "line 1", DOI: "10.1234/a", RawDOI: "10.1234/A", Title: "Spin waves in films", Year: 2019, Authors: []string{"Smith J"}}}},
		{"paragraph of one-line references read line by line", "refs.txt",
			"Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a\nOkafor A. Magnon drag at scale. Nature. 2020;3:4. doi:10.1234/b\n",
			[]Entry{
				{Label: "line 1", DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Year: 2019, Authors: []string{"Smith J"}},
				{Label: "line 2", DOI: "10.1234/b", RawDOI: "10.1234/b", Title: "Magnon drag at scale", Year: 2020, Authors: []string{"Okafor A"}},
			}},
		{"two DOIs on one line: the first is its own", "refs.md", "- Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a doi:10.1234/b\n",
			[]Entry{{Label: "line 1", DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Year: 2019, Authors: []string{"Smith J"}}}},
		{"the same DOI twice is one", "refs.md", "- Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a https://doi.org/10.1234/a\n",
			[]Entry{{Label: "line 1", DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Year: 2019, Authors: []string{"Smith J"}}}},
		{"no doi", "refs.md", "- Smith J. Spin waves in films. Lancet. 2019;1:2.\n", []Entry{}},
		{"unparsed line", "refs.md", "- See doi:10.1234/a for details.\n", []Entry{}},
		{"bibtex is ReadEntries' file", "refs.bib", "Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a\n", nil},
		{"stdin is text", "<stdin>", "\ufeffSmith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a\n",
			[]Entry{{Label: "line 1", DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Year: 2019, Authors: []string{"Smith J"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, references(tt.file, []byte(tt.give)), cmpopts.EquateEmpty(), ignoreNew); diff != "" {
				t.Errorf("ReadReferences (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadReferencesLongText: a paragraph longer than one reference is read
// line by line; a line too long to be a reference (a 5 MB token) is not
// read at all.
func TestReadReferencesLongText(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "Smith J. Spin waves in films number %d. Lancet. 2019;1:2. doi:10.1234/n%d\n", i, i)
	}
	got := references("refs.txt", []byte(b.String()))
	if len(got) != 40 || got[39].DOI != "10.1234/n39" || got[39].Label != "line 40" {
		t.Errorf("%d entries, want 40 (last %+v)", len(got), got[len(got)-1])
	}
	huge := "Smith, J. (2019). Spin waves in films. doi:10.1234/" + strings.Repeat("x", 5<<20) + "\n"
	if got := references("refs.md", []byte(huge+huge)); len(got) != 0 {
		t.Errorf("huge lines gave %d entries", len(got))
	}
}
