package bib

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// withoutDOI is what check searches by title: the entries that name a
// paper by its title and give no DOI at all, software left out.
func withoutDOI(name string, data []byte) []Entry {
	return slices.DeleteFunc(Parse(name, data).Entries, func(e Entry) bool {
		return e.DOI != "" || e.RawDOI != "" || e.Title == "" || e.Software
	})
}

func TestCFFWithoutDOI(t *testing.T) {
	const cff = `cff-version: 1.2.0
title: citeloop
doi: 10.5281/zenodo.1
preferred-citation:
  type: article
  title: "Charges ride the spin wave"
  year: 2020
  authors:
  - family-names: Müller
    given-names: Hans
references:
- type: article
  title: Deep learning for protein folding
  year: 2019
  authors:
  - family-names: Okafor
    given-names: Ada
- type: article
  title: With a DOI
  doi: 10.5555/has.1
- type: article
  title: With a DOI among its identifiers
  identifiers:
  - type: doi
    value: https://doi.org/10.5555/has.2
- type: software
  title: "R: A Language and Environment for Statistical Computing"
  authors:
  - name: R Core Team
- type: article
  year: 2018
- type: book
  title: Twin studies of sleep
  date-published: 2018-05-01
  authors:
  - name: Sleep Consortium
`
	want := []Entry{
		{Label: "preferred-citation", Title: "Charges ride the spin wave", Year: 2020, Authors: []string{"Müller, Hans"}},
		{Label: "references[0]", Title: "Deep learning for protein folding", Year: 2019, Authors: []string{"Okafor, Ada"}},
		{Label: "references[5]", Title: "Twin studies of sleep", Year: 2018},
	}
	if diff := cmp.Diff(want, withoutDOI("CITATION.cff", []byte("\ufeff"+cff)), ignoreNew); diff != "" {
		t.Errorf("CFFWithoutDOI (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ name, text string }{
		{"refs.md", cff},
		{"refs.bib", cff},
		{"CITATION.cff", "references: [unclosed"},
		{"CITATION.cff", ""},
	} {
		if got := withoutDOI(tt.name, []byte(tt.text)); len(got) != 0 {
			t.Errorf("withoutDOI(%s, %.20q) = %+v, want none", tt.name, tt.text, got)
		}
	}
}
