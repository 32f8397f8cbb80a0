package offline_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// TestExtractiveWriterTitlePassesTheGate: the title names the topic only
// when the gate's prose rule holds it against the draft's quotes and cited
// titles; a number the sources lack gives the plain title, on a first pass
// and on a repair (where the gate faulted the old title).
func TestExtractiveWriterTitlePassesTheGate(t *testing.T) {
	w := offline.ExtractiveWriter{ProseHolds: gates.ProseBacked}
	tests := []struct{ topic, want string }{
		{"cancer screening", "Sourced brief: cancer screening"},
		{"type 2 diabetes and cancer screening", "Sourced brief"},
		{"cancer screening (Smith et al., 2020)", "Sourced brief"},
		{"bowel cancer screening in remote Tasmania", "Sourced brief: bowel cancer screening in remote Tasmania"},
	}
	for _, tt := range tests {
		req := contract.WriteRequest{Lead: contract.Lead{Topic: tt.topic}, Ledger: offlineLedger(), Iteration: 1}
		res, err := w.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if res.Draft.Title != tt.want {
			t.Errorf("topic %q: title %q, want %q", tt.topic, res.Draft.Title, tt.want)
		}
		prev := res.Draft
		prev.Title = "Sourced brief: " + tt.topic
		rep, err := w.Write(context.Background(), contract.WriteRequest{Lead: req.Lead, Ledger: req.Ledger, Iteration: 2, Previous: &prev,
			Diagnostics: []contract.Diagnostic{{Reason: contract.ReasonNumberNotInQuote}}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Draft.Title != tt.want {
			t.Errorf("topic %q: repaired title %q, want %q", tt.topic, rep.Draft.Title, tt.want)
		}
	}
	if got, _ := (offline.ExtractiveWriter{}).Write(context.Background(), contract.WriteRequest{Lead: contract.Lead{Topic: "type 2 cancer screening"}, Ledger: offlineLedger()}); got.Draft.Title != "Sourced brief: type 2 cancer screening" {
		t.Errorf("without the rule the title is the topic's: %q", got.Draft.Title)
	}
}
