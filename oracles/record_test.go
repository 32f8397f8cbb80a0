package oracles_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
)

func TestRecordMerge(t *testing.T) {
	have := oracles.Record{DOI: "10.1234/a", Title: "From the oracle", Year: 2024, Preprint: false}
	other := oracles.Record{DOI: "10.1234/a", Title: "From the file", Abstract: "Only the file has it.", Authors: []string{"Doe J"}, Journal: "J", Year: 1999, Retracted: true, Preprint: true, PublishedDOI: "10.1234/b"}
	want := oracles.Record{DOI: "10.1234/a", Title: "From the oracle", Abstract: "Only the file has it.", Authors: []string{"Doe J"}, Journal: "J", Year: 2024, Retracted: true, Preprint: true, PublishedDOI: "10.1234/b"}
	if diff := cmp.Diff(want, have.Merge(other)); diff != "" {
		t.Errorf("Merge (-want +got):\n%s", diff)
	}
	if have.Abstract != "" || have.Retracted {
		t.Error("Merge changed its receiver")
	}
}

// TestRecordMergePublished: the published-version link travels whole, a
// DOI over a bare id, and a DOI both sources give names both.
func TestRecordMergePublished(t *testing.T) {
	epmcID := oracles.Record{PublishedAs: "MED 1", PublishedBy: "europepmc"}
	epmcDOI := oracles.Record{PublishedDOI: "10.1/q", PublishedAs: "MED 1", PublishedBy: "europepmc"}
	cr := oracles.Record{PublishedDOI: "10.1/q", PublishedBy: "crossref"}
	crOther := oracles.Record{PublishedDOI: "10.1/z", PublishedBy: "crossref"}
	tests := []struct {
		name        string
		have, other oracles.Record
		want        oracles.Record
	}{
		{"doi over id", epmcID, cr, cr},
		{"id kept against nothing", epmcID, oracles.Record{}, epmcID},
		{"id taken from other", oracles.Record{}, epmcID, epmcID},
		{"same doi from both", epmcDOI, cr, oracles.Record{PublishedDOI: "10.1/q", PublishedAs: "MED 1", PublishedBy: "europepmc+crossref"}},
		{"different dois: the receiver's", epmcDOI, crOther, epmcDOI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.have.Merge(tt.other)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Merge (-want +got):\n%s", diff)
			}
		})
	}
}
