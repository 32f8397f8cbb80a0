package gates_test

import (
	"context"
	"slices"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// TestGateRefusesWhatATitleOrTypeSaysIsRetracted: a work whose own title
// or type says it is retracted, by the ledger or by the oracle, is refused
// as retracted; a notice's title as not_evidence.
func TestGateRefusesWhatATitleOrTypeSaysIsRetracted(t *testing.T) {
	good := claim("c1", "10.1234/alpha", "screening reduced mortality by 20%")
	tests := []struct {
		name   string
		ledger func(*contract.Entry)
		oracle oracles.Record
		want   contract.Reason
	}{
		{"oracle title", nil, oracles.Record{DOI: "10.1234/alpha", Title: "RETRACTED: Alpha trial"}, contract.ReasonRetracted},
		{"oracle type", nil, oracles.Record{DOI: "10.1234/alpha", Title: "Alpha trial", PubTypes: []string{"Retracted Article"}}, contract.ReasonRetracted},
		{"ledger title", func(e *contract.Entry) { e.Title = "[Retracted] Alpha trial" }, oracles.Record{DOI: "10.1234/alpha", Title: "Alpha trial"}, contract.ReasonRetracted},
		{"oracle notice title", nil, oracles.Record{DOI: "10.1234/alpha", Title: "Statement of Retraction: Alpha trial"}, contract.ReasonNotEvidence},
		{"oracle notice type", nil, oracles.Record{DOI: "10.1234/alpha", Title: "Alpha trial", PubTypes: []string{"PublishedErratum"}}, contract.ReasonNotEvidence},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := testLedger()
			if tt.ledger != nil {
				tt.ledger(&l.Entries[0])
				l.Entries[0].Seal()
			}
			o := knownOracle()
			o.records["10.1234/alpha"] = tt.oracle
			v, _ := gates.New(o).Check(context.Background(), draftOf(good), l, nil)
			if v.Verified || !slices.ContainsFunc(v.Failures, func(d contract.Diagnostic) bool { return d.Reason == tt.want }) {
				t.Errorf("failures %+v, want %s", v.Failures, tt.want)
			}
		})
	}
	if v, _ := gates.New(knownOracle()).Check(context.Background(), draftOf(good), testLedger(), nil); !v.Verified {
		t.Errorf("control refused: %+v", v.Failures)
	}
}

// TestGateRefusesAHiddenCharacterInAClaimID: the gate refuses it itself,
// whatever parsed the draft.
func TestGateRefusesAHiddenCharacterInAClaimID(t *testing.T) {
	c := claim("c1\u200b", "10.1234/alpha", "screening reduced mortality by 20%")
	v, _ := gates.New(knownOracle()).Check(context.Background(), draftOf(c), testLedger(), nil)
	if v.Verified || !slices.ContainsFunc(v.Failures, func(d contract.Diagnostic) bool { return d.Reason == contract.ReasonHiddenCharacters }) {
		t.Errorf("failures %+v, want hidden_characters", v.Failures)
	}
}
