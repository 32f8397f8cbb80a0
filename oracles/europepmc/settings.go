package europepmc

import (
	"strings"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Settings are the keys of the oracles.europepmc section.
type Settings struct {
	httpx.Settings `yaml:",inline"`
	// BatchSize is the number of DOIs per query (DOI:"a" OR DOI:"b" ...).
	BatchSize int `yaml:"batch_size"`
}

// DefaultSettings: Europe PMC publishes no rate limit; 5/s with 4 in
// flight is polite.
func DefaultSettings() Settings {
	return Settings{Settings: httpx.DefaultSettings(DefaultBaseURL, 5, 4), BatchSize: DefaultBatchSize}
}

// Validate names the first bad key.
func (s Settings) Validate() error {
	if err := s.Settings.Validate(); err != nil {
		return err
	}
	if s.BatchSize < 1 || s.BatchSize > maxPageSize/2 {
		return oracles.Invalid("batch_size", "must be between 1 and %d, got %d", maxPageSize/2, s.BatchSize)
	}
	return nil
}

// Plugin is the registry entry: the oracles.europepmc section decoded into
// Settings, the Client built from them, and the environment read by
// FromEnv.
func Plugin() oracles.Plugin {
	p := oracles.NewPlugin(DefaultSettings, Build)
	p.FromEnv = FromEnv
	return p
}

// URLEnv names the environment variable that replaces base_url: a mirror,
// or a recorded server in tests.
const URLEnv = "CITELOOP_EUROPEPMC_URL"

// FromEnv returns the keys of the oracles.europepmc section the environment
// sets: URLEnv, trimmed, replaces base_url. A blank or unset variable sets
// nothing. The value is checked with the rest of the section.
func FromEnv(lookup func(string) (string, bool)) map[string]string {
	v, _ := lookup(URLEnv)
	if v = strings.TrimSpace(v); v == "" {
		return nil
	}
	return map[string]string{"base_url": v}
}

// Build makes the Client from its settings and the shared environment.
func Build(s Settings, env oracles.Env) (oracles.Oracle, error) {
	return New(Options{
		BaseURL:     s.BaseURL,
		BatchSize:   s.BatchSize,
		TotalBudget: s.TotalBudget,
		HTTPOptions: s.Options(env),
		Logger:      env.Log(),
	}), nil
}
