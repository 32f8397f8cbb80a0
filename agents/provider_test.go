package agents_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
)

// stubProvider builds no model; it only has to be a Provider.
type stubProvider struct{}

func (stubProvider) Missing(agents.ModelConfig, func(string) (string, bool)) string { return "" }
func (stubProvider) NewModel(context.Context, agents.ModelConfig, func(string) (string, bool)) (agents.Model, error) {
	return nil, nil
}

func TestProviders(t *testing.T) {
	r := agents.NewProviders()
	for _, name := range []string{"zeta", "alpha"} {
		if err := r.Register(name, stubProvider{}); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff([]string{"alpha", "zeta"}, r.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if !r.Has("alpha") || r.Has("beta") {
		t.Errorf("Has(alpha), Has(beta) = %v, %v; want true, false", r.Has("alpha"), r.Has("beta"))
	}
	if _, err := r.Get("alpha"); err != nil {
		t.Errorf("Get(alpha): %v", err)
	}
	if _, err := r.Get("beta"); err == nil || !strings.Contains(err.Error(), "known: alpha, zeta") {
		t.Errorf("Get(beta): got %v, want an error listing the known providers", err)
	}
	for _, tt := range []struct {
		name string
		p    agents.Provider
		want string
	}{
		{"", stubProvider{}, "empty provider name"},
		{"nil", nil, "nil provider"},
		{"alpha", stubProvider{}, "already registered"},
	} {
		if err := r.Register(tt.name, tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Register(%q): got %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
	// A nil registry has no provider, and says so instead of panicking.
	var none *agents.Providers
	if none.Has("alpha") || len(none.Names()) != 0 {
		t.Error("a nil registry has providers")
	}
	if _, err := none.Get("alpha"); err == nil {
		t.Error("a nil registry gave a provider")
	}
}
