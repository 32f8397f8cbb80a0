package main

import (
	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
)

// agentFlags are the model flags, laid over the agents section of the
// config (see engine.AgentOverrides).
type agentFlags struct{ engine.AgentOverrides }

func (f *agentFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.WriterModel, "writer-model", "", "writer model id (default from config: agents.writer.model, gemini-2.5-flash)")
	fs.StringVar(&f.SkepticModel, "skeptic-model", "", "skeptic model id (default from config: agents.skeptic.model, gemini-2.5-pro; use another model than the writer)")
	fs.StringVar(&f.WriterProvider, "writer-provider", "", "writer backend: gemini or openai (OpenAI-compatible: OpenAI, Ollama, vLLM, llama.cpp) (default from config: agents.writer.provider, "+configs.DefaultProvider+")")
	fs.StringVar(&f.SkepticProvider, "skeptic-provider", "", "skeptic backend: gemini or openai (default from config: agents.skeptic.provider, "+configs.DefaultProvider+")")
	fs.DurationVar(&f.Timeout, "model-timeout", 0, "deadline of each model call, e.g. 90s (default from config: agents.timeout, 120s)")
}
