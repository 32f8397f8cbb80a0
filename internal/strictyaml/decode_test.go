package strictyaml_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/internal/strictyaml"
)

type cache struct {
	Dir string        `yaml:"dir"`
	TTL time.Duration `yaml:"ttl"`
}

type oracles struct {
	Use     []string          `yaml:"use"`
	Policy  string            `yaml:"policy"`
	Cache   cache             `yaml:"cache"`
	Rate    float64           `yaml:"rate_per_second"`
	Batch   int               `yaml:"batch_size"`
	Enabled bool              `yaml:"enabled"`
	Headers map[string]string `yaml:"headers"`
	// Section is decoded by its owner, as oracle packages do.
	Section section `yaml:"europepmc"`
}

// section decodes itself from its node with Decode, the way a package that
// owns a config section does.
type section struct {
	BaseURL     string `yaml:"base_url"`
	MaxAttempts int    `yaml:"max_attempts"`
}

func (s *section) UnmarshalYAML(n *yaml.Node) error {
	type plain section
	return strictyaml.Decode(n, "oracles.europepmc", (*plain)(s))
}

type config struct {
	Oracles oracles `yaml:"oracles"`
	Name    string  `yaml:"name"`
}

func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string
	}{
		{"unknown key with a near one", "oracles:\n  polcy: any_of\n", `line 2: oracles.polcy: unknown key "polcy"; did you mean "policy"?`},
		{"unknown key, none near", "oracles:\n  zzzzzzzz: 1\n", `line 2: oracles.zzzzzzzz: unknown key "zzzzzzzz"; valid keys here: batch_size, cache, enabled, europepmc, headers, policy, rate_per_second, use`},
		{"unknown top-level key", "oracle: {}\n", `line 1: oracle: unknown key "oracle"; did you mean "oracles"?`},
		{"nested unknown key", "oracles:\n  cache:\n    dri: /tmp\n", `line 3: oracles.cache.dri: unknown key "dri"; did you mean "dir"?`},
		{"text for a whole number", "oracles:\n  batch_size: ten\n", `line 2: oracles.batch_size: want a whole number, got "ten"`},
		{"fraction for a whole number", "oracles:\n  batch_size: 2.5\n", `line 2: oracles.batch_size: want a whole number, got "2.5"`},
		{"text for a number", "oracles:\n  rate_per_second: fast\n", `line 2: oracles.rate_per_second: want a number, got "fast"`},
		{"text for a bool", "oracles:\n  enabled: sometimes\n", `line 2: oracles.enabled: want true or false, got "sometimes"`},
		{"bad duration", "oracles:\n  cache:\n    ttl: 3 days\n", `line 3: oracles.cache.ttl: want a duration such as 30s or 2m, got "3 days"`},
		{"value for a list", "oracles:\n  use: europepmc\n", `line 2: oracles.use: want a list, got "europepmc"`},
		{"list item of the wrong kind", "oracles:\n  use: [europepmc, {a: 1}]\n", `line 2: oracles.use[1]: want text, got a section of keys`},
		{"value for a section", "oracles: 3\n", `line 1: oracles: want a section of keys, got "3"`},
		{"list for a section", "oracles:\n  cache: [a]\n", `line 2: oracles.cache: want a section of keys, got a list`},
		{"map value of the wrong kind", "oracles:\n  headers:\n    x: [1]\n", `line 3: oracles.headers.x: want text, got a list`},
		{"owned section: unknown key", "oracles:\n  europepmc:\n    base_ur: http://x\n", `line 3: oracles.europepmc.base_ur: unknown key "base_ur"; did you mean "base_url"?`},
		{"owned section: wrong type", "oracles:\n  europepmc:\n    max_attempts: lots\n", `line 3: oracles.europepmc.max_attempts: want a whole number, got "lots"`},
		{"top level not a mapping", "- a\n", `line 1: top level: want a section of keys, got a list`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c config
			err := strictyaml.Unmarshal([]byte(tt.give), &c)
			if err == nil {
				t.Fatalf("Unmarshal(%q) = nil, want %q", tt.give, tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			for _, goName := range []string{"int", "float64", "string", "time.Duration", "strictyaml", "[]"} {
				if strings.Contains(err.Error(), "into "+goName) || strings.Contains(err.Error(), "type "+goName) {
					t.Errorf("error %q names a Go type", err)
				}
			}
		})
	}
}

