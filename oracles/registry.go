package oracles

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"

	"go.uber.org/zap"
)

// Env is what every oracle shares, whatever its own settings: the host's
// contact address, transport, logger and environment.
type Env struct {
	// Contact is an email address sent in the User-Agent, or as mailto=
	// where the API has a polite pool (oracles.contact).
	Contact string
	// HTTPClient supplies the transport: only its Transport is used (its
	// Timeout, Jar and CheckRedirect are ignored; httpx applies its own
	// timeouts and retries). Nil, or a nil Transport, means a fresh default
	// transport.
	HTTPClient *http.Client
	// Logger receives counts, statuses and ids; nil means zap.NewNop().
	Logger *zap.Logger
	// LookupEnv looks up the host's environment variables as os.LookupEnv
	// does, for secrets such as API keys, which never live in the
	// configuration file: each oracle's package names and parses its own.
	// Nil means an empty environment; only cmd passes the real one.
	LookupEnv func(string) (string, bool)
	// Requests, when set, is told of every HTTP attempt the oracle makes
	// (see Request). It is called concurrently and must not block.
	Requests func(Request)
}

// Log returns e.Logger, or a no-op logger when it is nil.
func (e Env) Log() *zap.Logger {
	if e.Logger == nil {
		return zap.NewNop()
	}
	return e.Logger
}

// Lookup returns the environment variable key and whether it is set; unset
// when e.LookupEnv is nil.
func (e Env) Lookup(key string) (string, bool) {
	if e.LookupEnv == nil {
		return "", false
	}
	return e.LookupEnv(key)
}

// Plugin is what the registry holds for one oracle: how to read its section
// of the configuration and how to build it. NewPlugin makes one from a
// settings type; NoSettings from a constructor alone.
type Plugin struct {
	// Settings decodes the oracle's section over its defaults and validates
	// the result. An absent section gives the defaults.
	Settings func(Section) (any, error)
	// Build makes the oracle from what Settings returned.
	Build func(settings any, env Env) (Oracle, error)
	// FromEnv, when set, returns the keys of the oracle's section that its
	// environment variables set, each with its value as written: the
	// oracle's package owns the variables' names and parsing. The engine
	// lays them over the section before Settings checks it, so a bad value
	// is reported under the key it replaces. lookup is the host's
	// environment, as os.LookupEnv.
	FromEnv func(lookup func(string) (string, bool)) map[string]string
}

// NewPlugin is the Plugin of an oracle whose section decodes into S:
// defaults gives the value of every key left out, S's Validate method (when
// it has one) checks the result, and build makes the oracle. S's YAML
// field names are the section's keys.
func NewPlugin[S any](defaults func() S, build func(S, Env) (Oracle, error)) Plugin {
	return Plugin{
		Settings: func(sec Section) (any, error) {
			s := defaults()
			if err := sec.Decode(&s); err != nil {
				return nil, err
			}
			if v, ok := any(s).(interface{ Validate() error }); ok {
				if err := v.Validate(); err != nil {
					return nil, inSection(sec, err)
				}
			}
			return s, nil
		},
		Build: func(s any, env Env) (Oracle, error) {
			typed, ok := s.(S)
			if !ok {
				return nil, fmt.Errorf("settings of type %T, want %T", s, typed)
			}
			return build(typed, env)
		},
	}
}

// NoSettings is the Plugin of an oracle with no settings of its own: its
// section must be absent or empty.
func NoSettings(build func(Env) (Oracle, error)) Plugin {
	return NewPlugin(func() struct{} { return struct{}{} }, func(_ struct{}, env Env) (Oracle, error) { return build(env) })
}

// inSection fills in the section of a *SettingError, or prefixes any other
// error with it.
func inSection(sec Section, err error) error {
	var se *SettingError
	if errors.As(err, &se) && se.Section == "" {
		c := *se
		c.Section = sec.Key()
		return &c
	}
	return fmt.Errorf("%s: %w", sec.Key(), err)
}

// Registry maps oracle names to plugins. It is built explicitly in main
// (no init side effects), so tests can build their own with fakes.
// A Registry is safe for concurrent use.
type Registry struct {
	mu      sync.RWMutex
	plugins map[string]Plugin
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{plugins: map[string]Plugin{}}
}

// Register adds a plugin under name. An empty name, a plugin missing
// Settings or Build, or a name already registered is an error.
func (r *Registry) Register(name string, p Plugin) error {
	if name == "" {
		return fmt.Errorf("oracles: register: empty name")
	}
	if p.Settings == nil || p.Build == nil {
		return fmt.Errorf("oracles: register %q: plugin without Settings or Build", name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.plugins == nil {
		r.plugins = map[string]Plugin{}
	}
	if _, dup := r.plugins[name]; dup {
		return fmt.Errorf("oracles: register %q: already registered", name)
	}
	r.plugins[name] = p
	return nil
}

// Names returns the registered names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.plugins))
	for n := range r.plugins {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Has reports whether name is registered.
func (r *Registry) Has(name string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.plugins[name]
	return ok
}

func (r *Registry) plugin(name string) (Plugin, error) {
	r.mu.RLock()
	p, ok := r.plugins[name]
	r.mu.RUnlock()
	if !ok {
		return Plugin{}, fmt.Errorf("oracles: unknown oracle %q (known: %s)", name, strings.Join(r.Names(), ", "))
	}
	return p, nil
}

// Settings decodes and validates the section of the oracle registered
// under name, without building it: the engine checks every section this way
// when it starts. An unknown name is an error listing the known ones.
func (r *Registry) Settings(name string, sec Section) (any, error) {
	p, err := r.plugin(name)
	if err != nil {
		return nil, err
	}
	return p.Settings(sec)
}

// FromEnv returns the keys of the section of the oracle registered under
// name that the environment sets (its Plugin's FromEnv); nil when the name
// is unknown, its plugin reads no environment, or lookup is nil.
func (r *Registry) FromEnv(name string, lookup func(string) (string, bool)) map[string]string {
	r.mu.RLock()
	p, ok := r.plugins[name]
	r.mu.RUnlock()
	if !ok || p.FromEnv == nil || lookup == nil {
		return nil
	}
	return p.FromEnv(lookup)
}

// New builds the oracle registered under name from its section. An unknown
// name is an error listing the known ones.
func (r *Registry) New(name string, sec Section, env Env) (Oracle, error) {
	p, err := r.plugin(name)
	if err != nil {
		return nil, err
	}
	s, err := p.Settings(sec)
	if err != nil {
		return nil, err
	}
	o, err := p.Build(s, env)
	if err != nil {
		return nil, fmt.Errorf("oracles: build %q: %w", name, err)
	}
	return o, nil
}
