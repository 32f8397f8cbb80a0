package bib

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Each reader gives every entry the line it starts on and the fields the
// comparison reads: CFF pages from start and end, people as "Family,
// Given", an entity author list left out, a software reference without
// its year, the conference as the venue; RIS pages from SP and EP, a
// record without ER ended by the next TY; BibTeX entries by their @ line.
func TestReadersFieldsAndLines(t *testing.T) {
	tests := []struct {
		name, file, data string
		want             []Entry
	}{
		{"cff", "CITATION.cff", `cff-version: 1.2.0
title: tool
preferred-citation:
  type: article
  title: "Spin  waves"
  year: 2020
  journal: Nature
  volume: "12"
  issue: "3"
  start: "101"
  end: "109"
  authors:
  - family-names: Müller
    given-names: Hans
  - family-names: Okafor
references:
- type: software
  title: R
  year: 2023
  authors:
  - name: R Core Team
- type: conference-paper
  title: A talk
  date-published: 2019-05-01
  start: "7"
  end: "7"
  conference:
    name: ICML
`, []Entry{
			{Label: "preferred-citation", Line: 3, Title: "Spin waves", Journal: "Nature", Volume: "12", Issue: "3", Pages: "101-109", Year: 2020,
				Authors: []string{"Müller, Hans", "Okafor"}, Type: TypeArticle},
			{Label: "references[0]", Line: 17, Title: "R", Software: true, Type: TypeOther},
			{Label: "references[1]", Line: 22, Title: "A talk", Journal: "ICML", Pages: "7", Year: 2019, Type: TypeOther},
		}},
		{"ris", "refs.ris", "TY  - JOUR\nTI  - One\nSP  - 5\nEP  - 9\nVL  - 2\nIS  - 1\nPY  - 2021\nTY  - BOOK\nTI  - Two\nSP  - 3\nEP  - 3\nER  - \n", []Entry{
			{Label: "record 1 (line 1)", Line: 1, Title: "One", Pages: "5-9", Volume: "2", Issue: "1", Year: 2021, Type: TypeArticle},
			{Label: "record 2 (line 8)", Line: 8, Title: "Two", Pages: "3", Type: TypeOther},
		}},
		{"bibtex", "refs.bib", "% a comment\n@article{a,\n  title = {One},\n  year = 2020\n}\n\n@string{j = \"J\"}\n@book{b, title = {Two}}\n", []Entry{
			{Label: "a", Line: 2, Title: "One", Year: 2020, Type: TypeArticle},
			{Label: "b", Line: 8, Title: "Two", Type: TypeOther},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Parse(tt.file, []byte(tt.data)).Entries
			opts := cmp.Options{cmpopts.EquateEmpty(), cmpopts.IgnoreFields(Entry{}, "Text", "Unread"), entryOnly}
			if diff := cmp.Diff(tt.want, got, opts); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
		})
	}
}
