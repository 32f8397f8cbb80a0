package engine

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/datacite"
	"github.com/citeloop/citeloop/oracles/doiorg"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// NewRegistry is the one place that lists the oracles citeloop can use.
// Adding an oracle is one line here: its package owns its settings, their
// defaults and its section of the configuration, oracles.<name>.
func NewRegistry() (*oracles.Registry, error) {
	r := oracles.NewRegistry()
	for _, o := range []struct {
		name   string
		plugin oracles.Plugin
	}{
		{europepmc.Name, europepmc.Plugin()},
		{crossref.Name, crossref.Plugin()},
		{doiorg.Name, doiorg.Plugin()},
		{datacite.Name, datacite.Plugin()},
	} {
		if err := r.Register(o.name, o.plugin); err != nil {
			return nil, err
		}
	}
	return r, nil
}
