package engine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
)

const exampleConfig = "../configs/citeloop.example.yaml"

// The registry builds every oracle from its own defaults (no section), and
// the oracle calls itself by its registered name.
func TestRegistryBuildsEveryOracleFromItsDefaults(t *testing.T) {
	r := all.Backends()
	if diff := cmp.Diff([]string{"crossref", "datacite", "doiorg", "europepmc"}, r.Names()); diff != "" {
		t.Errorf("registered oracles (-want +got):\n%s", diff)
	}
	for _, name := range r.Names() {
		o, err := r.New(name, oracles.NewSection(name, nil), oracles.Env{})
		if err != nil {
			t.Errorf("New(%q): %v", name, err)
			continue
		}
		if o.Name() != name {
			t.Errorf("oracle built for %q calls itself %q", name, o.Name())
		}
	}
}

// The example configuration documents every oracle's defaults: each of
// its sections decodes, through the oracle's own package, to exactly the
// settings an absent section gives.
func TestExampleSectionsAreTheOracleDefaults(t *testing.T) {
	cfg, err := configs.Load(exampleConfig)
	if err != nil {
		t.Fatal(err)
	}
	r := all.Backends()
	for _, name := range r.Names() {
		got, err := r.Settings(name, cfg.Oracles.Section(name))
		if err != nil {
			t.Errorf("example section %s: %v", name, err)
			continue
		}
		want, err := r.Settings(name, oracles.NewSection(name, nil))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("example oracles.%s differs from the package's defaults (-default +example):\n%s", name, diff)
		}
	}
}

// Every key of every registered oracle's settings is written (and so
// documented) in the example: the keys are those its defaults marshal to.
// Adding a key to an oracle's Settings means adding it there.
func TestExampleHasEveryOracleKey(t *testing.T) {
	data, err := os.ReadFile(exampleConfig)
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Oracles map[string]yaml.Node `yaml:"oracles"`
	}
	if err := yaml.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	r := all.Backends()
	for _, name := range r.Names() {
		defaults, err := r.Settings(name, oracles.NewSection(name, nil))
		if err != nil {
			t.Fatal(err)
		}
		var want yaml.Node
		if err := want.Encode(defaults); err != nil {
			t.Fatal(err)
		}
		have := ex.Oracles[name]
		for _, k := range mappingKeys(&want) {
			if !slices.Contains(mappingKeys(&have), k) {
				t.Errorf("example lacks key oracles.%s.%s", name, k)
			}
		}
	}
}

func mappingKeys(n *yaml.Node) []string {
	var out []string
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		out = append(out, n.Content[i].Value)
	}
	return out
}

// engine.New checks each oracle section through its package; every error
// wraps configs.ErrInvalid and names the key.
func TestNewChecksOracleSections(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"unknown key", "oracles:\n  europepmc:\n    rate_limit: 5\n", "oracles.europepmc.rate_limit: line 3: unknown key (did you mean rate_per_second?)"},
		{"unknown oracle section", "oracles:\n  pubmed:\n    timeout: 1s\n", "oracles.pubmed: unknown key: neither a setting (use, policy, contact, cache) nor a registered oracle (crossref, datacite, doiorg, europepmc)"},
		{"typo of a setting", "oracles:\n  polcy: {}\n", "(did you mean policy?)"},
		{"typo of an oracle", "oracles:\n  crosref:\n    timeout: 1s\n", "(did you mean crossref?)"},
		{"bad duration", "oracles:\n  crossref:\n    timeout: 10 seconds\n", "oracles.crossref.timeout: line 3:"},
		{"duration without unit", "oracles:\n  europepmc:\n    total_budget: 10\n", "oracles.europepmc.total_budget"},
		{"zero rate", "oracles:\n  europepmc:\n    rate_per_second: 0\n", "oracles.europepmc.rate_per_second: must be > 0"},
		{"zero timeout", "oracles:\n  doiorg:\n    timeout: 0s\n", "oracles.doiorg.timeout"},
		{"negative budget", "oracles:\n  doiorg:\n    total_budget: -1s\n", "oracles.doiorg.total_budget"},
		{"attempts", "oracles:\n  datacite:\n    max_attempts: 0\n", "oracles.datacite.max_attempts"},
		{"concurrency", "oracles:\n  crossref:\n    max_concurrent: 0\n", "oracles.crossref.max_concurrent"},
		{"batch too big", "oracles:\n  europepmc:\n    batch_size: 1000\n", "oracles.europepmc.batch_size"},
		{"crossref batch too big", "oracles:\n  crossref:\n    batch_size: 101\n", "oracles.crossref.batch_size: must be between 1 and 100"},
		{"crossref batch zero", "oracles:\n  crossref:\n    batch_size: 0\n", "oracles.crossref.batch_size"},
		{"body cap", "oracles:\n  crossref:\n    max_body_bytes: 0\n", "oracles.crossref.max_body_bytes"},
		{"base url", "oracles:\n  datacite:\n    base_url: api.datacite.org\n", "oracles.datacite.base_url"},
		{"wrong type names the line", "oracles:\n  europepmc:\n    max_attempts: many\n", "oracles.europepmc.max_attempts: line 3:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(path, []byte(tt.give), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := LoadConfig(path, nil)
			if err == nil {
				_, err = New(cfg, Deps{Registry: all.Backends()})
			}
			if err == nil {
				t.Fatalf("accepted:\n%s", tt.give)
			}
			if !errors.Is(err, configs.ErrInvalid) {
				t.Errorf("error %v does not wrap configs.ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("error %q does not start with the file %s and contain %q", err, path, tt.want)
			}
		})
	}
}

