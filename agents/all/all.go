// Package all lists the model providers citeloop ships, as oracles/all
// lists its oracles: main builds the registry from it and passes it to the
// engine in Deps. Nothing registers itself: a program that wants another
// provider registers it in the registry Providers returns.
package all

import (
	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/gemini"
	"github.com/citeloop/citeloop/agents/openai"
)

// Providers returns a new registry of every model provider citeloop ships.
// Adding a provider is one line here: its package owns its SDK and its
// environment variables. Like http.ServeMux.Handle it panics on a name
// registered twice, a mistake in this list that its test catches.
func Providers() *agents.Providers {
	r := agents.NewProviders()
	for _, p := range []struct {
		name     string
		provider agents.Provider
	}{
		{gemini.Name, gemini.Provider{}},
		{openai.Name, openai.Provider{}},
	} {
		if err := r.Register(p.name, p.provider); err != nil {
			panic(err)
		}
	}
	return r
}
