package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

func TestOutcomeTransient(t *testing.T) {
	tests := []struct {
		give error
		want bool
	}{
		{&agents.CallError{Kind: agents.KindAPIError, Status: 429}, true},
		{&agents.CallError{Kind: agents.KindAPIError, Status: 500}, true},
		{&agents.CallError{Kind: agents.KindAPIError, Status: 503}, true},
		{&agents.CallError{Kind: agents.KindAPIError, Status: 408}, true},
		{&agents.CallError{Kind: agents.KindAPIError}, true}, // connection reset, no status
		{&agents.CallError{Kind: agents.KindTimeout}, true},
		{&agents.CallError{Kind: agents.KindAPIError, Status: 400}, false},
		{&agents.CallError{Kind: agents.KindAPIError, Status: 403}, false},
		{&agents.CallError{Kind: agents.KindInvalidJSON}, false},
		{&agents.CallError{Kind: agents.KindBlocked}, false},
		{&agents.CallError{Kind: agents.KindFinishReason, FinishReason: agents.FinishMaxTokens}, false},
		{&agents.CallError{Kind: agents.KindEmpty}, false},
		{fmt.Errorf("writer: %w", &agents.CallError{Kind: agents.KindAPIError, Status: 502}), true},
		{context.DeadlineExceeded, false},
		{errors.New("503 service unavailable"), false}, // text never decides
		{nil, false},
	}
	for _, tt := range tests {
		res := pipeline.Result{Outcome: contract.Outcome{Reason: contract.ModelError}, ModelErr: tt.give}
		if got := transient(res); got != tt.want {
			t.Errorf("model_error with %v: transient = %v, want %v", tt.give, got, tt.want)
		}
	}
	for _, tt := range []struct {
		give contract.EndReason
		want bool
	}{
		{contract.OracleUnavailable, true},
		{contract.IterationCap, false},
		{contract.NoProgress, false},
		{contract.Refused, false},
		{contract.Verified, false},
	} {
		res := pipeline.Result{Outcome: contract.Outcome{Reason: tt.give}, ModelErr: &agents.CallError{Kind: agents.KindAPIError, Status: 503}}
		if got := transient(res); got != tt.want {
			t.Errorf("%s: transient = %v, want %v", tt.give, got, tt.want)
		}
	}
}
