package agents

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
)

// TestCitedFindsEverySpellingTheGateAccepts: the skeptic is shown the source
// of any citation the gate would accept, whatever its spelling.
func TestCitedFindsEverySpellingTheGateAccepts(t *testing.T) {
	ledger := contract.Ledger{Entries: []contract.Entry{{ID: "S1", DOI: "10.1111/bjhp.12807"}, {ID: "S2", DOI: "10.1002/cncr.35944"}}}
	tests := []struct {
		give string
		want []string
	}{
		{give: "10.1111/bjhp.12807", want: []string{"S1"}},
		{give: "http://dx.doi.org/10.1111/BJHP.12807", want: []string{"S1"}},
		{give: "https://doi.org/10.1111%2Fbjhp.12807", want: []string{"S1"}},
		{give: "doi:10.1002/cncr.35944", want: []string{"S2"}},
		{give: "10.1111/bjhp.1280", want: nil},
	}
	for _, tt := range tests {
		var got []string
		for _, e := range cited(ledger, []contract.Claim{{ID: "c", Citations: []contract.Citation{{DOI: tt.give}}}}) {
			got = append(got, e.ID)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("cited(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
}
