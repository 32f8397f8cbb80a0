package httpx_test

import (
	"net/http"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

func TestOptionsFrom(t *testing.T) {
	tr := &http.Transport{}
	log := zap.NewExample()
	s := oracles.Settings{
		BaseURL:       "http://ignored.example",
		Contact:       "ops@example.org",
		Timeout:       3 * time.Second,
		TotalBudget:   time.Minute,
		MaxAttempts:   2,
		RatePerSecond: 1.5,
		MaxConcurrent: 7,
		BatchSize:     9,
		MaxBodyBytes:  1 << 10,
		HTTPClient:    &http.Client{Transport: tr},
		Logger:        log,
	}
	got := httpx.OptionsFrom(s)
	switch {
	case got.Contact != s.Contact, got.Timeout != s.Timeout, got.MaxAttempts != s.MaxAttempts,
		got.RatePerSecond != s.RatePerSecond, got.MaxConcurrent != s.MaxConcurrent,
		got.MaxBodyBytes != s.MaxBodyBytes:
		t.Errorf("got %+v, want the settings' contact, timeout, attempts, limits and body cap", got)
	case got.Transport != tr:
		t.Errorf("got transport %v, want the settings' HTTPClient transport", got.Transport)
	case got.Logger != log:
		t.Errorf("got logger %p, want the settings' logger %p", got.Logger, log)
	case got.Name != "" || got.UserAgent != "":
		t.Errorf("got name %q, user agent %q; want both left for the oracle", got.Name, got.UserAgent)
	}

	zero := httpx.OptionsFrom(oracles.Settings{})
	if zero.Transport != nil {
		t.Errorf("got transport %v without an HTTPClient, want nil (New's default)", zero.Transport)
	}
	if zero.Logger == nil {
		t.Error("got a nil logger, want a no-op one")
	}
}
