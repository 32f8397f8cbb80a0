package engine

import (
	"slices"
	"testing"

	"github.com/citeloop/citeloop/configs"
)

// Every oracle the configuration accepts must be registered, and the
// registry must build each from its default settings.
func TestRegistryCoversEveryConfiguredOracle(t *testing.T) {
	r, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	cfg := configs.Default()
	for _, name := range configs.OracleNames() {
		if !slices.Contains(r.Names(), name) {
			t.Errorf("configs accepts oracle %q but the registry does not have it", name)
			continue
		}
		o, err := r.New(name, cfg.Oracles.Settings(name))
		if err != nil {
			t.Errorf("New(%q): %v", name, err)
			continue
		}
		if o.Name() != name {
			t.Errorf("oracle built for %q calls itself %q", name, o.Name())
		}
	}
}
