package oracles_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

func TestCauseOf(t *testing.T) {
	notHeld := &oracles.NotInCorpusError{Corpus: "the embedded corpus", Records: 30}
	tests := []struct {
		name string
		give oracles.Result
		want oracles.Cause
		text string
	}{
		{"found", oracles.Result{Status: oracles.Found}, "", ""},
		{"not found", oracles.Result{Status: oracles.NotFound}, "", ""},
		{"not in the corpus", oracles.Result{Err: notHeld}, oracles.CauseNotInCorpus, "not in the embedded corpus of 30 records"},
		{"not in the corpus, wrapped", oracles.Result{Err: fmt.Errorf("snapshot: %w", notHeld)}, oracles.CauseNotInCorpus, "not in the embedded corpus of 30 records"},
		{"rate limited", oracles.Result{Err: fmt.Errorf("lookup: %w", &oracles.RateLimitedError{Oracle: "crossref"})}, oracles.CauseRateLimited, "lookup: crossref: rate limited"},
		{"budget", oracles.Result{Err: fmt.Errorf("europepmc: time budget exhausted: %w: %w", oracles.ErrUnavailable, context.DeadlineExceeded)}, oracles.CauseBudget, ""},
		{"interrupted", oracles.Result{Err: context.Canceled}, oracles.CauseInterrupted, ""},
		{"invalid", oracles.Result{Err: &doi.Error{Input: "x", Reason: "no 10. prefix"}}, oracles.CauseInvalid, ""},
		{"unavailable", oracles.Result{Err: &oracles.BadResponseError{Oracle: "europepmc", StatusCode: 503, Reason: "down"}}, oracles.CauseUnavailable, ""},
		{"no cause given", oracles.Result{}, oracles.CauseUnavailable, "oracle unavailable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := oracles.CauseOf(tt.give); got != tt.want {
				t.Errorf("CauseOf = %q, want %q", got, tt.want)
			}
			if tt.text != "" {
				if got := oracles.DescribeUnknown(tt.give.Err); got != tt.text {
					t.Errorf("DescribeUnknown = %q, want %q", got, tt.text)
				}
			}
		})
	}
	// Not in a corpus is not an outage: nothing to retry.
	if errors.Is(notHeld, oracles.ErrUnavailable) {
		t.Error("NotInCorpusError wraps ErrUnavailable")
	}
}
