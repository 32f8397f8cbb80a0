package engine

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/pipeline"
)

// Deps are what the engine takes from its host instead of reading the
// process: tests and servers inject each of them.
type Deps struct {
	// Registry lists the oracles the configuration may name. Required:
	// main builds it (oracles/all.Backends lists citeloop's), and a program
	// registers its own oracles in it.
	Registry *oracles.Registry
	// Providers lists the model providers agents.<agent>.provider may name
	// (agents/all.Providers lists citeloop's). Nil means none: the host then
	// runs only the offline agents or its own (Agents), and the names are
	// not checked until a model agent is asked for.
	Providers *agents.Providers
	// LookupEnv looks up the host's environment variables, as os.LookupEnv
	// does; nil means an empty environment. The engine reads no variable
	// itself: each oracle's and model provider's package names and parses
	// its own (FromEnv), through this lookup. Only cmd passes the real one.
	LookupEnv func(string) (string, bool)
	// Logger gets counts, statuses and ids; nil means zap.NewNop().
	Logger *zap.Logger
	// Now is the clock stamped on ledgers and proofs; nil means time.Now.
	Now func() time.Time
	// HTTPClient supplies the oracles' transport; nil means a default one.
	HTTPClient *http.Client
	// Agents, when set, builds the writer and the skeptic instead of the
	// configured models or the offline agents (tests script agents with it).
	Agents AgentFactory
	// ModelCalls, when set, is told each step of every model call (a front
	// end shows what the run waits for); never prompt or answer text.
	ModelCalls func(agents.CallEvent)
	// OracleRequests, when set, is told of every HTTP attempt an oracle
	// makes, retries and searches included (metrics count them); never a
	// URL or a DOI.
	OracleRequests func(oracles.Request)
}

// AgentFactory builds a writer and a skeptic for a Briefer.
type AgentFactory func(AgentEnv) (pipeline.Writer, pipeline.Skeptic, error)

// AgentEnv is what an AgentFactory is told about the run it serves.
type AgentEnv struct {
	Offline bool
	// Oracle is the oracle the gate uses.
	Oracle oracles.Oracle
}

// Engine builds citeloop's parts from one configuration. Build it once per
// process; it is safe for concurrent use.
type Engine struct {
	cfg  configs.Config
	deps Deps

	mu sync.Mutex
	// raw holds one instance per oracle name, shared by the collector, the
	// gate and check.
	raw           map[string]oracles.Oracle
	cached, fresh oracles.Oracle

	// store is the process's one on-disk cache, shared by every oracle
	// (each keyed by its identity), opened on first use.
	storeOnce sync.Once
	store     *cache.Store
}

// New returns an engine for cfg, which the caller has loaded and validated.
// Every oracle named in oracles.use must be in the registry, every oracle's
// section, with what its environment variables set, must satisfy its
// package (see checkOracles), and each agent's provider must be in
// Deps.Providers when that is set.
func New(cfg configs.Config, deps Deps) (*Engine, error) {
	if deps.Registry == nil {
		return nil, errors.New("engine: Deps.Registry is nil; pass the oracles the configuration may name (oracles/all.Backends lists citeloop's)")
	}
	if deps.LookupEnv == nil {
		deps.LookupEnv = noEnv
	}
	if deps.Logger == nil {
		deps.Logger = zap.NewNop()
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	cfg.Oracles = oracleEnv(cfg.Oracles, deps.Registry, deps.LookupEnv)
	var err error
	if deps.Providers != nil {
		err = checkProviders(cfg.Agents, deps.Providers)
	}
	if err == nil {
		err = checkOracles(cfg.Oracles, deps.Registry)
	}
	if err != nil {
		if cfg.File != "" {
			return nil, fmt.Errorf("%s: %w", cfg.File, err)
		}
		return nil, err
	}
	return &Engine{cfg: cfg, deps: deps, raw: map[string]oracles.Oracle{}}, nil
}

// oracleEnv lays over each registered oracle's section the keys its
// environment variables set (its plugin's FromEnv), as strings, before the
// sections are checked: a bad value is reported under the key it replaces.
func oracleEnv(o configs.Oracles, reg *oracles.Registry, lookup func(string) (string, bool)) configs.Oracles {
	for _, name := range reg.Names() {
		keys := reg.FromEnv(name, lookup)
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			o.SetString(name, k, keys[k])
		}
	}
	return o
}

