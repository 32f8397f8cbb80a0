package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/configs"
)

// agentFlags builds the writer and the skeptic from flags over the agents
// section of the config, with credentials from the environment.
type agentFlags struct {
	writerModel, skepticModel       string
	writerProvider, skepticProvider string
	timeout                         time.Duration
}

func (f *agentFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.writerModel, "writer-model", "", "writer model id (default from config: agents.writer.model, gemini-2.5-flash)")
	fs.StringVar(&f.skepticModel, "skeptic-model", "", "skeptic model id (default from config: agents.skeptic.model, gemini-2.5-flash)")
	fs.StringVar(&f.writerProvider, "writer-provider", "", "writer backend: gemini or openai (OpenAI-compatible: OpenAI, Ollama, vLLM, llama.cpp); default from config")
	fs.StringVar(&f.skepticProvider, "skeptic-provider", "", "skeptic backend: gemini or openai; default from config")
	fs.DurationVar(&f.timeout, "model-timeout", 0, "deadline of each model call, e.g. 90s (default from config: agents.timeout, 120s)")
}

// settings merges the flags over the config section and validates the result.
func (f *agentFlags) settings(cfg configs.Agents) (configs.Agents, error) {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&cfg.Writer.Model, f.writerModel)
	set(&cfg.Skeptic.Model, f.skepticModel)
	set(&cfg.Writer.Provider, f.writerProvider)
	set(&cfg.Skeptic.Provider, f.skepticProvider)
	if f.timeout != 0 {
		cfg.Timeout = f.timeout
	}
	if err := cfg.Validate(); err != nil {
		return configs.Agents{}, &exitError{code: exitUsage, err: fmt.Errorf("agent flags: %w", err)}
	}
	return cfg, nil
}
