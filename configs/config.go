// Package configs loads citeloop's YAML configuration: typed structs with
// defaults, strict decoding (an unknown key is an error naming it) and
// Validate. The example users copy is citeloop.example.yaml beside this file.
// Secrets never live here: API keys come from the environment.
package configs

import (
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/internal/strictyaml"
)

// Config is the whole configuration. Each section lives in its own file.
type Config struct {
	Oracles  Oracles  `yaml:"oracles"`
	Agents   Agents   `yaml:"agents"`
	Collect  Collect  `yaml:"collect"`
	Pipeline Pipeline `yaml:"pipeline"`
	Gate     Gate     `yaml:"gate"`
	Signing  Signing  `yaml:"signing"`
	Schedule Schedule `yaml:"schedule"`

	// File is the path Load read, "" for the defaults: errors found after
	// loading (an oracle's section, checked by its package) name it too.
	File string `yaml:"-"`
}

// Signing configures the signature of briefs' stamps.
type Signing struct {
	// KeyFile is an Ed25519 private key file (PKCS#8 PEM or a 32-byte
	// seed); empty writes unsigned briefs. brief --signing-key overrides it.
	KeyFile string `yaml:"key_file"`
}

// DefaultMaxIterations is pipeline.max_iterations when the configuration
// does not set it: the one default of the iteration cap, which every front
// end reads from the loaded configuration.
const DefaultMaxIterations = 3

// Pipeline configures the maker/checker loop.
type Pipeline struct {
	// MaxIterations caps writer→skeptic→gate passes.
	MaxIterations int `yaml:"max_iterations"`
}

// Default returns the configuration used when no file is given.
func Default() Config {
	return Config{
		Oracles:  DefaultOracles(),
		Agents:   DefaultAgents(),
		Collect:  DefaultCollect(),
		Pipeline: Pipeline{MaxIterations: DefaultMaxIterations},
		Gate:     DefaultGate(),
	}
}

// ErrInvalid is wrapped by every configuration error, so the CLI can map it
// to the usage exit code.
var ErrInvalid = errors.New("invalid configuration")

// MaxFileBytes caps a configuration file: the documented example is under
// 16 KiB.
const MaxFileBytes = 1 << 20

// Load reads the file at path over the defaults: a regular file of at most
// MaxFileBytes (package inputfile). An empty path returns the defaults.
// Environment overrides are applied by ApplyEnv, not here.
func Load(path string) (Config, error) {
	cfg := Default()
	if path == "" {
		return cfg, cfg.Validate()
	}
	data, err := inputfile.ReadFile(path, MaxFileBytes, "a configuration file", nil)
	if err != nil {
		return Config{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if err := Decode(data, &cfg); err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	cfg.File = path
	return cfg, nil
}

// Decode decodes YAML into cfg strictly (strictyaml): an unknown key names
// its path and the nearest valid key, a value of the wrong type names its
// key and the kind of value expected, both with the line.
func Decode(data []byte, cfg *Config) error {
	if err := strictyaml.Unmarshal(data, cfg); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nil
}

// Validate checks every section and reports the first bad key by its path.
func (c Config) Validate() error {
	if c.Pipeline.MaxIterations < 1 {
		return invalid("pipeline.max_iterations", "must be at least 1, got %d", c.Pipeline.MaxIterations)
	}
	for _, v := range []func() error{c.Oracles.Validate, c.Agents.Validate, c.Collect.Validate, c.Gate.Validate, c.Schedule.Validate} {
		if err := v(); err != nil {
			return err
		}
	}
	return nil
}

// invalid builds an error naming the key.
func invalid(key, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrInvalid, key, fmt.Sprintf(format, args...))
}
