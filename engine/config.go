package engine

import "github.com/citeloop/citeloop/configs"

// LoadConfig loads the YAML file at path (defaults when empty), applies the
// environment overrides of the oracles section and validates the result,
// the way every front end must before New. A nil getenv is an empty
// environment. Each oracle's section is checked by New, which has the
// registry.
func LoadConfig(path string, getenv func(string) string) (configs.Config, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	cfg, err := configs.Load(path)
	if err != nil {
		return configs.Config{}, err
	}
	cfg.Oracles.ApplyEnv(getenv)
	if err := cfg.Validate(); err != nil {
		return configs.Config{}, err
	}
	return cfg, nil
}
