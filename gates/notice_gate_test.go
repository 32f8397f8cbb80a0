package gates_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// TestGateRefusesNoticesByEverySignal: a notice is never evidence, whether
// the ledger or the oracle says so, by a publication type in any spelling,
// a notice flag or a title announcing it; research, a retracted paper (it
// fails for its retraction) and a preprint are not notices.
func TestGateRefusesNoticesByEverySignal(t *testing.T) {
	good := claim("c1", "10.1234/alpha", "Screening reduced mortality by 20%")
	tests := []struct {
		name   string
		entry  func(*contract.Entry)
		record func(*oracles.Record)
		want   contract.Reason
		detail string
	}{
		{name: "correction typed only correction", entry: func(e *contract.Entry) { e.PubTypes = []string{"correction"} }, want: contract.ReasonNotEvidence, detail: "correction"},
		{name: "retraction typed only retraction", record: func(r *oracles.Record) { r.PubTypes = []string{"retraction"} }, want: contract.ReasonNotEvidence, detail: "retraction"},
		{name: "expression of concern", record: func(r *oracles.Record) { r.PubTypes = []string{"Expression of Concern"} }, want: contract.ReasonNotEvidence, detail: "expression_of_concern"},
		{name: "erratum in capitals", entry: func(e *contract.Entry) { e.PubTypes = []string{"PUBLISHED ERRATUM"} }, want: contract.ReasonNotEvidence, detail: "erratum"},
		{name: "title announces a correction", entry: func(e *contract.Entry) { e.Title = "Correction to: Alpha trial" }, want: contract.ReasonNotEvidence, detail: "title"},
		{name: "oracle title announces a retraction", record: func(r *oracles.Record) { r.Title = "Retraction Note: Alpha trial" }, want: contract.ReasonNotEvidence, detail: "retraction"},
		{name: "title in markup", entry: func(e *contract.Entry) { e.Title = "<i>Erratum</i>: Alpha trial" }, want: contract.ReasonNotEvidence, detail: "erratum"},
		{name: "comment only", record: func(r *oracles.Record) { r.PubTypes = []string{"Comment", "Journal Article"} }, want: contract.ReasonNotEvidence, detail: "comment"},
		{name: "erratum flag", entry: func(e *contract.Entry) { e.Erratum = true }, want: contract.ReasonNotEvidence},
		{name: "research", entry: func(e *contract.Entry) { e.PubTypes = []string{"Journal Article", "Review"} }},
		{name: "preprint", record: func(r *oracles.Record) { r.Preprint = true }},
		{name: "comment and trial", record: func(r *oracles.Record) { r.PubTypes = []string{"Comment", "Randomized Controlled Trial"} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := testLedger()
			if tt.entry != nil {
				tt.entry(&l.Entries[0])
			}
			o := knownOracle()
			rec := o.records["10.1234/alpha"]
			if tt.record != nil {
				tt.record(&rec)
			}
			o.records["10.1234/alpha"] = rec
			v, _ := gates.New(o).Check(context.Background(), draftOf(good), l, nil)
			if tt.want == "" {
				if !v.Verified {
					t.Fatalf("refused: %+v", v.Failures)
				}
				return
			}
			if len(v.Failures) != 1 || v.Failures[0].Reason != tt.want || !strings.Contains(v.Failures[0].Detail, tt.detail) {
				t.Fatalf("failures %+v, want one %s naming %q", v.Failures, tt.want, tt.detail)
			}
		})
	}
}

// TestGateMatchesObjectionsToClaimsByFoldedID: an objection to " C1 "
// names claim "c1", and the diagnostic says "c1".
func TestGateMatchesObjectionsToClaimsByFoldedID(t *testing.T) {
	d := draftOf(claim("c1", "10.1234/alpha", "Screening reduced mortality by 20%"))
	v, _ := gates.New(knownOracle()).Check(context.Background(), d, testLedger(), []contract.Objection{{ClaimID: " C1 ", Kind: contract.KindOverclaim, Detail: "too strong"}})
	if len(v.Failures) != 1 || v.Failures[0].ClaimID != "c1" || v.Failures[0].Reason != contract.ReasonOpenObjection {
		t.Errorf("failures %+v, want one open_objection for c1", v.Failures)
	}
	v, _ = gates.New(knownOracle()).Check(context.Background(), d, testLedger(), []contract.Objection{{ClaimID: "c9", Kind: contract.KindOther, Detail: "?"}})
	if len(v.Failures) != 1 || v.Failures[0].ClaimID != "c9" {
		t.Errorf("an objection to no claim keeps its id: %+v", v.Failures)
	}
}
