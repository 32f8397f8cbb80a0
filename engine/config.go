package engine

import "github.com/citeloop/citeloop/configs"

// LoadConfig loads the YAML file at path (defaults when empty), applies the
// environment overrides of the configuration's own keys (oracles.contact)
// and validates the result, the way every front end must before New.
// lookup is the host's environment, as os.LookupEnv; nil is an empty one.
// Each oracle's section, with what its own environment variables set, is
// checked by New, which has the registry.
func LoadConfig(path string, lookup func(string) (string, bool)) (configs.Config, error) {
	if lookup == nil {
		lookup = noEnv
	}
	cfg, err := configs.Load(path)
	if err != nil {
		return configs.Config{}, err
	}
	cfg.Oracles.ApplyEnv(lookup)
	if err := cfg.Validate(); err != nil {
		return configs.Config{}, err
	}
	return cfg, nil
}

// noEnv is an empty environment.
func noEnv(string) (string, bool) { return "", false }
