package gemini

import (
	"testing"
	"time"
)

func TestRetryInfoDelay(t *testing.T) {
	tests := []struct {
		give []map[string]any
		want time.Duration
	}{
		{give: []map[string]any{{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "1s"}}, want: time.Second},
		{give: []map[string]any{{"@type": "type.googleapis.com/google.rpc.QuotaFailure"}, {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "37.5s"}}, want: 37500 * time.Millisecond},
		{give: []map[string]any{{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": 5}}, want: 0},
		{give: nil, want: 0},
	}
	for _, tt := range tests {
		if got := retryInfoDelay(tt.give); got != tt.want {
			t.Errorf("retryInfoDelay(%v) = %v, want %v", tt.give, got, tt.want)
		}
	}
}
