package europepmc_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// The section's errors name the full key, oracles.europepmc.<key>.
func TestSettingsErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"batch too big", "batch_size: 501\n", "oracles.europepmc.batch_size: must be between 1 and 500, got 501"},
		{"batch zero", "batch_size: 0\n", "oracles.europepmc.batch_size"},
		{"shared key", "rate_per_second: 0\n", "oracles.europepmc.rate_per_second: must be > 0"},
		{"typo", "batch_sise: 5\n", "oracles.europepmc.batch_sise: line 1: unknown key (did you mean batch_size?)"},
		{"duration without unit", "timeout: 10\n", "oracles.europepmc.timeout: line 1:"},
		{"base url", "base_url: www.ebi.ac.uk\n", "oracles.europepmc.base_url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sec, err := oracles.ParseSection(europepmc.Name, []byte(tt.give))
			if err != nil {
				t.Fatal(err)
			}
			_, err = europepmc.Plugin().Settings(sec)
			var se *oracles.SettingError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *oracles.SettingError", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %q, want it to contain %q", err, tt.want)
			}
		})
	}
	if err := europepmc.DefaultSettings().Validate(); err != nil {
		t.Errorf("defaults do not validate: %v", err)
	}
}

// batch_size's edges: 1 and 500 are accepted.
func TestSettingsBatchSizeEdges(t *testing.T) {
	for _, give := range []string{"batch_size: 1\n", "batch_size: 500\n"} {
		sec, err := oracles.ParseSection(europepmc.Name, []byte(give))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := europepmc.Plugin().Settings(sec); err != nil {
			t.Errorf("%q: %v, want accepted", give, err)
		}
	}
}