// mapEnv looks variables up in env, as os.LookupEnv in the process.
func mapEnv(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

// CITELOOP_EUROPEPMC_URL reaches the Europe PMC oracle's settings, and a
// bad one is reported under the key it replaces.
func TestEnvOverridesReachTheOracle(t *testing.T) {
	env := map[string]string{"CITELOOP_EUROPEPMC_URL": "http://127.0.0.1:9/rest"}
	cfg, err := LoadConfig(exampleConfig, mapEnv(env))
	if err != nil {
		t.Fatal(err)
	}
	r := all.Backends()
	e, err := New(cfg, Deps{Registry: r, LookupEnv: mapEnv(env)})
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Settings("europepmc", e.Config().Oracles.Section("europepmc"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		BaseURL string `yaml:"base_url"`
	}
	var n yaml.Node
	if err := n.Encode(s); err != nil {
		t.Fatal(err)
	}
	if err := n.Decode(&got); err != nil || got.BaseURL != env["CITELOOP_EUROPEPMC_URL"] {
		t.Errorf("europepmc base_url = %q (%v), want the environment's", got.BaseURL, err)
	}
	env["CITELOOP_EUROPEPMC_URL"] = "not a url"
	cfg, err = LoadConfig("", mapEnv(env))
	if err == nil {
		_, err = New(cfg, Deps{Registry: r, LookupEnv: mapEnv(env)})
	}
	if err == nil || !strings.Contains(err.Error(), "oracles.europepmc.base_url") {
		t.Errorf("bad CITELOOP_EUROPEPMC_URL: got %v, want an error naming oracles.europepmc.base_url", err)
	}
}

// Sections may share settings through YAML anchors, as the typed
// configuration allowed; the environment override of an aliased section
// changes that section alone.
func TestSectionsShareSettingsThroughAnchors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yaml")
	give := "oracles:\n  crossref: &http\n    timeout: 30s\n  europepmc: *http\n  datacite:\n    <<: *http\n    max_attempts: 2\n"
	if err := os.WriteFile(path, []byte(give), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CITELOOP_EUROPEPMC_URL": "http://127.0.0.1:9/rest"}
	cfg, err := LoadConfig(path, mapEnv(env))
	if err != nil {
		t.Fatal(err)
	}
	r := all.Backends()
	e, err := New(cfg, Deps{Registry: r, LookupEnv: mapEnv(env)})
	if err != nil {
		t.Fatal(err)
	}
	cfg = e.Config()
	type keys struct {
		BaseURL     string        `yaml:"base_url"`
		Timeout     time.Duration `yaml:"timeout"`
		MaxAttempts int           `yaml:"max_attempts"`
	}
	tests := []struct {
		name string
		want keys
	}{
		{"crossref", keys{"https://api.crossref.org", 30 * time.Second, 4}},
		{"europepmc", keys{"http://127.0.0.1:9/rest", 30 * time.Second, 4}},
		{"datacite", keys{"https://api.datacite.org", 30 * time.Second, 2}},
	}
	for _, tt := range tests {
		s, err := r.Settings(tt.name, cfg.Oracles.Section(tt.name))
		if err != nil {
			t.Fatal(err)
		}
		var n yaml.Node
		if err := n.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got keys
		if err := n.Decode(&got); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// collect.search must name a registered oracle that serves search; the
// error says which and why.
func TestCollectSearchMustSearch(t *testing.T) {
	for _, tt := range []struct{ give, want string }{
		{"nosuch", `collect.search: unknown oracle "nosuch"`},
		{"doiorg", `collect.search: the "doiorg" oracle cannot search`},
	} {
		cfg := configs.Default()
		cfg.Collect.Search = tt.give
		e, err := New(cfg, Deps{Registry: all.Backends()})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.NewBriefer(BriefOptions{})
		if !errors.Is(err, configs.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("collect.search %s: err = %v, want %q", tt.give, err, tt.want)
		}
	}
}
