package main

import (
	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/pipeline"
)

// agentFlags builds the writer and the skeptic.
type agentFlags struct{}

func (f *agentFlags) register(fs *pflag.FlagSet) {}

func (f *agentFlags) build(a *app, env buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
	if env.offline {
		return agents.ExtractiveWriter{}, agents.RuleSkeptic{}, nil
	}
	return nil, nil, usageError("no model backend: set GEMINI_API_KEY (or GOOGLE_API_KEY) for the Gemini writer and skeptic, or pass --offline")
}
