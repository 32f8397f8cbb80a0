package engine

import (
	"fmt"

	"github.com/citeloop/citeloop/brief"
)

// provenance is what a Briefer's briefs record of how they were made: the
// models with their provider, the oracles and their policy, the version.
func (e *Engine) provenance(env AgentEnv) brief.Provenance {
	p := brief.Provenance{Version: brief.Version()}
	switch {
	case env.Offline:
		p.Oracles = []string{"snapshot"}
		p.Models = []brief.Model{{Role: "writer", Provider: "offline", Name: "extractive"}, {Role: "skeptic", Provider: "offline", Name: "rules"}}
	case e.deps.Agents != nil:
		p.Oracles, p.Policy = e.cfg.Oracles.Use, e.cfg.Oracles.Policy
		p.Models = []brief.Model{{Role: "writer", Provider: "custom", Name: "Deps.Agents"}, {Role: "skeptic", Provider: "custom", Name: "Deps.Agents"}}
	default:
		a := e.cfg.Agents
		p.Oracles, p.Policy = e.cfg.Oracles.Use, e.cfg.Oracles.Policy
		p.Models = []brief.Model{{Role: "writer", Provider: a.Writer.Provider, Name: a.Writer.Model}, {Role: "skeptic", Provider: a.Skeptic.Provider, Name: a.Skeptic.Model}}
	}
	return p
}

// renderOptions are the options every brief of a Briefer is rendered with.
func (e *Engine) renderOptions(o BriefOptions, env AgentEnv) ([]brief.Option, error) {
	opts := []brief.Option{brief.WithProvenance(e.provenance(env))}
	if o.SigningKeyFile != "" {
		key, err := brief.ReadPrivateKey(o.SigningKeyFile)
		if err != nil {
			return nil, fmt.Errorf("%w: signing key: %w", ErrInput, err)
		}
		opts = append(opts, brief.WithSigningKey(key))
	}
	return opts, nil
}
