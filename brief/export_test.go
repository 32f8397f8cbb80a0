package brief_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
)

// exportLedger holds hostile entries: same author, year and first word
// (key collisions), TeX and RIS markup, accents, a consortium, a preprint.
func exportEntries() []contract.Entry {
	return []contract.Entry{
		{ID: "S1", DOI: "10.1002/hpja.70059", PMID: "40437959", PMCID: "PMC12120539", Title: "Co-Designed Cancer Screening: 50% & more_{x}", Authors: []string{"Kwok C", "Xu X"}, Journal: "Health promotion journal", Year: 2025},
		{ID: "S2", DOI: "10.1002/hpja.70052", Title: "Co-Designed strategy\nTY  - JOUR for bowel cancer", Authors: []string{"Kwok C"}, Journal: "Health promotion journal", Year: 2025},
		{ID: "S3", DOI: "10.1101/2024.01.01.123456", Title: "Évaluation of screening", Authors: []string{"Müller-Lüdenscheidt A", "PLCO Project Team"}, Year: 2024, Preprint: true},
		{ID: "S4", DOI: "10.1000/no-author", Title: "On it"},
	}
}

func TestBibKeysAreStableAndDistinct(t *testing.T) {
	got := brief.BibKeys(exportEntries())
	want := []string{"kwok2025codesigneda", "kwok2025codesignedb", "mullerludenscheidt2024evaluation", "anonnd"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("keys (-want +got):\n%s", d)
	}
}

// Every export parses back, with the project's own readers, to the ledger's
// DOI, title, authors' family names, journal and year.
func TestExportsParseBackToTheLedger(t *testing.T) {
	entries := exportEntries()
	for _, f := range []brief.Format{brief.BibTeX, brief.RIS, brief.CSL} {
		t.Run(string(f), func(t *testing.T) {
			data, err := brief.RenderExport(f, entries)
			if err != nil {
				t.Fatal(err)
			}
			docs, err := collect.ParseReferences(brief.BriefFile(f), data)
			if err != nil {
				t.Fatalf("parse back: %v\n%s", err, data)
			}
			if len(docs) != len(entries) {
				t.Fatalf("parsed %d records, want %d:\n%s", len(docs), len(entries), data)
			}
			for i, e := range entries {
				r := docs[i].Record
				if r.DOI != e.DOI || r.Year != e.Year || r.Journal != e.Journal {
					t.Errorf("record %d: doi %q year %d journal %q, want %q %d %q", i, r.DOI, r.Year, r.Journal, e.DOI, e.Year, e.Journal)
				}
				// Whitespace runs fold to one space; BibTeX drops a title's
				// braces, which would otherwise be read as markup.
				want, got := strings.Join(strings.Fields(e.Title), " "), strings.Join(strings.Fields(r.Title), " ")
				if f == brief.BibTeX {
					want = strings.NewReplacer("{", "", "}", "").Replace(want)
				}
				if got != want {
					t.Errorf("record %d: title %q, want %q", i, r.Title, want)
				}
				if len(r.Authors) != len(e.Authors) {
					t.Errorf("record %d: authors %q, want %q", i, r.Authors, e.Authors)
					continue
				}
				for j, a := range e.Authors {
					family := strings.Fields(a)[0]
					if !strings.Contains(r.Authors[j], family) {
						t.Errorf("record %d author %d: %q lost the family name %q", i, j, r.Authors[j], family)
					}
				}
			}
		})
	}
}

func TestCSLIsCSLJSON(t *testing.T) {
	data, err := brief.RenderExport(brief.CSL, exportEntries())
	if err != nil {
		t.Fatal(err)
	}
	var items []struct {
		ID     string `json:"id"`
		Type   string `json:"type"`
		DOI    string `json:"DOI"`
		PMID   string `json:"PMID"`
		Author []struct {
			Family, Given, Literal string
		} `json:"author"`
		Issued struct {
			DateParts [][]int `json:"date-parts"`
		} `json:"issued"`
	}
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	if items[0].ID != "kwok2025codesigneda" || items[0].PMID != "40437959" || items[0].Author[0].Family != "Kwok" || items[0].Author[0].Given != "C" || items[0].Issued.DateParts[0][0] != 2025 {
		t.Errorf("first item %+v", items[0])
	}
	if items[2].Type != "article" || items[2].Author[1].Literal != "PLCO Project Team" {
		t.Errorf("preprint item %+v, want type article and a literal consortium", items[2])
	}
}
