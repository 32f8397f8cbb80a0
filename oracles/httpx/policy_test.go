package httpx_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		give   string
		want   time.Duration
		wantOK bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{"7", 7 * time.Second, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{"Sun, 29 Nov 2026 12:00:30 GMT", 30 * time.Second, true},
		{"Sun, 29 Nov 2026 11:00:00 GMT", 0, true},
	}
	for _, tt := range tests {
		got, ok := httpx.ParseRetryAfter(tt.give, now)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", tt.give, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestDefaultBackoff(t *testing.T) {
	const min, max = 100 * time.Millisecond, 2 * time.Second
	resp := func(code int, retryAfter string) *http.Response {
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		return &http.Response{StatusCode: code, Header: h}
	}
	tests := []struct {
		name    string
		give    *http.Response
		attempt int
		lo, hi  time.Duration
	}{
		{"429 Retry-After honoured", resp(429, "1"), 0, time.Second, time.Second},
		{"429 Retry-After capped", resp(429, "3600"), 0, max, max},
		{"503 Retry-After zero", resp(503, "0"), 3, 0, 0},
		{"500 ignores Retry-After", resp(500, "1"), 0, min / 2, min},
		{"transport error, attempt 0", nil, 0, min / 2, min},
		{"attempt 2 is 4×min", nil, 2, 2 * min, 4 * min},
		{"attempt 10 capped", nil, 10, max / 2, max},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 50 {
				got := httpx.DefaultBackoff(min, max, tt.attempt, tt.give)
				if got < tt.lo || got > tt.hi {
					t.Fatalf("DefaultBackoff() = %v, want within [%v, %v]", got, tt.lo, tt.hi)
				}
			}
		})
	}
}

func TestDefaultCheckRetry(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		code int
		err  error
		want bool
	}{
		{"200", context.Background(), 200, nil, false},
		{"404", context.Background(), 404, nil, false},
		{"400", context.Background(), 400, nil, false},
		{"429", context.Background(), 429, nil, true},
		{"500", context.Background(), 500, nil, true},
		{"501", context.Background(), 501, nil, false},
		{"503", context.Background(), 503, nil, true},
		{"network error", context.Background(), 0, errors.New("connection reset by peer"), true},
		{"bad body", context.Background(), 200, &oracles.BadResponseError{Oracle: "x"}, false},
		{"context ended", cancelled, 503, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp *http.Response
			if tt.code != 0 {
				resp = &http.Response{StatusCode: tt.code, Header: http.Header{}}
			}
			got, _ := httpx.DefaultCheckRetry(tt.ctx, resp, tt.err)
			if got != tt.want {
				t.Errorf("DefaultCheckRetry() = %v, want %v", got, tt.want)
			}
		})
	}
}
