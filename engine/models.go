package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/gemini"
	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/agents/openai"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/pipeline"
)

// agents builds the writer and the skeptic a Briefer uses: the offline
// agents, or the models of the agents section with credentials from
// Deps.LookupEnv. Model SDK clients are built only here, only when a model
// agent is asked for.
func (e *Engine) agents(env AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) {
	if e.deps.Agents != nil {
		return e.deps.Agents(env)
	}
	if env.Offline {
		return offline.ExtractiveWriter{}, offline.RuleSkeptic{}, nil
	}
	cfg := e.cfg.Agents
	getenv := func(k string) string { v, _ := e.deps.LookupEnv(k); return v }
	var missing []string
	for _, ag := range []struct {
		name string
		cfg  configs.Agent
	}{{"writer", cfg.Writer}, {"skeptic", cfg.Skeptic}} {
		if m := missingCredentials(ag.cfg, getenv); m != "" {
			missing = append(missing, fmt.Sprintf("the %s (%s %s) needs %s", ag.name, ag.cfg.Provider, ag.cfg.Model, m))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("%w: no model credentials: %s; or pass --offline to run without a model",
			configs.ErrInvalid, strings.Join(missing, "; "))
	}
	if cfg.SameModel() {
		e.deps.Logger.Warn("the writer and the skeptic are the same model, which judges its own output leniently: set --skeptic-model (agents.skeptic.model) to another",
			zap.String("model", cfg.Writer.Model))
	}
	// The SDK clients take a context only to look up cloud credentials; the
	// builder has none, and every model call gets the run's context.
	ctx := context.Background()
	wm, err := newModel(ctx, cfg.Writer, getenv)
	if err != nil {
		return nil, nil, fmt.Errorf("writer: %w", err)
	}
	sm, err := newModel(ctx, cfg.Skeptic, getenv)
	if err != nil {
		return nil, nil, fmt.Errorf("skeptic: %w", err)
	}
	opts := func(ag configs.Agent) []agents.Option {
		return []agents.Option{
			agents.WithLogger(e.deps.Logger),
			agents.WithTimeout(cfg.Timeout),
			agents.WithRetryPolicy(agents.RetryPolicy{MaxAttempts: cfg.MaxAttempts, Check: agents.DefaultCheckRetry, Backoff: agents.ExponentialBackoff(time.Second, 30*time.Second), ContractRetries: 1}),
			agents.WithMaxOutputTokens(ag.MaxOutputTokens),
			agents.WithSeed(cfg.Seed),
			agents.WithObserver(e.deps.ModelCalls),
		}
	}
	return agents.NewWriter(wm, opts(cfg.Writer)...), agents.NewSkeptic(sm, opts(cfg.Skeptic)...), nil
}

// missingCredentials says which environment variables an agent lacks, ""
// when it has what its provider needs.
func missingCredentials(c configs.Agent, getenv func(string) string) string {
	switch c.Provider {
	case configs.ProviderGemini:
		if geminiKey(getenv) != "" {
			return ""
		}
		if vertexAI(getenv) {
			if getenv("GOOGLE_CLOUD_PROJECT") != "" && geminiLocation(getenv) != "" {
				return ""
			}
			return "GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (GOOGLE_GENAI_USE_VERTEXAI is set), or GEMINI_API_KEY"
		}
		return "GEMINI_API_KEY (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION"
	case configs.ProviderOpenAI:
		if getenv("OPENAI_API_KEY") != "" || c.BaseURL != "" || getenv("OPENAI_BASE_URL") != "" {
			return ""
		}
		return "OPENAI_API_KEY, or a local server in OPENAI_BASE_URL or agents.<agent>.base_url"
	}
	return "a known provider"
}

// geminiKey follows the SDK: GOOGLE_API_KEY wins over GEMINI_API_KEY.
func geminiKey(getenv func(string) string) string {
	if k := getenv("GOOGLE_API_KEY"); k != "" {
		return k
	}
	return getenv("GEMINI_API_KEY")
}

func vertexAI(getenv func(string) string) bool {
	v := strings.ToLower(getenv("GOOGLE_GENAI_USE_VERTEXAI"))
	return v == "1" || v == "true"
}

func geminiLocation(getenv func(string) string) string {
	if l := getenv("GOOGLE_CLOUD_LOCATION"); l != "" {
		return l
	}
	return getenv("GOOGLE_CLOUD_REGION")
}

// newModel builds one backend. Every setting comes from c or getenv, so
// tests can point it at a fake server without touching the process
// environment.
func newModel(ctx context.Context, c configs.Agent, getenv func(string) string) (agents.Model, error) {
	switch c.Provider {
	case configs.ProviderGemini:
		gc := gemini.Config{Model: c.Model, BaseURL: c.BaseURL, VertexAI: vertexAI(getenv)}
		switch {
		case gc.VertexAI && getenv("GOOGLE_CLOUD_PROJECT") != "" && geminiLocation(getenv) != "":
			gc.Project, gc.Location = getenv("GOOGLE_CLOUD_PROJECT"), geminiLocation(getenv)
		default: // Gemini API, or Vertex AI express mode
			gc.APIKey = geminiKey(getenv)
		}
		if gc.BaseURL == "" && gc.VertexAI {
			gc.BaseURL = getenv("GOOGLE_VERTEX_BASE_URL")
		} else if gc.BaseURL == "" {
			gc.BaseURL = getenv("GOOGLE_GEMINI_BASE_URL")
		}
		return gemini.New(ctx, gc)
	case configs.ProviderOpenAI:
		oc := openai.Config{Model: c.Model, BaseURL: c.BaseURL, APIKey: getenv("OPENAI_API_KEY")}
		if oc.BaseURL == "" {
			oc.BaseURL = getenv("OPENAI_BASE_URL")
		}
		return openai.New(oc)
	}
	return nil, fmt.Errorf("%w: unknown provider %q", configs.ErrInvalid, c.Provider)
}

// OfflineAgents is an AgentFactory that always gives the offline agents
// (the extractive writer and the rule-based skeptic): a program that runs
// its own oracle or sources without a model passes it in Deps.Agents.
func OfflineAgents(AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) {
	return offline.ExtractiveWriter{}, offline.RuleSkeptic{}, nil
}
