package europepmc

import (
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
// Settings, and the Client built from them.
func Plugin() oracles.Plugin { return oracles.NewPlugin(DefaultSettings, Build) }

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
