package doiorg

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Settings are the keys of the oracles.doiorg section.
type Settings struct {
	httpx.Settings `yaml:",inline"`
}

// DefaultSettings are polite limits for the doi.org handle API, which
// publishes none.
func DefaultSettings() Settings {
	return Settings{Settings: httpx.DefaultSettings(DefaultBaseURL, 5, 4)}
}

// Plugin is the registry entry: the oracles.doiorg section decoded into
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
