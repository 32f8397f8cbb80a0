package agents

import (
	"testing"
	"time"
)

func TestDefaultCheckRetry(t *testing.T) {
	tests := []struct {
		give *CallError
		want bool
	}{
		{give: &CallError{Kind: KindAPIError, Status: 429}, want: true},
		{give: &CallError{Kind: KindAPIError, Status: 503}, want: true},
		{give: &CallError{Kind: KindAPIError, Status: 408}, want: true},
		{give: &CallError{Kind: KindAPIError, Status: 0}, want: true},
		{give: &CallError{Kind: KindAPIError, Status: 400}, want: false},
		{give: &CallError{Kind: KindAPIError, Status: 403}, want: false},
		{give: &CallError{Kind: KindTimeout}, want: true},
		{give: &CallError{Kind: KindEmpty, FinishReason: FinishStop}, want: true},
		{give: &CallError{Kind: KindFinishReason, FinishReason: FinishMaxTokens}, want: true},
		{give: &CallError{Kind: KindFinishReason, FinishReason: FinishSafety}, want: false},
		{give: &CallError{Kind: KindFinishReason, FinishReason: FinishRecitation}, want: false},
		{give: &CallError{Kind: KindFinishReason, FinishReason: "PROHIBITED_CONTENT"}, want: false},
		{give: &CallError{Kind: KindBlocked, Detail: "SAFETY"}, want: false},
		{give: &CallError{Kind: KindNoCandidates}, want: false},
		{give: &CallError{Kind: KindInvalidJSON}, want: false},
	}
	for _, tt := range tests {
		if got := DefaultCheckRetry(tt.give); got != tt.want {
			t.Errorf("DefaultCheckRetry(%s %d %s) = %v, want %v", tt.give.Kind, tt.give.Status, tt.give.FinishReason, got, tt.want)
		}
	}
}

func TestExponentialBackoff(t *testing.T) {
	b := ExponentialBackoff(time.Second, 10*time.Second)
	tests := []struct {
		give       int
		retryAfter time.Duration
		want       time.Duration
	}{
		{give: 1, want: time.Second},
		{give: 2, want: 2 * time.Second},
		{give: 3, want: 4 * time.Second},
		{give: 5, want: 10 * time.Second},
		{give: 1, retryAfter: 3 * time.Second, want: 3 * time.Second},
		{give: 3, retryAfter: time.Second, want: 4 * time.Second},
		{give: 1, retryAfter: time.Hour, want: 10 * time.Second},
	}
	for _, tt := range tests {
		if got := b(tt.give, &CallError{RetryAfter: tt.retryAfter}); got != tt.want {
			t.Errorf("backoff(%d, retryAfter %v) = %v, want %v", tt.give, tt.retryAfter, got, tt.want)
		}
	}
}
