package httpx

import (
	"math"
	"net/url"
	"time"

	"github.com/citeloop/citeloop/oracles"
)

// Settings are the keys every HTTP oracle's section shares. An oracle's own
// settings type embeds them inline (`yaml:",inline"`) and adds its own keys;
// its defaults come from DefaultSettings.
type Settings struct {
	// BaseURL is the API root (tests and mirrors point it elsewhere).
	BaseURL string `yaml:"base_url"`
	// Timeout bounds one HTTP attempt.
	Timeout time.Duration `yaml:"timeout"`
	// TotalBudget bounds one lookup call, retries included.
	TotalBudget time.Duration `yaml:"total_budget"`
	// MaxAttempts is the number of tries per request, the first included.
	MaxAttempts int `yaml:"max_attempts"`
	// RatePerSecond caps requests per second.
	RatePerSecond float64 `yaml:"rate_per_second"`
	// MaxConcurrent caps requests in flight.
	MaxConcurrent int `yaml:"max_concurrent"`
	// MaxBodyBytes caps a response body; a longer one is an error.
	MaxBodyBytes int64 `yaml:"max_body_bytes"`
}

// DefaultSettings are polite limits for an API at baseURL: 15 s per
// attempt, 2 minutes per lookup, 4 attempts, a 16 MiB body cap, and the
// oracle's own rate and concurrency (each API publishes its own).
func DefaultSettings(baseURL string, ratePerSecond float64, maxConcurrent int) Settings {
	return Settings{
		BaseURL:       baseURL,
		Timeout:       15 * time.Second,
		TotalBudget:   2 * time.Minute,
		MaxAttempts:   4,
		RatePerSecond: ratePerSecond,
		MaxConcurrent: maxConcurrent,
		MaxBodyBytes:  16 << 20,
	}
}

// Validate names the first bad key (an *oracles.SettingError).
func (s Settings) Validate() error {
	u, err := url.Parse(s.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return oracles.Invalid("base_url", "must be an http(s) URL, got %q", s.BaseURL)
	}
	switch {
	case s.Timeout <= 0:
		return oracles.Invalid("timeout", "must be > 0, got %s", s.Timeout)
	case s.TotalBudget <= 0:
		return oracles.Invalid("total_budget", "must be > 0, got %s", s.TotalBudget)
	case s.MaxAttempts < 1 || s.MaxAttempts > 10:
		return oracles.Invalid("max_attempts", "must be between 1 and 10, got %d", s.MaxAttempts)
	case s.RatePerSecond <= 0 || math.IsNaN(s.RatePerSecond) || math.IsInf(s.RatePerSecond, 0):
		return oracles.Invalid("rate_per_second", "must be > 0, got %v", s.RatePerSecond)
	case s.MaxConcurrent < 1:
		return oracles.Invalid("max_concurrent", "must be at least 1, got %d", s.MaxConcurrent)
	case s.MaxBodyBytes <= 0:
		return oracles.Invalid("max_body_bytes", "must be > 0, got %d", s.MaxBodyBytes)
	}
	return nil
}

// Options builds the client Options of an oracle with settings s in env:
// Contact, Timeout, MaxAttempts, RatePerSecond, MaxConcurrent,
// MaxBodyBytes, Logger (env.Log(), never nil), Observe (env.Requests) and, when env.HTTPClient is
// set, its Transport. Every other field, Name included, is left zero for
// the oracle to set; zero fields take their defaults in New.
func (s Settings) Options(env oracles.Env) Options {
	o := Options{
		Contact:       env.Contact,
		Timeout:       s.Timeout,
		MaxAttempts:   s.MaxAttempts,
		RatePerSecond: s.RatePerSecond,
		MaxConcurrent: s.MaxConcurrent,
		MaxBodyBytes:  s.MaxBodyBytes,
		Logger:        env.Log(),
		Observe:       env.Requests,
	}
	if env.HTTPClient != nil {
		o.Transport = env.HTTPClient.Transport
	}
	return o
}
