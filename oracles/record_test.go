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
