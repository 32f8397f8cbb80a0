package agents_test

import (
	"context"
	"errors"
	"testing"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

// echoModel answers every call with fixed text, in process.
type echoModel struct{ text string }

func (echoModel) Name() string { return "echo" }

func (m echoModel) Generate(context.Context, agents.Request) (agents.Response, error) {
	return agents.Response{Text: m.text, FinishReason: agents.FinishStop}, nil
}

// FuzzRepairAnswer feeds arbitrary model output to a repair pass: it is
// either rejected as a model error or merged so that every claim nobody
// complained about survives unchanged and no unasked claim gets in.
func FuzzRepairAnswer(f *testing.F) {
	f.Add(`{"title":"","sections":[{"heading":"h","claims":[{"id":"C2","text":"t","citations":[]}]}],"refused":false,"missing":""}`)
	f.Add(`{"title":"","sections":[{"heading":"h","claims":[{"id":"C1","text":"evil","citations":[]},{"id":"C9","text":"new","citations":[]}]}],"refused":false,"missing":""}`)
	f.Add(`{"title":"","sections":[],"refused":true,"missing":"x"}`)
	f.Add(`{"objections":[]}`)
	f.Add(`not json`)
	prev := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
		{ID: "C1", Text: "kept", Citations: []contract.Citation{{DOI: "10.1/a", Quote: "q"}}},
		{ID: "C2", Text: "failed", Citations: []contract.Citation{{DOI: "10.9/fake", Quote: "q"}}},
	}}}}
	f.Fuzz(func(t *testing.T, answer string) {
		p := prev
		w := agents.NewWriter(echoModel{answer}, agents.WithRetryPolicy(agents.RetryPolicy{MaxAttempts: 1}))
		res, err := w.Write(context.Background(), contract.WriteRequest{
			Previous: &p, Diagnostics: []contract.Diagnostic{{ClaimID: "C2", DOI: "10.9/fake", Reason: contract.ReasonNotInSources}},
		})
		if err != nil {
			if !errors.Is(err, agents.ErrModel) {
				t.Fatalf("error %v does not match ErrModel", err)
			}
			return
		}
		claims := res.Draft.Claims()
		if len(claims) == 0 || mustJSON(claims[0]) != mustJSON(prev.Sections[0].Claims[0]) {
			t.Fatalf("untouched claim C1 changed: %+v", claims)
		}
		for _, c := range claims[1:] {
			if c.ID != "C2" {
				t.Fatalf("unasked claim %q got into the draft", c.ID)
			}
		}
	})
}
