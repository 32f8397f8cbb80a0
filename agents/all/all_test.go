package all_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/agents/gemini"
)

func TestProvidersListsTheShippedProviders(t *testing.T) {
	r := all.Providers()
	if diff := cmp.Diff([]string{"gemini", "openai"}, r.Names()); diff != "" {
		t.Errorf("registered providers (-want +got):\n%s", diff)
	}
	// With an empty environment each shipped provider says what it lacks.
	empty := func(string) (string, bool) { return "", false }
	for _, name := range r.Names() {
		p, err := r.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		if m := p.Missing(agents.ModelConfig{Model: "m"}, empty); m == "" {
			t.Errorf("%s needs nothing from an empty environment", name)
		}
	}
	// Each call is a registry of its own: a program's registration does
	// not leak into another's.
	if err := r.Register("lab", gemini.Provider{}); err != nil {
		t.Fatal(err)
	}
	if all.Providers().Has("lab") {
		t.Error("a provider registered in one registry is in another")
	}
}
