package agents

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// ModelConfig is what an agent's section of the configuration
// (agents.writer, agents.skeptic) says about its model; the provider adds
// what its environment says.
type ModelConfig struct {
	// Model is the model id sent to the API.
	Model string
	// BaseURL replaces the provider's endpoint; "" means the provider's
	// default, or the one its environment names.
	BaseURL string
}

// Provider is one model backend, named in agents.<agent>.provider. Its
// package owns the SDK and the names and parsing of its environment
// variables (API keys, endpoints), which it reads through lookup, the
// host's environment as os.LookupEnv gives it. Adding a provider is one
// package implementing Provider and one line in agents/all, or one Register
// call in a program's own registry.
type Provider interface {
	// Missing says what an agent configured with c lacks to use the
	// provider (a key, a project, a base URL), "" when nothing: the engine
	// asks it of both agents before it builds either, so the user learns
	// everything that is missing at once.
	Missing(c ModelConfig, lookup func(string) (string, bool)) string
	// NewModel builds the model of one agent. ctx bounds only what building
	// takes (a cloud credential lookup); every call gets its own context.
	NewModel(ctx context.Context, c ModelConfig, lookup func(string) (string, bool)) (Model, error)
}

// Providers maps provider names to Providers, as oracles.Registry maps
// oracle names to plugins. It is built explicitly (agents/all.Providers in
// main, no init side effects), so tests and programs build their own. A
// Providers is safe for concurrent use; a nil *Providers has none.
type Providers struct {
	mu sync.RWMutex
	by map[string]Provider
}

// NewProviders returns an empty registry.
func NewProviders() *Providers {
	return &Providers{by: map[string]Provider{}}
}

// Register adds p under name. An empty name, a nil provider or a name
// already registered is an error.
func (r *Providers) Register(name string, p Provider) error {
	if name == "" {
		return fmt.Errorf("agents: register: empty provider name")
	}
	if p == nil {
		return fmt.Errorf("agents: register %q: nil provider", name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.by == nil {
		r.by = map[string]Provider{}
	}
	if _, dup := r.by[name]; dup {
		return fmt.Errorf("agents: register %q: already registered", name)
	}
	r.by[name] = p
	return nil
}

// Names returns the registered names, sorted.
func (r *Providers) Names() []string {
	if r == nil {
		return nil
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.by))
	for n := range r.by {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Has reports whether name is registered.
func (r *Providers) Has(name string) bool {
	_, ok := r.lookup(name)
	return ok
}

// Get returns the provider registered under name; an unknown name is an
// error listing the known ones.
func (r *Providers) Get(name string) (Provider, error) {
	p, ok := r.lookup(name)
	if !ok {
		return nil, fmt.Errorf("agents: unknown model provider %q (known: %s)", name, strings.Join(r.Names(), ", "))
	}
	return p, nil
}

func (r *Providers) lookup(name string) (Provider, bool) {
	if r == nil {
		return nil, false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	p, ok := r.by[name]
	return p, ok
}
