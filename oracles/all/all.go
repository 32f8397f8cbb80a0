// Package all lists the oracles citeloop ships, as restic's all.Backends
// lists its backends: main builds the registry from it and passes it to the
// engine in Deps. Nothing registers itself: a program that wants another
// oracle registers it in the registry Backends returns.
package all

import (
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/datacite"
	"github.com/citeloop/citeloop/oracles/doiorg"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// Backends returns a new registry of every oracle citeloop ships. Adding an
// oracle is one line here: its package owns its settings, their defaults,
// its section of the configuration (oracles.<name>) and its environment
// variables. Like http.ServeMux.Handle it panics on a name registered twice,
// a mistake in this list that its test catches.
func Backends() *oracles.Registry {
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
			panic(err)
		}
	}
	return r
}
