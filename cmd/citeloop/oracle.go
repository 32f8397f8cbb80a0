package main

import (
	"github.com/citeloop/citeloop/oracles"
)

// oracle builds the online oracle the gate and check use, from the registry
// and the oracles section of the configuration.
func (a *app) oracle() (oracles.Oracle, error) {
	reg, err := a.registry()
	if err != nil {
		return nil, err
	}
	var os []oracles.Oracle
	for _, name := range a.cfg.Oracles.Use {
		o, err := reg.New(name, oracles.Settings{Logger: a.logger})
		if err != nil {
			return nil, usageError("oracles.use: %v", err)
		}
		os = append(os, o)
	}
	if len(os) == 1 {
		return os[0], nil
	}
	if a.cfg.Oracles.Policy == "require" {
		return oracles.Require(os...), nil
	}
	return oracles.AnyOf(os...), nil
}
