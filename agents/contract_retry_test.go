package agents_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/agents"
)

// An answer that breaks the contract is asked for again once, with the
// reason it was rejected, then the call fails with the breach: never
// silently accepted, never retried without end.
func TestContractBreachIsRetriedOnceWithTheReason(t *testing.T) {
	breach := geminiText(`{"objections":[{"claim_id":"C9","kind":"other","detail":"x"}]}`, "STOP")
	good := geminiText(`{"objections":[{"claim_id":"C1","kind":"unsupported","detail":"y"}]}`, "STOP")
	policy := fastRetry()
	policy.ContractRetries = 1

	t.Run("corrected on the second answer", func(t *testing.T) {
		srv := newFake(t, breach, good)
		s := agents.NewSkeptic(newGemini(t, srv.URL, "skeptic-model"), agents.WithRetryPolicy(policy))
		res, err := s.Review(context.Background(), reviewRequest(t))
		if err != nil {
			t.Fatalf("Review: %v", err)
		}
		if srv.calls() != 2 || len(res.Objections.Objections) != 1 || res.Objections.Objections[0].ClaimID != "C1" {
			t.Fatalf("calls = %d, objections %+v; want 2 calls and the corrected objection", srv.calls(), res.Objections.Objections)
		}
		if strings.Contains(string(srv.body(0)), "rejected_answer") {
			t.Error("the first request already carries a rejection")
		}
		if second := string(srv.body(1)); !strings.Contains(second, "rejected_answer") || !strings.Contains(second, "C9") {
			t.Errorf("the second request does not say why the answer was rejected: %.300s", second)
		}
		if res.Usage.Calls != 2 {
			t.Errorf("usage counts %d calls, want 2 (the rejected answer cost tokens too)", res.Usage.Calls)
		}
	})

	t.Run("a second breach is a model error", func(t *testing.T) {
		srv := newFake(t, breach)
		s := agents.NewSkeptic(newGemini(t, srv.URL, "skeptic-model"), agents.WithRetryPolicy(policy))
		_, err := s.Review(context.Background(), reviewRequest(t))
		var ce *agents.CallError
		if !errors.As(err, &ce) || ce.Kind != agents.KindInvalidJSON || !errors.Is(err, agents.ErrModel) {
			t.Fatalf("err = %v, want an invalid_json model error", err)
		}
		if srv.calls() != 2 {
			t.Errorf("calls = %d, want 2: one answer and one correction", srv.calls())
		}
		if n := strings.Count(string(srv.body(1)), "rejected_answer"); n != 2 {
			t.Errorf("the correction carries %d rejection tags, want one block (open and close)", n)
		}
	})

	t.Run("no corrections unless the policy allows them", func(t *testing.T) {
		srv := newFake(t, breach, good)
		s := agents.NewSkeptic(newGemini(t, srv.URL, "skeptic-model"), agents.WithRetryPolicy(fastRetry()))
		if _, err := s.Review(context.Background(), reviewRequest(t)); err == nil || srv.calls() != 1 {
			t.Errorf("err = %v after %d calls, want a breach after 1", err, srv.calls())
		}
	})

	t.Run("the default policy corrects once", func(t *testing.T) {
		if got := agents.DefaultRetryPolicy().ContractRetries; got != 1 {
			t.Errorf("DefaultRetryPolicy().ContractRetries = %d, want 1", got)
		}
	})
}
