package crossref

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Settings are the keys of the oracles.crossref section.
type Settings struct {
	httpx.Settings `yaml:",inline"`
	// BatchSize is the number of DOIs per filter=doi:A,doi:B request.
	BatchSize int `yaml:"batch_size"`
}

// DefaultSettings follow Crossref's public pool: 5 requests a second, one
// at a time (with a contact, the polite pool allows 10 and 3).
func DefaultSettings() Settings {
	return Settings{Settings: httpx.DefaultSettings(DefaultBaseURL, 5, 1), BatchSize: DefaultBatchSize}
}

// Validate names the first bad key.
func (s Settings) Validate() error {
	if err := s.Settings.Validate(); err != nil {
		return err
	}
	if s.BatchSize < 1 || s.BatchSize > MaxBatchSize {
		return oracles.Invalid("batch_size", "must be between 1 and %d, got %d", MaxBatchSize, s.BatchSize)
	}
	return nil
}

// Plugin is the registry entry: the oracles.crossref section decoded into
// Settings, and the Client built from them.
func Plugin() oracles.Plugin { return oracles.NewPlugin(DefaultSettings, Build) }

// Build makes the Client from its settings and the shared environment.
func Build(s Settings, env oracles.Env) (oracles.Oracle, error) {
	return New(Options{
		BaseURL:     s.BaseURL,
		Contact:     env.Contact,
		BatchSize:   s.BatchSize,
		TotalBudget: s.TotalBudget,
		HTTPOptions: s.Options(env),
		Logger:      env.Log(),
	}), nil
}
