package configs_test

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/configs"
)

const example = "citeloop.example.yaml"

func TestExampleLoadsAndEqualsDefaults(t *testing.T) {
	cfg, err := configs.Load(example)
	if err != nil {
		t.Fatalf("Load(%s): %v", example, err)
	}
	// The example documents the defaults: loading it must change nothing.
	// Its oracle sections are compared with each oracle package's defaults
	// in engine (TestExampleSectionsAreTheOracleDefaults), which has the
	// registry.
	if cfg.File != example {
		t.Errorf("File = %q, want %q (errors found later name it)", cfg.File, example)
	}
	want := configs.Default()
	got := cfg.Oracles
	got.Sections = nil
	if diff := cmp.Diff(want.Oracles, got, cmp.AllowUnexported(configs.Duration{})); diff != "" {
		t.Errorf("example oracles section differs from the defaults (-default +example):\n%s", diff)
	}
	if cfg.Pipeline != want.Pipeline || cfg.Collect != want.Collect || cfg.Agents != want.Agents {
		t.Errorf("example pipeline/collect/agents = %+v %+v %+v, want the defaults %+v %+v %+v",
			cfg.Pipeline, cfg.Collect, cfg.Agents, want.Pipeline, want.Collect, want.Agents)
	}
}

// TestExampleHasEveryKey: every key of the configuration is written (and so
// documented) in the example. Adding a key means adding it there. The keys
// of each oracle's section are checked in engine
// (TestExampleHasEveryOracleKey), through the registry.
func TestExampleHasEveryKey(t *testing.T) {
	b, err := yaml.Marshal(configs.Default())
	if err != nil {
		t.Fatal(err)
	}
	var defaults, ex yaml.Node
	if err := yaml.Unmarshal(b, &defaults); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	have := keys(&ex, "")
	for _, k := range keys(&defaults, "") {
		if !slices.Contains(have, k) {
			t.Errorf("example lacks key %s", k)
		}
	}
}

// keys lists the dotted paths of the mapping keys under n.
func keys(n *yaml.Node, prefix string) []string {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		return keys(n.Content[0], prefix)
	}
	var out []string
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := prefix + n.Content[i].Value
		out = append(out, k)
		out = append(out, keys(n.Content[i+1], k+".")...)
	}
	return out
}

func TestDecodeErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"duration as mapping", "oracles:\n  cache:\n    ttl: {h: 1}\n", "oracles.cache.ttl"},
		{"negative duration", "oracles:\n  cache:\n    negative_ttl: -1s\n", "oracles.cache.negative_ttl"},
		{"bad policy", "oracles:\n  policy: majority\n", "oracles.policy"},
		{"empty name in use", "oracles:\n  use: [europepmc, \"\"]\n", "oracles.use: empty oracle name"},
		{"duplicate in use", "oracles:\n  use: [crossref, crossref]\n", "oracles.use"},
		{"empty use", "oracles:\n  use: []\n", "oracles.use"},
		{"contact", "oracles:\n  contact: Ops Team <ops@example.org>\n", "oracles.contact"},
		{"zero ttl", "oracles:\n  cache:\n    ttl: 0s\n", "oracles.cache.ttl"},
		{"wrong type names the line", "oracles:\n  cache:\n    dir: [a]\n", "line 3"},
		{"unknown top-level key", "oracle:\n  use: [europepmc]\n", "oracle"},
		{"section is a list", "oracles:\n  europepmc: [base_url]\n", "oracles.europepmc: line 2: must be a mapping"},
		{"section is a scalar", "oracles:\n  europepmc: fast\n", "oracles.europepmc: line 2: must be a mapping"},
		{"setting typo", "oracles:\n  polcy: any_of\n", `oracles.polcy: line 2: unknown key "polcy"; did you mean "policy"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(path, []byte(tt.give), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := configs.Load(path)
			if err == nil {
				t.Fatalf("Load accepted:\n%s", tt.give)
			}
			if !errors.Is(err, configs.ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %q", err, tt.want)
			}
		})
	}
}

// A section is kept as written, for its oracle's package to decode.
func TestDecodeKeepsSections(t *testing.T) {
	cfg := configs.Default()
	give := "oracles:\n  use: [crossref, doiorg]\n  policy: require\n  contact: ops@example.org\n  crossref:\n    timeout: 1m30s\n    rate_per_second: 10\n  doiorg:\n"
	if err := configs.Decode([]byte(give), &cfg); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	type crossrefKeys struct {
		Timeout time.Duration `yaml:"timeout"`
		Rate    float64       `yaml:"rate_per_second"`
	}
	got := crossrefKeys{Timeout: time.Second}
	if err := cfg.Oracles.Section("crossref").Decode(&got); err != nil {
		t.Fatal(err)
	}
	if want := (crossrefKeys{Timeout: 90 * time.Second, Rate: 10}); got != want {
		t.Errorf("crossref section = %+v, want %+v", got, want)
	}
	if diff := cmp.Diff([]string{"crossref", "doiorg"}, slices.Sorted(maps.Keys(cfg.Oracles.Sections))); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	for _, name := range []string{"doiorg", "datacite"} { // empty, absent
		keep := crossrefKeys{Timeout: time.Second}
		if err := cfg.Oracles.Section(name).Decode(&keep); err != nil || keep.Timeout != time.Second {
			t.Errorf("section %s: %+v, %v; want the defaults kept", name, keep, err)
		}
	}
}

func TestApplyEnv(t *testing.T) {
	tests := []struct {
		name string
		give map[string]string
		want string
	}{
		{"none", nil, ""},
		{"contact", map[string]string{"CITELOOP_CONTACT": "me@example.org"}, "me@example.org"},
		{"trimmed", map[string]string{"CITELOOP_CONTACT": " me@example.org\n"}, "me@example.org"},
		{"blank ignored", map[string]string{"CITELOOP_CONTACT": "  "}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := configs.DefaultOracles()
			o.ApplyEnv(func(k string) (string, bool) { v, ok := tt.give[k]; return v, ok })
			if o.Contact != tt.want {
				t.Errorf("contact = %q, want %q", o.Contact, tt.want)
			}
			if err := o.Validate(); err != nil {
				t.Error(err)
			}
		})
	}
	o := configs.DefaultOracles()
	o.ApplyEnv(func(k string) (string, bool) {
		v, ok := map[string]string{"CITELOOP_CONTACT": "not an email"}[k]
		return v, ok
	})
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "oracles.contact") {
		t.Errorf("bad CITELOOP_CONTACT: got %v, want an error naming oracles.contact", err)
	}
}

// SetString is how the engine lays an oracle's environment variables
// (CITELOOP_EUROPEPMC_URL) over its section: over the file's keys, as a
// string, on a copy.
func TestSetString(t *testing.T) {
	type urlKey struct {
		BaseURL string `yaml:"base_url"`
		Other   int    `yaml:"other"`
	}
	tests := []struct {
		name    string
		section string // the europepmc section as written
		give    string
		want    urlKey
	}{
		{"no section", "", "http://127.0.0.1:9/rest", urlKey{BaseURL: "http://127.0.0.1:9/rest"}},
		{"replaces the file's", "oracles:\n  europepmc:\n    base_url: http://file.example\n    other: 2\n", "http://env.example", urlKey{BaseURL: "http://env.example", Other: 2}},
		{"adds to the file's", "oracles:\n  europepmc:\n    other: 2\n", "http://env.example", urlKey{BaseURL: "http://env.example", Other: 2}},
		{"empty section", "oracles:\n  europepmc:\n", "http://env.example", urlKey{BaseURL: "http://env.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := configs.Default()
			if err := configs.Decode([]byte(tt.section), &cfg); err != nil {
				t.Fatal(err)
			}
			before := cfg.Oracles
			o := cfg.Oracles
			o.SetString("europepmc", "base_url", tt.give)
			got := urlKey{BaseURL: "default"}
			if err := o.Section("europepmc").Decode(&got); err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if err := o.Validate(); err != nil {
				t.Error(err)
			}
			orig := urlKey{BaseURL: "default"}
			_ = before.Section("europepmc").Decode(&orig)
			if orig.BaseURL == tt.give {
				t.Error("SetString changed a copy of the section it was not called on")
			}
		})
	}
	// A string stays a string, whatever it looks like.
	o := configs.DefaultOracles()
	o.SetString("europepmc", "base_url", "8080")
	var got struct {
		BaseURL any `yaml:"base_url"`
	}
	if err := o.Section("europepmc").Decode(&got); err != nil || got.BaseURL != "8080" {
		t.Errorf("base_url = %#v (%v), want the string \"8080\"", got.BaseURL, err)
	}
}

func FuzzDecode(f *testing.F) {
	data, err := os.ReadFile(example)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("oracles:\n  cache:\n    ttl: [1]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg := configs.Default()
		if err := configs.Decode(b, &cfg); err != nil {
			if !errors.Is(err, configs.ErrInvalid) {
				t.Fatalf("Decode error %v does not wrap ErrInvalid", err)
			}
			return
		}
		_ = cfg.Validate() // must not panic
	})
}

// TestSetConfiguresAnOracleFromGo: Set writes one key of an oracle's
// section, which the oracle's settings type decodes, and leaves copies of
// the configuration alone.
func TestSetConfiguresAnOracleFromGo(t *testing.T) {
	type settings struct {
		BaseURL string `yaml:"base_url"`
		Rate    int    `yaml:"rate"`
	}
	cfg := configs.Default()
	before := cfg.Oracles
	cfg.Oracles.Set("labmirror", "base_url", "http://127.0.0.1:9")
	cfg.Oracles.Set("labmirror", "rate", "3")
	cfg.Oracles.Set("labmirror", "rate", "4")
	var got settings
	if err := cfg.Oracles.Section("labmirror").Decode(&got); err != nil {
		t.Fatal(err)
	}
	if want := (settings{BaseURL: "http://127.0.0.1:9", Rate: 4}); got != want {
		t.Errorf("section decodes to %+v, want %+v", got, want)
	}
	var untouched settings
	if err := before.Section("labmirror").Decode(&untouched); err != nil || untouched != (settings{}) {
		t.Errorf("a copy taken before Set decodes to %+v (%v), want it unchanged", untouched, err)
	}
}
