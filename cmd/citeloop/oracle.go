package main

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
)

// oracle builds the online oracle the gate and check use: each oracle named
// in oracles.use, built once per process by the registry from its settings
// (so the collector and the gate share one client and its rate limits),
// wrapped in the cache, combined by oracles.policy.
func (a *app) oracle() (oracles.Oracle, error) {
	var members []oracles.Oracle
	for _, name := range a.cfg.Oracles.Use {
		o, err := a.rawOracle(name)
		if err != nil {
			return nil, err
		}
		c := a.cfg.Oracles.Cache
		members = append(members, cache.Wrap(o, cache.Options{Dir: c.Dir, TTL: c.TTL.D, NegativeTTL: c.NegativeTTL.D, Logger: a.logger}))
	}
	if len(members) == 1 {
		return members[0], nil
	}
	o, err := oracles.NewPolicy(a.cfg.Oracles.Policy, members...)
	if err != nil {
		return nil, usageError("oracles.policy: %v", err)
	}
	return o, nil
}

// rawOracle returns the process's one instance of the named oracle.
func (a *app) rawOracle(name string) (oracles.Oracle, error) {
	if o, ok := a.built[name]; ok {
		return o, nil
	}
	reg, err := a.registry()
	if err != nil {
		return nil, err
	}
	settings := a.cfg.Oracles.Settings(name)
	settings.Logger = a.logger
	o, err := reg.New(name, settings)
	if err != nil {
		return nil, usageError("oracles.use: %v", err)
	}
	if a.built == nil {
		a.built = map[string]oracles.Oracle{}
	}
	a.built[name] = o
	return o, nil
}
