package engine

import "github.com/citeloop/citeloop/configs"

// LoadConfig loads the YAML file at path (defaults when empty), applies the
// environment overrides of the oracles section and validates the result,
// the way every front end must before New.
func LoadConfig(path string, getenv func(string) string) (configs.Config, error) {
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
