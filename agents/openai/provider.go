package openai

import (
	"context"

	"github.com/citeloop/citeloop/agents"
)

// Name is the provider's name in the configuration
// (agents.<agent>.provider).
const Name = "openai"

// Provider is the agents.Provider of OpenAI-compatible servers: each model
// is built from the agent's configuration and the environment FromEnv
// reads.
type Provider struct{}

var _ agents.Provider = Provider{}

// Missing says what the agent lacks (see Env.Missing).
func (Provider) Missing(c agents.ModelConfig, lookup func(string) (string, bool)) string {
	return FromEnv(lookup).Missing(c.BaseURL)
}

// NewModel builds the OpenAI-compatible client of one agent.
func (Provider) NewModel(_ context.Context, c agents.ModelConfig, lookup func(string) (string, bool)) (agents.Model, error) {
	cl, err := New(FromEnv(lookup).Config(c.Model, c.BaseURL))
	if err != nil {
		return nil, err
	}
	return cl, nil
}
