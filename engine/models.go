package engine

import (
	"context"
	"fmt"
	"github.com/citeloop/citeloop/gates"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// agents builds the writer and the skeptic a Briefer uses: the offline
// agents, or the models of the agents section, each built by its provider
// in Deps.Providers with the environment it reads through Deps.LookupEnv.
// Model SDK clients are built only here, only when a model agent is asked
// for.
func (e *Engine) agents(env AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) {
	if e.deps.Agents != nil {
		return e.deps.Agents(env)
	}
	if env.Offline {
		return offline.ExtractiveWriter{ReferenceIn: gates.ReferenceIn, ProseHolds: gates.ProseBacked}, offline.RuleSkeptic{}, nil
	}
	cfg := e.cfg.Agents
	if err := checkProviders(cfg, e.deps.Providers); err != nil {
		return nil, nil, err
	}
	lookup := e.deps.LookupEnv
	var missing []string
	for _, ag := range []struct {
		name string
		cfg  configs.Agent
	}{{"writer", cfg.Writer}, {"skeptic", cfg.Skeptic}} {
		p, err := e.deps.Providers.Get(ag.cfg.Provider)
		if err != nil {
			return nil, nil, err
		}
		if m := p.Missing(modelConfig(ag.cfg), lookup); m != "" {
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
	wm, err := e.newModel(ctx, cfg.Writer)
	if err != nil {
		return nil, nil, fmt.Errorf("writer: %w", err)
	}
	sm, err := e.newModel(ctx, cfg.Skeptic)
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
			// A repair pass shows the passages of each source's full
			// text chosen for the claim being repaired.
			agents.WithRepairPassages(func(en contract.Entry, about string) []contract.Passage {
				return collect.PassagesFor(en, about, e.cfg.Collect.MaxPassages, e.cfg.Collect.MaxPassageChars)
			}),
		}
	}
	return agents.NewWriter(wm, opts(cfg.Writer)...), agents.NewSkeptic(sm, opts(cfg.Skeptic)...), nil
}

// newModel builds one agent's model through its provider. Every setting
// comes from c or the provider's own environment variables, read through
// Deps.LookupEnv, so tests can point it at a fake server without touching
// the process environment.
func (e *Engine) newModel(ctx context.Context, c configs.Agent) (agents.Model, error) {
	p, err := e.deps.Providers.Get(c.Provider)
	if err != nil {
		return nil, err
	}
	return p.NewModel(ctx, modelConfig(c), e.deps.LookupEnv)
}

func modelConfig(c configs.Agent) agents.ModelConfig {
	return agents.ModelConfig{Model: c.Model, BaseURL: c.BaseURL}
}

// checkProviders checks that each agent's provider is registered. A nil
// registry has none: such a host builds only the offline agents or its own
// (Deps.Agents).
func checkProviders(a configs.Agents, reg *agents.Providers) error {
	for _, ag := range []struct {
		key      string
		provider string
	}{{"agents.writer.provider", a.Writer.Provider}, {"agents.skeptic.provider", a.Skeptic.Provider}} {
		if reg.Has(ag.provider) {
			continue
		}
		names := reg.Names()
		if len(names) == 0 {
			return fmt.Errorf("%w: %s: %q: no model provider is registered (Deps.Providers)", configs.ErrInvalid, ag.key, ag.provider)
		}
		return fmt.Errorf("%w: %s: must be %s, got %q", configs.ErrInvalid, ag.key, oneOf(names), ag.provider)
	}
	return nil
}

// oneOf lists names for a message: "a", `"a" or "b"`, `"a", "b" or "c"`.
func oneOf(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// OfflineAgents is an AgentFactory that always gives the offline agents
// (the extractive writer and the rule-based skeptic): a program that runs
// its own oracle or sources without a model passes it in Deps.Agents.
func OfflineAgents(AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) {
	return offline.ExtractiveWriter{}, offline.RuleSkeptic{}, nil
}
