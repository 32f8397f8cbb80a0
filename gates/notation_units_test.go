package gates_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// A unit with a superscript after its number ("4 cm²", "25 kg/m²") is
// held by a quote that holds it, as the source writes it or with
// <sup>; another unit, or the notation dropped, is not.
func TestNotationOfAUnitAfterItsNumber(t *testing.T) {
	tests := []struct {
		abstract, claim, quote string
		verified               bool
	}{
		{"The mean lesion area was 4 cm² at baseline in the cohort.", "The lesion area was 4 cm² on average.", "The mean lesion area was 4 cm²", true},
		{"The mean lesion area was 4 cm<sup>2</sup> at baseline in the cohort.", "The lesion area was 4 cm² on average.", "The mean lesion area was 4 cm²", true},
		{"Obesity was a body mass index of 30 kg/m² or more in every arm.", "Obesity meant a body mass index of 30 kg/m² or more.", "Obesity was a body mass index of 30 kg/m²", true},
		{"The dose was 75 mg/m² given every three weeks in the trial.", "Patients received 75 mg/m² every three weeks.", "The dose was 75 mg/m² given every three weeks", true},
		{"The mean lesion area was 4 cm² at baseline in the cohort.", "The lesion area was 4 m² on average.", "The mean lesion area was 4 cm²", false},
		{"The mean lesion area was 4 cm² at baseline in the cohort.", "The lesion area was 4 cm³ on average.", "The mean lesion area was 4 cm²", false},
	}
	for _, tt := range tests {
		e := contract.Entry{ID: "S1", DOI: "10.5555/units", Title: "Measures", Abstract: contract.CleanText(tt.abstract)}
		e.Seal()
		l := contract.Ledger{Entries: []contract.Entry{e}}
		o := &fakeOracle{records: map[string]oracles.Record{e.DOI: {DOI: e.DOI, Title: e.Title, Abstract: e.Abstract}}}
		d := draftOf(contract.Claim{ID: "c1", Text: tt.claim, Citations: []contract.Citation{{DOI: e.DOI, Quote: tt.quote}}})
		v, _ := gates.New(o).Check(context.Background(), d, l, nil)
		if v.Verified != tt.verified {
			t.Errorf("%q citing %q: verified %v, want %v (%+v)", tt.claim, tt.quote, v.Verified, tt.verified, v.Failures)
		}
	}
}
