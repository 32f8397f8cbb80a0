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

// TestMismatch: an entry that describes its DOI's record wrongly is a
// mismatch naming the field, the entry's value and the record's, in
// BibTeX, RIS, CSL JSON and reference lines; typography and a subtitle
// left out are not. Field by field (package compare): a one-word title
// change, a year one off, another first author are all mismatches.
func TestMismatch(t *testing.T) {
	const d1 = "10.5555/paper.1"
	rec := oracles.Record{DOI: d1, Title: "Charges ride the spin wave: magnon drag in thin films", Year: 2020, Authors: []string{"H. Müller", "A. Okafor"},
		Journal: "Physical Review B", JournalAbbrevs: []string{"Phys Rev B"}, Volume: "12", Pages: "1-5"}
	c := check.New(oracletest.NewFake("crossref", []oracles.Record{rec}, nil), nil, check.Options{})
	bib := func(title, year, author string) string {
		return fmt.Sprintf("@article{k,\n  title = {%s},\n  author = {%s},\n  year = {%s},\n  doi = {%s}\n}\n", title, author, year, d1)
	}
	tests := []struct {
		name, file, text string
		want             string // verdict of d1
		field            string // the first mismatching field
		why              string // in the row's error
	}{
		{"bibtex matching", "a.bib", bib("Charges ride the {S}pin wave", "2020", "M{\\\"u}ller, Hans and Okafor, Ada"), "found", "", ""},
		{"year off by one", "b.bib", bib("Charges ride the spin wave", "2021", "Hans Müller and Ada Okafor"), "mismatch", "year", "year: 2021, the record 2020"},
		{"wrong title", "c.bib", bib("Deep learning for protein folding", "2020", "Müller, Hans and others"), "mismatch", "title", "title: "},
		{"one word changed", "c2.bib", bib("Charges ride the spin current", "2020", "Müller, Hans and others"), "mismatch", "title", "“current” for “wave"},
		{"wrong first author", "e.bib", bib("Charges ride the spin wave", "2020", "Smith, Jane and Müller, Hans"), "mismatch", "authors", "author 1"},
		{"two of two, one missing", "e2.bib", bib("Charges ride the spin wave", "2020", "Müller, Hans"), "mismatch", "authors", "no “et al.”"},
		{"another journal", "j.bib", "@article{k, title={Charges ride the spin wave}, author={Müller, H. and Okafor, A.}, journal={Nature Physics}, year=2020, doi={" + d1 + "}}",
			"mismatch", "venue", `"Nature Physics"`},
		{"the journal abbreviated, pages shortened", "j2.bib", "@article{k, title={Charges ride the spin wave}, author={Müller, H. and Okafor, A.}, journal={Phys. Rev. B}, volume=12, pages={1--5}, year=2020, doi={" + d1 + "}}",
			"found", "", ""},
		{"other pages", "j3.bib", "@article{k, title={Charges ride the spin wave}, author={Müller, H. and Okafor, A.}, journal={Phys. Rev. B}, volume=12, pages={7--9}, year=2020, doi={" + d1 + "}}",
			"mismatch", "pages", "pages 7–9"},
		{"ris wrong title", "f.ris", "TY  - JOUR\nTI  - A different paper entirely\nAU  - Müller, Hans\nAU  - Okafor, Ada\nPY  - 2020\nDO  - " + d1 + "\nER  - \n", "mismatch", "title", "title: "},
		{"csl json wrong year", "g.json", `[{"DOI":"` + d1 + `","title":"Charges ride the spin wave","author":[{"family":"Müller","given":"Hans"},{"family":"Okafor","given":"Ada"}],"issued":{"date-parts":[[2009]]}}]`, "mismatch", "year", "year: 2009"},
		{"markdown line with no journal and year is not compared", "h.md", "Smith J. Deep learning. 1999. doi:" + d1 + "\n", "found", "", ""},
		{"markdown APA line wrong title", "i.md", "- Müller, H., & Okafor, A. (2020). Deep learning for protein folding. Nature, 1, 2. doi:" + d1 + "\n", "mismatch", "title", "title: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, row := one(t, c, tt.file, tt.text)
			if row.Verdict != tt.want || !strings.Contains(row.Error, tt.why) {
				t.Errorf("verdict %q (%s), want %q with %q", row.Verdict, row.Error, tt.want, tt.why)
			}
			if tt.want != "mismatch" {
				return
			}
			if rep.Status() != check.NotVerified || len(row.Mismatches) == 0 || row.Mismatches[0].Field != tt.field || row.Mismatches[0].Record == "" {
				t.Errorf("status %v, mismatches %+v: want not verified, first on %s with the record's value", rep.Status(), row.Mismatches, tt.field)
			}
		})
	}
}

// TestMismatchSuggestsTheEntrysPaper: a mismatch entry is searched by title
// and first author; the one other paper that agrees in every field is
// suggested, and --fix (Fixed) changes BibTeX but never a Markdown file.
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
	if !strings.Contains(row.Error, "title: ") || !strings.Contains(row.Error, "; the entry's paper is "+right) {
		t.Errorf("error %q: want the title's difference, and the suggestion", row.Error)
	}
	if q := search.Queries(); !cmp.Equal(q, []oracles.Query{{Title: "Charges ride the spin wave", Author: "Müller"}}) {
		t.Errorf("queries %+v, want the entry's title and first author's family name", q)
	}
	if fixed, fixes, err := rep.Fixed(check.Document{Name: "refs.md", Text: text}); err != nil || fixed != text || len(fixes) != 0 {
		t.Errorf("Fixed of a Markdown file: %d fixes, %v; want it unchanged", len(fixes), err)
	}
}