func TestUnmarshalValid(t *testing.T) {
	give := `
name: n
oracles:
  use: [europepmc, crossref]
  policy: any_of
  cache: {dir: /tmp/c, ttl: 2h}
  rate_per_second: 2.5
  batch_size: 10
  enabled: true
  headers: {a: b}
  europepmc: {base_url: "http://x", max_attempts: 3}
`
	c := config{Name: "default", Oracles: oracles{Policy: "require"}}
	if err := strictyaml.Unmarshal([]byte(give), &c); err != nil {
		t.Fatal(err)
	}
	want := config{Name: "n", Oracles: oracles{
		Use: []string{"europepmc", "crossref"}, Policy: "any_of",
		Cache: cache{Dir: "/tmp/c", TTL: 2 * time.Hour}, Rate: 2.5, Batch: 10, Enabled: true,
		Headers: map[string]string{"a": "b"}, Section: section{BaseURL: "http://x", MaxAttempts: 3},
	}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
}

func TestUnmarshalKeepsDefaults(t *testing.T) {
	for _, give := range []string{"", "# nothing\n", "oracles:\n", "oracles: ~\n"} {
		c := config{Name: "default", Oracles: oracles{Policy: "require"}}
		if err := strictyaml.Unmarshal([]byte(give), &c); err != nil {
			t.Fatalf("Unmarshal(%q): %v", give, err)
		}
		if c.Name != "default" || c.Oracles.Policy != "require" {
			t.Errorf("Unmarshal(%q) lost the defaults: %+v", give, c)
		}
	}
}

func TestUnmarshalSyntaxError(t *testing.T) {
	var c config
	err := strictyaml.Unmarshal([]byte("oracles: [\n"), &c)
	if err == nil || !strings.Contains(err.Error(), "not valid YAML") {
		t.Errorf("got %v, want a YAML syntax error", err)
	}
}

func TestNearest(t *testing.T) {
	tests := []struct {
		give string
		cand []string
		want string
	}{
		{"topc", []string{"topic", "orcid", "out"}, "topic"},
		{"polcy", []string{"use", "policy"}, "policy"},
		{"xyz", []string{"policy"}, ""},
		{"Policy", []string{"policy"}, "policy"},
		{"ab", []string{"abc", "ab"}, "ab"},
	}
	for _, tt := range tests {
		if got := strictyaml.Nearest(tt.give, tt.cand); got != tt.want {
			t.Errorf("Nearest(%q, %q) = %q, want %q", tt.give, tt.cand, got, tt.want)
		}
	}
}

// TestInlineMapTakesTheOtherKeys: a struct with an inline map (as
// configs.Oracles keeps each oracle's section) accepts any other key and
// hands its value to the map's element type, while its own fields are still
// checked.
func TestInlineMapTakesTheOtherKeys(t *testing.T) {
	type sections struct {
		Use  []string             `yaml:"use"`
		Rest map[string]yaml.Node `yaml:",inline"`
	}
	var ok sections
	if err := strictyaml.Unmarshal([]byte("use: [a]\nlabmirror:\n  prefixes: [x]\n"), &ok); err != nil {
		t.Fatalf("an inline map key was refused: %v", err)
	}
	if _, found := ok.Rest["labmirror"]; !found || len(ok.Use) != 1 {
		t.Errorf("decoded %+v, want use and the labmirror section", ok)
	}
	var bad sections
	if err := strictyaml.Unmarshal([]byte("use: {a: 1}\n"), &bad); err == nil {
		t.Error("a wrong type for a named field is still an error")
	}
}
