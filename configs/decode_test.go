package configs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/configs"
)

// TestDecodeErrorsSayWhatIsWrong checks the messages a user sees for the real
// configuration: the key's path, the nearest valid key or the kind of value
// expected, and no Go type name.
func TestDecodeErrorsSayWhatIsWrong(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		{"agents:\n  writer:\n    modle: x\n", `invalid configuration: line 3: agents.writer.modle: unknown key "modle"; did you mean "model"?`},
		{"agents:\n  timeout: soon\n", `invalid configuration: line 2: agents.timeout: want a duration such as 30s or 2m, got "soon"`},
		{"agents:\n  max_attempts: three\n", `invalid configuration: line 2: agents.max_attempts: want a whole number, got "three"`},
		{"pipeline:\n  max_iterations: 2.5\n", `invalid configuration: line 2: pipeline.max_iterations: want a whole number, got "2.5"`},
		{"oracles:\n  use: europepmc\n", `invalid configuration: line 2: oracles.use: want a list, got "europepmc"`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			cfg := configs.Default()
			err := configs.Decode([]byte(tt.give), &cfg)
			if !errors.Is(err, configs.ErrInvalid) {
				t.Fatalf("Decode(%q) = %v, want ErrInvalid", tt.give, err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
			if strings.Contains(err.Error(), "configs.") {
				t.Errorf("message %q names a Go type", err)
			}
		})
	}
}

// TestOracleSettingTypoNamesTheSetting: an oracle's section is decoded by its
// package (engine.New), but a scalar under a key close to one of the
// section's own settings is a typo, and Validate says which.
func TestOracleSettingTypoNamesTheSetting(t *testing.T) {
	cfg := configs.Default()
	if err := configs.Decode([]byte("oracles:\n  polcy: any_of\n"), &cfg); err != nil {
		t.Fatalf("Decode: %v (oracle sections are checked by their packages)", err)
	}
	err := cfg.Validate()
	want := `oracles.polcy: line 2: unknown key "polcy"; did you mean "policy"?`
	if !errors.Is(err, configs.ErrInvalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("Validate() = %v, want it to contain %q", err, want)
	}
}
