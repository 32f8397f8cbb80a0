package check_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// TestMismatch: a real DOI of the wrong paper is a mismatch when the
// entry's title, year or first author disagree with the record, in BibTeX,
// RIS, CSL JSON and reference lines; a subtitle left out or a year off by
// one is not. The title threshold is the caller's.
func TestMismatch(t *testing.T) {
	const d1 = "10.5555/paper.1"
	rec := oracles.Record{DOI: d1, Title: "Charges ride the spin wave: magnon drag in thin films", Year: 2020, Authors: []string{"A. Müller", "A. Okafor"}}
	c := check.New(oracletest.NewFake("crossref", []oracles.Record{rec}, nil), nil, check.Options{})
	bib := func(title, year, author string) string {
		return fmt.Sprintf("@article{k,\n  title = {%s},\n  author = {%s},\n  year = {%s},\n  doi = {%s}\n}\n", title, author, year, d1)
	}
	tests := []struct {
		name, file, text string
		want             string // verdict of d1
		why              string // in the row's error
	}{
		{"bibtex matching", "a.bib", bib("Charges ride the {S}pin wave", "2020", "Muller, Hans and Okafor, Ada"), "found", ""},
		{"subtitle left out, year off by one", "b.bib", bib("Charges ride the spin wave", "2021", "Hans Müller"), "found", ""},
		{"wrong title", "c.bib", bib("Deep learning for protein folding", "2020", "Müller, Hans"), "mismatch", "title similarity"},
		{"wrong year", "d.bib", bib("Charges ride the spin wave", "2017", "Müller, Hans"), "mismatch", "year 2017, record 2020"},
		{"wrong first author", "e.bib", bib("Charges ride the spin wave", "2020", "Smith, Jane and Müller, Hans"), "mismatch", `first author "Smith, Jane"`},
		{"ris wrong title", "f.ris", "TY  - JOUR\nTI  - A different paper entirely\nAU  - Müller, Hans\nPY  - 2020\nDO  - " + d1 + "\nER  - \n", "mismatch", "title similarity"},
		{"csl json wrong year", "g.json", `[{"DOI":"` + d1 + `","title":"Charges ride the spin wave","author":[{"family":"Okafor","given":"Ada"}],"issued":{"date-parts":[[2009]]}}]`, "mismatch", "year 2009"},
		{"markdown line with no journal and year is not compared", "h.md", "Smith J. Deep learning. 1999. doi:" + d1 + "\n", "found", ""},
		{"markdown APA line wrong title", "i.md", "- Müller, H. (2020). Deep learning for protein folding. Nature, 1, 2. doi:" + d1 + "\n", "mismatch", "title similarity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, row := one(t, c, tt.file, tt.text)
			if row.Verdict != tt.want || !strings.Contains(row.Error, tt.why) {
				t.Errorf("verdict %q (%s), want %q with %q", row.Verdict, row.Error, tt.want, tt.why)
			}
			if tt.want == "mismatch" && (rep.Status() != check.NotVerified || !strings.Contains(row.Error, `record "Charges ride the spin wave: magnon drag`)) {
				t.Errorf("status %v, error %q: want not verified and both titles", rep.Status(), row.Error)
			}
		})
	}
	// 4 of 6 words shared (0.67) is a mismatch at the default 0.8 and found
	// at 0.6.
	wave := bib("Charges ride the wave of magnons", "2020", "Müller, Hans")
	if _, row := one(t, c, "z.bib", wave); row.Verdict != "mismatch" || !strings.Contains(row.Error, "title similarity 0.67 < 0.80") {
		t.Errorf("default threshold: %s (%s)", row.Verdict, row.Error)
	}
	loose := check.New(oracletest.NewFake("crossref", []oracles.Record{rec}, nil), nil, check.Options{TitleSimilarity: 0.6})
	if _, row := one(t, loose, "z.bib", wave); row.Verdict != "found" {
		t.Errorf("threshold 0.6: %s (%s), want found", row.Verdict, row.Error)
	}
}

// TestMismatchSuggestsTheEntrysPaper: a mismatch entry is searched by title
// and first author; the one other paper that fits is suggested, and --fix
// (Fixed) changes BibTeX but never a Markdown file.
func TestMismatchSuggestsTheEntrysPaper(t *testing.T) {
	const (
		wrong = "10.5555/deep.1"
		right = "10.5555/magnon.1"
	)
	deep := oracles.Record{DOI: wrong, Title: "Deep learning for protein folding", Year: 2020, Authors: []string{"Müller H."}}
	magnon := oracles.Record{DOI: right, Title: "Charges ride the spin wave: magnon drag in thin films", Year: 2020, Authors: []string{"Müller H", "Okafor A."}}
	search := oracletest.NewFakeSearcher("europepmc", all(deep, magnon))
	c := check.New(oracletest.NewFake("europepmc", []oracles.Record{deep}, nil), []oracles.Searcher{search}, check.Options{})
	text := "# References\n\n1. Müller, H., & Okafor, A. (2020). Charges ride the spin wave. *Phys. Rev. B*, 12, 1–5.\n   https://doi.org/" + wrong + "\n"
	rep, row := one(t, c, "refs.md", text)
	if row.Verdict != "mismatch" || row.SuggestedDOI != right || row.Candidates != 1 || row.Entry == nil || row.Entry.Label != "line 3" {
		t.Errorf("row %+v; want mismatch suggesting %s for line 3", row, right)
	}
	if !strings.Contains(row.Error, `entry "Charges ride the spin wave" (2020), record "Deep learning for protein folding" (2020); the entry's paper is `+right) {
		t.Errorf("error %q: want both titles and years, and the suggestion", row.Error)
	}
	if q := search.Queries(); !cmp.Equal(q, []oracles.Query{{Title: "Charges ride the spin wave", Author: "Müller"}}) {
		t.Errorf("queries %+v, want the entry's title and first author's family name", q)
	}
	if fixed, fixes, err := rep.Fixed(check.Document{Name: "refs.md", Text: text}); err != nil || fixed != text || len(fixes) != 0 {
		t.Errorf("Fixed of a Markdown file: %d fixes, %v; want it unchanged", len(fixes), err)
	}
}
