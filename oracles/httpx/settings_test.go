package httpx_test

import (
	"errors"
	"math"
	"net/http"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

func TestSettingsOptions(t *testing.T) {
	tr := &http.Transport{}
	log := zap.NewExample()
	s := httpx.Settings{
		BaseURL:       "http://ignored.example",
		Timeout:       3 * time.Second,
		TotalBudget:   time.Minute,
		MaxAttempts:   2,
		RatePerSecond: 1.5,
		MaxConcurrent: 7,
		MaxBodyBytes:  1 << 10,
	}
	var observed int
	got := s.Options(oracles.Env{Contact: "ops@example.org", HTTPClient: &http.Client{Transport: tr}, Logger: log,
		Requests: func(oracles.Request) { observed++ }})
	switch {
	case got.Contact != "ops@example.org", got.Timeout != s.Timeout, got.MaxAttempts != s.MaxAttempts,
		got.RatePerSecond != s.RatePerSecond, got.MaxConcurrent != s.MaxConcurrent,
		got.MaxBodyBytes != s.MaxBodyBytes:
		t.Errorf("got %+v, want the env's contact and the settings' timeout, attempts, limits and body cap", got)
	case got.Transport != tr:
		t.Errorf("got transport %v, want the env's HTTPClient transport", got.Transport)
	case got.Logger != log:
		t.Errorf("got logger %p, want the env's logger %p", got.Logger, log)
	case got.Observe == nil:
		t.Errorf("got no Observe hook, want the env's Requests")
	case got.Name != "" || got.UserAgent != "":
		t.Errorf("got name %q, user agent %q; want both left for the oracle", got.Name, got.UserAgent)
	}

	if got.Observe != nil {
		got.Observe(oracles.Request{})
		if observed != 1 {
			t.Errorf("Observe called the env's Requests %d times, want 1", observed)
		}
	}

	zero := s.Options(oracles.Env{})
	if zero.Transport != nil {
		t.Errorf("got transport %v without an HTTPClient, want nil (New's default)", zero.Transport)
	}
	if zero.Logger == nil {
		t.Error("got a nil logger, want a no-op one")
	}
}

func TestSettingsValidate(t *testing.T) {
	ok := httpx.DefaultSettings("https://api.example.org", 5, 2)
	tests := []struct {
		name    string
		give    func(*httpx.Settings)
		wantKey string
	}{
		{"defaults", func(*httpx.Settings) {}, ""},
		{"no scheme", func(s *httpx.Settings) { s.BaseURL = "api.example.org" }, "base_url"},
		{"ftp", func(s *httpx.Settings) { s.BaseURL = "ftp://api.example.org" }, "base_url"},
		{"no host", func(s *httpx.Settings) { s.BaseURL = "http://" }, "base_url"},
		{"zero timeout", func(s *httpx.Settings) { s.Timeout = 0 }, "timeout"},
		{"negative budget", func(s *httpx.Settings) { s.TotalBudget = -time.Second }, "total_budget"},
		{"no attempts", func(s *httpx.Settings) { s.MaxAttempts = 0 }, "max_attempts"},
		{"11 attempts", func(s *httpx.Settings) { s.MaxAttempts = 11 }, "max_attempts"},
		{"10 attempts", func(s *httpx.Settings) { s.MaxAttempts = 10 }, ""},
		{"zero rate", func(s *httpx.Settings) { s.RatePerSecond = 0 }, "rate_per_second"},
		{"NaN rate", func(s *httpx.Settings) { s.RatePerSecond = math.NaN() }, "rate_per_second"},
		{"infinite rate", func(s *httpx.Settings) { s.RatePerSecond = math.Inf(1) }, "rate_per_second"},
		{"no concurrency", func(s *httpx.Settings) { s.MaxConcurrent = 0 }, "max_concurrent"},
		{"no body", func(s *httpx.Settings) { s.MaxBodyBytes = 0 }, "max_body_bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ok
			tt.give(&s)
			err := s.Validate()
			var se *oracles.SettingError
			switch {
			case tt.wantKey == "" && err != nil:
				t.Errorf("Validate: %v, want nil", err)
			case tt.wantKey != "" && !errors.As(err, &se):
				t.Errorf("Validate: %v, want a *oracles.SettingError for %s", err, tt.wantKey)
			case tt.wantKey != "" && se.Key != tt.wantKey:
				t.Errorf("Validate names %q, want %q", se.Key, tt.wantKey)
			}
		})
	}
}
