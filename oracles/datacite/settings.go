package datacite

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Settings are the keys of the oracles.datacite section.
type Settings struct {
	httpx.Settings `yaml:",inline"`
}

// DefaultSettings stay under DataCite's limit of about 3000 requests per
// 5 minutes.
func DefaultSettings() Settings {
	return Settings{Settings: httpx.DefaultSettings(DefaultBaseURL, 5, 4)}
}

// Plugin is the registry entry: the oracles.datacite section decoded into
// Settings, and the Client built from them.
func Plugin() oracles.Plugin { return oracles.NewPlugin(DefaultSettings, Build) }

// Build makes the Client from its settings and the shared environment.
func Build(s Settings, env oracles.Env) (oracles.Oracle, error) {
	return New(Options{
		BaseURL:     s.BaseURL,
		TotalBudget: s.TotalBudget,
		HTTPOptions: s.Options(env),
		Logger:      env.Log(),
	}), nil
}