// checkOracles checks the oracle names and sections of the configuration
// against the registry: every name in oracles.use is registered, every
// other key of the oracles section names a registered oracle, and each
// oracle's package accepts its section. A section for an oracle not in use
// is checked too, so a mistake surfaces before it is switched on; an oracle
// neither in use nor configured is not (its defaults may need settings).
func checkOracles(o configs.Oracles, reg *oracles.Registry) error {
	known := reg.Names()
	for _, name := range o.Use {
		if !reg.Has(name) {
			return fmt.Errorf("%w: oracles.use: unknown oracle %q (known: %s)", configs.ErrInvalid, name, strings.Join(known, ", "))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o.Sections)) {
		if !reg.Has(name) {
			hint := ""
			if near := oracles.Nearest(name, append([]string{"use", "policy", "contact", "cache"}, known...)); near != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", near)
			}
			return fmt.Errorf("%w: oracles.%s: unknown key: neither a setting (use, policy, contact, cache) nor a registered oracle (%s)%s",
				configs.ErrInvalid, name, strings.Join(known, ", "), hint)
		}
	}
	for _, name := range slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(o.Use), slices.Collect(maps.Keys(o.Sections))...)))) {
		if _, err := reg.Settings(name, o.Section(name)); err != nil {
			return fmt.Errorf("%w: %w", configs.ErrInvalid, err)
		}
	}
	return nil
}

// Config returns the configuration the engine was built from, with what
// each oracle's environment variables set laid over its section.
func (e *Engine) Config() configs.Config { return e.cfg }

// Oracle returns the online oracle the gate and check use: each oracle named
// in oracles.use, wrapped in the cache, combined by oracles.policy. It is
// built on first use and then shared.
func (e *Engine) Oracle() (oracles.Oracle, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cached == nil {
		o, err := e.combine(true)
		if err != nil {
			return nil, err
		}
		e.cached = o
	}
	return e.cached, nil
}

// FreshOracle is Oracle without the cache: every lookup asks the services
// again (for verify and watch). It shares the clients, and so their rate
// limits, with Oracle.
func (e *Engine) FreshOracle() (oracles.Oracle, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.fresh == nil {
		o, err := e.combine(false)
		if err != nil {
			return nil, err
		}
		e.fresh = o
	}
	return e.fresh, nil
}

// combine builds the policy over the configured oracles; e.mu is held.
func (e *Engine) combine(cached bool) (oracles.Oracle, error) {
	var members []oracles.Oracle
	for _, name := range e.cfg.Oracles.Use {
		o, err := e.rawLocked(name)
		if err != nil {
			return nil, err
		}
		if cached {
			c := e.cfg.Oracles.Cache
			o = cache.Wrap(o, cache.Options{Store: e.cacheStore(), TTL: c.TTL.D, NegativeTTL: c.NegativeTTL.D, Now: e.deps.Now, Logger: e.deps.Logger})
		}
		members = append(members, o)
	}
	if len(members) == 1 {
		return members[0], nil
	}
	o, err := oracles.NewPolicy(e.cfg.Oracles.Policy, members...)
	if err != nil {
		return nil, fmt.Errorf("%w: oracles.policy: %w", configs.ErrInvalid, err)
	}
	return o, nil
}

// cacheStore is the engine's one cache store in oracles.cache.dir, opened
// on first use; nil without a directory, or when it cannot be opened
// (logged once): the cache can cost a request, never an answer.
func (e *Engine) cacheStore() *cache.Store {
	e.storeOnce.Do(func() {
		dir := e.cfg.Oracles.Cache.Dir
		if dir == "" {
			return
		}
		st, err := cache.Open(dir)
		if err != nil {
			e.deps.Logger.Warn("oracle cache unavailable; answers are kept in memory only", zap.Error(err))
			return
		}
		e.store = st
	})
	return e.store
}

// Close releases what the engine holds open: its cache store. The engine
// must not be used after.
func (e *Engine) Close() error {
	e.storeOnce.Do(func() {}) // a store opened after Close would leak
	if e.store == nil {
		return nil
	}
	return e.store.Close()
}

// rawOracle returns the engine's one instance of the named oracle.
func (e *Engine) rawOracle(name string) (oracles.Oracle, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.rawLocked(name)
}

func (e *Engine) rawLocked(name string) (oracles.Oracle, error) {
	if o, ok := e.raw[name]; ok {
		return o, nil
	}
	env := oracles.Env{Contact: e.cfg.Oracles.Contact, HTTPClient: e.deps.HTTPClient, Logger: e.deps.Logger, LookupEnv: e.deps.LookupEnv, Requests: e.deps.OracleRequests}
	o, err := e.deps.Registry.New(name, e.cfg.Oracles.Section(name), env)
	if err != nil {
		return nil, fmt.Errorf("%w: oracles.use: %w", configs.ErrInvalid, err)
	}
	e.raw[name] = o
	return o, nil
}

// ErrInput marks an error in what the caller passed (a corpus that does not
// parse, a sources file that cannot be read): the CLI reports it as a usage
// error.
var ErrInput = errors.New("bad input")
