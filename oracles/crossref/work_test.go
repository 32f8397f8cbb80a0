package crossref_test

import (
	"testing"

	"github.com/citeloop/citeloop/oracles/crossref"
)

// TestWorkFlags covers the update shapes Crossref documents: updated-by on a
// retracted original (Retraction Watch data since 2024), update-to on the
// notice, update-to naming the work itself (in-place retraction), and
// posted-content preprints. Bodies are minimal works of the recorded shape.
func TestWorkFlags(t *testing.T) {
	type flags struct {
		retracted, notice, erratum, preprint bool
		published                            string
	}
	tests := []struct {
		name string
		give string
		want flags
	}{
		{"clean", `{"message":{"DOI":"10.1/a","type":"journal-article"}}`, flags{}},
		{"updated-by retraction", `{"message":{"DOI":"10.1/a","updated-by":[{"DOI":"10.1/notice","type":"retraction","source":"retraction-watch","label":"Retraction"}]}}`, flags{retracted: true}},
		{"updated-by withdrawal", `{"message":{"DOI":"10.1/a","updated-by":[{"DOI":"10.1/n","type":"withdrawal"}]}}`, flags{retracted: true}},
		{"updated-by correction only", `{"message":{"DOI":"10.1/a","updated-by":[{"DOI":"10.1/n","type":"correction"}]}}`, flags{}},
		{"retraction notice", `{"message":{"DOI":"10.1/notice","update-to":[{"DOI":"10.1/a","type":"retraction","label":"Retraction"}]}}`, flags{notice: true}},
		{"in-place retraction", `{"message":{"DOI":"10.1007/s11277-021-09072-0","update-to":[{"DOI":"10.1007/S11277-021-09072-0","type":"retraction"}]}}`, flags{retracted: true}},
		{"erratum", `{"message":{"DOI":"10.1/e","update-to":[{"DOI":"10.1/a","type":"correction"}]}}`, flags{erratum: true}},
		{"preprint", `{"message":{"DOI":"10.1101/2020.01.01.1","type":"posted-content","subtype":"preprint"}}`, flags{preprint: true}},
		{"preprint with a published version", `{"message":{"DOI":"10.1101/2020.01.01.1","type":"posted-content","subtype":"preprint",` +
			`"relation":{"is-preprint-of":[{"id-type":"doi","id":"10.1038/S41586-020-2012-7","asserted-by":"subject"}]}}}`, flags{preprint: true, published: "10.1038/s41586-020-2012-7"}},
		{"is-preprint-of a URL only", `{"message":{"DOI":"10.1101/2020.01.01.1","relation":{"is-preprint-of":[{"id-type":"uri","id":"https://example.org/x"}]}}}`, flags{}},
		{"other relation", `{"message":{"DOI":"10.1/a","relation":{"has-preprint":[{"id-type":"doi","id":"10.1101/2020.01.01.1"}]}}}`, flags{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := crossref.ParseWork([]byte(tt.give))
			if err != nil {
				t.Fatal(err)
			}
			r := w.Record()
			got := flags{r.Retracted, r.RetractionNotice, r.Erratum, r.Preprint, r.PublishedDOI}
			if got != tt.want {
				t.Errorf("flags = %+v, want %+v", got, tt.want)
			}
		})
	}
}
