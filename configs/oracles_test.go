package configs_test

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
)

const example = "citeloop.example.yaml"

func TestExampleLoadsAndEqualsDefaults(t *testing.T) {
	cfg, err := configs.Load(example)
	if err != nil {
		t.Fatalf("Load(%s): %v", example, err)
	}
	// The example documents the defaults: loading it must change nothing.
	want := configs.Default()
	if diff := cmp.Diff(want.Oracles, cfg.Oracles, cmp.AllowUnexported(configs.Duration{})); diff != "" {
		t.Errorf("example oracles section differs from the defaults (-default +example):\n%s", diff)
	}
	if cfg.Pipeline != want.Pipeline || cfg.Collect != want.Collect || cfg.Agents != want.Agents {
		t.Errorf("example pipeline/collect/agents = %+v %+v %+v, want the defaults %+v %+v %+v",
			cfg.Pipeline, cfg.Collect, cfg.Agents, want.Pipeline, want.Collect, want.Agents)
	}
}

// TestExampleHasEveryKey: every key of the configuration is written (and so
// documented) in the example. Adding a key means adding it there.
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
		if !slices.Contains(have, k) && !(strings.HasSuffix(k, ".batch_size") && !strings.HasPrefix(k, "oracles.europepmc")) {
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
		{"unknown key", "oracles:\n  europepmc:\n    rate_limit: 5\n", "rate_limit"},
		{"unknown oracle section", "oracles:\n  pubmed:\n    timeout: 1s\n", "pubmed"},
		{"bad duration", "oracles:\n  crossref:\n    timeout: 10 seconds\n", "oracles.crossref.timeout"},
		{"duration without unit", "oracles:\n  europepmc:\n    total_budget: 10\n", "oracles.europepmc.total_budget"},
		{"duration as mapping", "oracles:\n  cache:\n    ttl: {h: 1}\n", "oracles.cache.ttl"},
		{"negative duration", "oracles:\n  cache:\n    negative_ttl: -1s\n", "oracles.cache.negative_ttl"},
		{"bad policy", "oracles:\n  policy: majority\n", "oracles.policy"},
		{"empty name in use", "oracles:\n  use: [europepmc, \"\"]\n", "oracles.use: empty oracle name"},
		{"duplicate in use", "oracles:\n  use: [crossref, crossref]\n", "oracles.use"},
		{"empty use", "oracles:\n  use: []\n", "oracles.use"},
		{"zero rate", "oracles:\n  europepmc:\n    rate_per_second: 0\n", "oracles.europepmc.rate_per_second: must be > 0"},
		{"zero timeout", "oracles:\n  doiorg:\n    timeout: 0s\n", "oracles.doiorg.timeout"},
		{"attempts", "oracles:\n  datacite:\n    max_attempts: 0\n", "oracles.datacite.max_attempts"},
		{"concurrency", "oracles:\n  crossref:\n    max_concurrent: 0\n", "oracles.crossref.max_concurrent"},
		{"batch too big", "oracles:\n  europepmc:\n    batch_size: 1000\n", "oracles.europepmc.batch_size"},
		{"batch on crossref", "oracles:\n  crossref:\n    batch_size: 5\n", "oracles.crossref.batch_size"},
		{"body cap", "oracles:\n  crossref:\n    max_body_bytes: 0\n", "oracles.crossref.max_body_bytes"},
		{"base url", "oracles:\n  datacite:\n    base_url: api.datacite.org\n", "oracles.datacite.base_url"},
		{"contact", "oracles:\n  contact: Ops Team <ops@example.org>\n", "oracles.contact"},
		{"wrong type names the line", "oracles:\n  europepmc:\n    max_attempts: many\n", "line 3"},
		{"zero ttl", "oracles:\n  cache:\n    ttl: 0s\n", "oracles.cache.ttl"},
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

func TestDecodeOverridesOneKey(t *testing.T) {
	cfg := configs.Default()
	give := "oracles:\n  use: [crossref, doiorg]\n  policy: require\n  contact: ops@example.org\n  crossref:\n    timeout: 1m30s\n    rate_per_second: 10\n"
	if err := configs.Decode([]byte(give), &cfg); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	s := cfg.Oracles.Settings(configs.Crossref)
	want := oracles.Settings{
		BaseURL: "https://api.crossref.org", Contact: "ops@example.org", Timeout: 90 * time.Second,
		TotalBudget: 2 * time.Minute, MaxAttempts: 4, RatePerSecond: 10, MaxConcurrent: 1, MaxBodyBytes: 16 << 20,
	}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("Settings(crossref) (-want +got):\n%s", diff)
	}
	if got := cfg.Oracles.Settings(configs.EuropePMC).BatchSize; got != 25 {
		t.Errorf("europepmc batch size = %d, want the default 25", got)
	}
	if got := cfg.Oracles.Settings("nope"); got != (oracles.Settings{Contact: "ops@example.org"}) {
		t.Errorf("Settings(nope) = %+v, want only the contact", got)
	}
}

func TestApplyEnv(t *testing.T) {
	tests := []struct {
		name        string
		give        map[string]string
		wantURL     string
		wantContact string
	}{
		{"none", nil, "https://www.ebi.ac.uk/europepmc/webservices/rest", ""},
		{"both", map[string]string{"CITELOOP_EUROPEPMC_URL": "http://127.0.0.1:9/rest", "CITELOOP_CONTACT": "me@example.org"}, "http://127.0.0.1:9/rest", "me@example.org"},
		{"blank ignored", map[string]string{"CITELOOP_EUROPEPMC_URL": "  "}, "https://www.ebi.ac.uk/europepmc/webservices/rest", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := configs.DefaultOracles()
			o.ApplyEnv(func(k string) string { return tt.give[k] })
			if o.EuropePMC.BaseURL != tt.wantURL || o.Contact != tt.wantContact {
				t.Errorf("got %q %q, want %q %q", o.EuropePMC.BaseURL, o.Contact, tt.wantURL, tt.wantContact)
			}
			if err := o.Validate(); err != nil {
				t.Error(err)
			}
		})
	}
	o := configs.DefaultOracles()
	o.ApplyEnv(func(k string) string { return map[string]string{"CITELOOP_CONTACT": "not an email"}[k] })
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "oracles.contact") {
		t.Errorf("bad CITELOOP_CONTACT: got %v, want an error naming oracles.contact", err)
	}
}

func TestOracleNamesHaveSettings(t *testing.T) {
	o := configs.DefaultOracles()
	for _, n := range configs.OracleNames() {
		if _, ok := o.For(n); !ok {
			t.Errorf("%s has no settings", n)
		}
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
