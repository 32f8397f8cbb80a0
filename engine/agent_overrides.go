package engine

import (
	"fmt"
	"time"

	"github.com/citeloop/citeloop/configs"
)

// AgentOverrides replace settings of the agents section for one run (the
// CLI's model flags, a server request's choice of model). Zero fields keep
// the configured value.
type AgentOverrides struct {
	WriterModel, SkepticModel       string
	WriterProvider, SkepticProvider string
	Timeout                         time.Duration
}

// Apply lays o over cfg and validates the result; whether the providers are
// registered is checked by New, which has the registry.
func (o AgentOverrides) Apply(cfg configs.Agents) (configs.Agents, error) {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&cfg.Writer.Model, o.WriterModel)
	set(&cfg.Skeptic.Model, o.SkepticModel)
	set(&cfg.Writer.Provider, o.WriterProvider)
	set(&cfg.Skeptic.Provider, o.SkepticProvider)
	if o.Timeout != 0 {
		cfg.Timeout = o.Timeout
	}
	if err := cfg.Validate(); err != nil {
		return configs.Agents{}, fmt.Errorf("agent overrides: %w", err)
	}
	return cfg, nil
}
