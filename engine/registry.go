package engine

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/datacite"
	"github.com/citeloop/citeloop/oracles/doiorg"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// NewRegistry is the one place that lists the oracles citeloop can use.
// Adding an oracle is one line here.
func NewRegistry() (*oracles.Registry, error) {
	r := oracles.NewRegistry()
	for _, o := range []struct {
		name    string
		factory oracles.Factory
	}{
		{europepmc.Name, europepmc.Factory},
		{crossref.Name, crossref.Factory},
		{doiorg.Name, doiorg.Factory},
		{datacite.Name, datacite.Factory},
	} {
		if err := r.Register(o.name, o.factory); err != nil {
			return nil, err
		}
	}
	return r, nil
}
