package agents_test

import (
	"context"
	"errors"
	"testing"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

func reviewRequest(t *testing.T) contract.ReviewRequest {
	t.Helper()
	l := loadLedger(t)
	d, err := contract.ParseDraft([]byte(draftJSON(t, l)))
	if err != nil {
		t.Fatal(err)
	}
	return contract.ReviewRequest{Lead: l.Lead, Ledger: l, Iteration: 1, Draft: d}
}

func TestSkepticAnswers(t *testing.T) {
	tests := []struct {
		name      string
		give      replyFunc
		want      []contract.Objection
		wantKind  agents.Kind
		wantCalls int
	}{
		{name: "empty list is no objection", give: geminiText(`{"objections": []}`, "STOP"), want: []contract.Objection{}, wantCalls: 1},
		{
			name:      "objection kept",
			give:      geminiText(`{"objections":[{"claim_id":"C2","kind":"overclaim","detail":"the source reports prevalence in one cohort"}]}`, "STOP"),
			want:      []contract.Objection{{ClaimID: "C2", Kind: contract.KindOverclaim, Detail: "the source reports prevalence in one cohort"}},
			wantCalls: 1,
		},
		{
			name:      "objection to an unknown claim is a contract breach, never dropped",
			give:      geminiText(`{"objections":[{"claim_id":"C9","kind":"other","detail":"x"},{"claim_id":"C1","kind":"unsupported","detail":"y"}]}`, "STOP"),
			wantKind:  agents.KindInvalidJSON,
			wantCalls: 1,
		},
		{
			name:      "claim id matched trimmed and case-folded",
			give:      geminiText(`{"objections":[{"claim_id":" c2","kind":"overclaim","detail":"a"},{"claim_id":"C1 ","kind":"unsupported","detail":"b"}]}`, "STOP"),
			want:      []contract.Objection{{ClaimID: "C2", Kind: contract.KindOverclaim, Detail: "a"}, {ClaimID: "C1", Kind: contract.KindUnsupported, Detail: "b"}},
			wantCalls: 1,
		},
		{
			name:      "objections key twice is an error, not the last list",
			give:      geminiText(`{"objections":[{"claim_id":"C1","kind":"unsupported","detail":"y"}],"objections":[]}`, "STOP"),
			wantKind:  agents.KindInvalidJSON,
			wantCalls: 1,
		},
		{name: "free text is an error", give: geminiText("The draft looks well supported to me.", "STOP"), wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "unknown kind is an error", give: geminiText(`{"objections":[{"claim_id":"C1","kind":"style","detail":"x"}]}`, "STOP"), wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "null objections is an error", give: geminiText(`{"objections": null}`, "STOP"), wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "rewrite attempt is an error", give: geminiText(`{"objections":[],"draft":{"title":"better"}}`, "STOP"), wantKind: agents.KindInvalidJSON, wantCalls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFake(t, tt.give)
			s := agents.NewSkeptic(newGemini(t, srv.URL, "skeptic-model"), agents.WithRetryPolicy(fastRetry()))
			res, err := s.Review(context.Background(), reviewRequest(t))
			if srv.calls() != tt.wantCalls {
				t.Errorf("calls = %d, want %d", srv.calls(), tt.wantCalls)
			}
			if tt.wantKind != "" {
				var ce *agents.CallError
				if !errors.As(err, &ce) || ce.Kind != tt.wantKind || ce.Agent != "skeptic" || !errors.Is(err, agents.ErrModel) {
					t.Fatalf("err = %v, want skeptic %s", err, tt.wantKind)
				}
				return
			}
			if err != nil {
				t.Fatalf("Review: %v", err)
			}
			if len(res.Objections.Objections) != len(tt.want) {
				t.Fatalf("objections = %+v, want %+v", res.Objections.Objections, tt.want)
			}
			for i := range tt.want {
				if res.Objections.Objections[i] != tt.want[i] {
					t.Errorf("objection %d = %+v, want %+v", i, res.Objections.Objections[i], tt.want[i])
				}
			}
			if res.Usage.Calls != 1 || res.Usage.Model != "skeptic-model" {
				t.Errorf("usage = %+v", res.Usage)
			}
		})
	}
}

func TestSkepticSkipsADraftWithoutClaims(t *testing.T) {
	srv := newFake(t, geminiText(`{"objections":[]}`, "STOP"))
	s := agents.NewSkeptic(newGemini(t, srv.URL, "m"))
	res, err := s.Review(context.Background(), contract.ReviewRequest{Draft: contract.Draft{Refused: true, Missing: "trials", Sections: []contract.Section{}}})
	if err != nil || len(res.Objections.Objections) != 0 || res.Objections.Objections == nil {
		t.Fatalf("Review = %+v, %v; want an empty objection list", res, err)
	}
	if srv.calls() != 0 {
		t.Errorf("calls = %d, want 0", srv.calls())
	}
}
