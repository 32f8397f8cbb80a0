package configs

import (
	"math"
	"net/url"
	"time"
)

// DefaultProvider is the model provider of the default agents.
const DefaultProvider = "gemini"

// Agents configures the writer and skeptic backends. API keys are not here:
// each provider's package reads its own from the environment
// (GEMINI_API_KEY or GOOGLE_API_KEY, Vertex AI variables, OPENAI_API_KEY).
type Agents struct {
	Writer  Agent `yaml:"writer"`
	Skeptic Agent `yaml:"skeptic"`
	// Timeout bounds each model call (each attempt), e.g. "120s".
	Timeout time.Duration `yaml:"timeout"`
	// MaxAttempts bounds the calls per agent request, retries included.
	MaxAttempts int `yaml:"max_attempts"`
	// Seed is sent with every call; temperature is always 0.
	Seed int64 `yaml:"seed"`
}

// Agent configures one agent's model.
type Agent struct {
	// Provider names a registered model provider: citeloop ships "gemini"
	// (Gemini API or Vertex AI) and "openai" (any OpenAI-compatible server:
	// OpenAI, Ollama, vLLM, llama.cpp). Whether it is registered is checked
	// by engine.New, against the registry it is given.
	Provider string `yaml:"provider"`
	Model    string `yaml:"model"`
	// BaseURL replaces the provider's endpoint; empty means the provider
	// default (or GOOGLE_GEMINI_BASE_URL / OPENAI_BASE_URL).
	BaseURL string `yaml:"base_url"`
	// MaxOutputTokens caps each answer (thinking included on Gemini 2.5).
	MaxOutputTokens int `yaml:"max_output_tokens"`
}

// The default models. The skeptic's differs from the writer's because a
// model judges its own output leniently; both need only a Gemini key.
const (
	DefaultWriterModel  = "gemini-2.5-flash"
	DefaultSkepticModel = "gemini-2.5-pro"
)

// DefaultAgents is Gemini 2.5 Flash as writer and Gemini 2.5 Pro as
// skeptic, 120 s per call, 4 attempts.
func DefaultAgents() Agents {
	w := Agent{Provider: DefaultProvider, Model: DefaultWriterModel, MaxOutputTokens: 8192}
	s := w
	s.Model = DefaultSkepticModel
	return Agents{Writer: w, Skeptic: s, Timeout: 120 * time.Second, MaxAttempts: 4, Seed: 7}
}

// SameModel reports whether the writer and the skeptic are the same model
// of the same provider, which the CLI warns about.
func (a Agents) SameModel() bool {
	return a.Writer.Provider == a.Skeptic.Provider && a.Writer.Model == a.Skeptic.Model
}

// Validate checks the section.
func (a Agents) Validate() error {
	if a.Timeout <= 0 {
		return invalid("agents.timeout", "must be a positive duration such as 120s, got %v", a.Timeout)
	}
	if a.MaxAttempts < 1 || a.MaxAttempts > 10 {
		return invalid("agents.max_attempts", "must be between 1 and 10, got %d", a.MaxAttempts)
	}
	if a.Seed < math.MinInt32 || a.Seed > math.MaxInt32 {
		// Gemini takes a 32-bit seed; a larger one would silently wrap.
		return invalid("agents.seed", "must fit in 32 bits (%d to %d), got %d", math.MinInt32, math.MaxInt32, a.Seed)
	}
	if err := a.Writer.validate("agents.writer"); err != nil {
		return err
	}
	return a.Skeptic.validate("agents.skeptic")
}

func (a Agent) validate(key string) error {
	// Whether the provider is registered is checked against the registry
	// by engine.New: a program may register providers of its own.
	if a.Model == "" {
		return invalid(key+".model", "must name a model")
	}
	if a.BaseURL != "" {
		u, err := url.Parse(a.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return invalid(key+".base_url", "must be an http(s) URL, got %q", a.BaseURL)
		}
	}
	if a.MaxOutputTokens < 0 {
		return invalid(key+".max_output_tokens", "must not be negative, got %d", a.MaxOutputTokens)
	}
	return nil
}
