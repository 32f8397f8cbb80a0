package openai

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		give http.Header
		want time.Duration
	}{
		{give: http.Header{"Retry-After": {"3"}}, want: 3 * time.Second},
		{give: http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"3"}}, want: 250 * time.Millisecond},
		{give: http.Header{"Retry-After": {now.Add(7 * time.Second).Format(http.TimeFormat)}}, want: 7 * time.Second},
		{give: http.Header{"Retry-After": {"soon"}}, want: 0},
		{give: http.Header{}, want: 0},
	}
	for _, tt := range tests {
		if got := retryAfter(tt.give, now); got != tt.want {
			t.Errorf("retryAfter(%v) = %v, want %v", tt.give, got, tt.want)
		}
	}
}
