package gemini

import (
	"context"

	"github.com/citeloop/citeloop/agents"
)

// Name is the provider's name in the configuration
// (agents.<agent>.provider).
const Name = "gemini"

// Provider is the agents.Provider of Gemini: each model is built from the
// agent's configuration and the environment FromEnv reads.
type Provider struct{}

var _ agents.Provider = Provider{}

// Missing says which variables the environment lacks (see Env.Missing).
func (Provider) Missing(_ agents.ModelConfig, lookup func(string) (string, bool)) string {
	return FromEnv(lookup).Missing()
}

// NewModel builds the Gemini client of one agent.
func (Provider) NewModel(ctx context.Context, c agents.ModelConfig, lookup func(string) (string, bool)) (agents.Model, error) {
	cl, err := New(ctx, FromEnv(lookup).Config(c.Model, c.BaseURL))
	if err != nil {
		return nil, err
	}
	return cl, nil
}
