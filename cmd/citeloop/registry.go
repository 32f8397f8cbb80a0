package main

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// newRegistry is the one place that lists the oracles citeloop can use.
// Adding an oracle is one line here.
func newRegistry() (*oracles.Registry, error) {
	r := oracles.NewRegistry()
	for name, f := range map[string]oracles.Factory{
		europepmc.Name: europepmc.Factory,
	} {
		if err := r.Register(name, f); err != nil {
			return nil, err
		}
	}
	return r, nil
}
