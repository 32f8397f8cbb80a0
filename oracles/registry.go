package oracles

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
)

// Settings is what a Factory needs to build one oracle. Zero fields mean "use
// the oracle's own default", so a test can set only BaseURL.
type Settings struct {
	// BaseURL overrides the service's address (tests point it at httptest).
	BaseURL string
	// Contact is an email address sent in the User-Agent, or as mailto=
	// where the API has a polite pool.
	Contact string
	// APIKey is a secret read from the environment, never from a file.
	APIKey string
	// Timeout bounds one HTTP attempt.
	Timeout time.Duration
	// TotalBudget bounds one Lookup call, retries included.
	TotalBudget time.Duration
	// MaxAttempts is the number of tries per request, first one included.
	MaxAttempts int
	// RatePerSecond caps the request rate.
	RatePerSecond float64
	// MaxConcurrent caps requests in flight.
	MaxConcurrent int
	// BatchSize is the number of DOIs per request where the API batches.
	BatchSize int
	// MaxBodyBytes caps how much of a response body is read.
	MaxBodyBytes int64
	// HTTPClient supplies the transport: only its Transport is used (its
	// Timeout, Jar and CheckRedirect are ignored; httpx applies its own
	// timeouts and retries). Nil, or a nil Transport, means a fresh default
	// transport.
	HTTPClient *http.Client
	// Logger receives counts, statuses and ids; nil means zap.NewNop().
	Logger *zap.Logger
}

// Log returns s.Logger, or a no-op logger when it is nil.
func (s Settings) Log() *zap.Logger {
	if s.Logger == nil {
		return zap.NewNop()
	}
	return s.Logger
}

// Factory builds an oracle from its settings.
type Factory func(Settings) (Oracle, error)

// Registry maps oracle names to factories. It is built explicitly in main
// (no init side effects), so tests can build their own with fakes.
// A Registry is safe for concurrent use.
type Registry struct {
	mu        sync.RWMutex
	factories map[string]Factory
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{factories: map[string]Factory{}}
}

// Register adds a factory under name. An empty name, a nil factory or a name
// already registered is an error.
func (r *Registry) Register(name string, f Factory) error {
	if name == "" {
		return fmt.Errorf("oracles: register: empty name")
	}
	if f == nil {
		return fmt.Errorf("oracles: register %q: nil factory", name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.factories == nil {
		r.factories = map[string]Factory{}
	}
	if _, dup := r.factories[name]; dup {
		return fmt.Errorf("oracles: register %q: already registered", name)
	}
	r.factories[name] = f
	return nil
}

// Names returns the registered names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.factories))
	for n := range r.factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Has reports whether name is registered.
func (r *Registry) Has(name string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.factories[name]
	return ok
}

// New builds the oracle registered under name. An unknown name is an error
// listing the known ones.
func (r *Registry) New(name string, s Settings) (Oracle, error) {
	r.mu.RLock()
	f, ok := r.factories[name]
	r.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("oracles: unknown oracle %q (known: %s)", name, strings.Join(r.Names(), ", "))
	}
	o, err := f(s)
	if err != nil {
		return nil, fmt.Errorf("oracles: build %q: %w", name, err)
	}
	return o, nil
}
