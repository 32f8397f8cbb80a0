package configs

import (
	"fmt"
	"maps"
	"net/mail"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/internal/strictyaml"
	"github.com/citeloop/citeloop/oracles"
)

// Oracles configures the DOI oracles the gate and `check` use. Each
// oracle's own settings are its section, oracles.<name>, which this package
// keeps undecoded: the oracle's package owns the keys, their defaults and
// their checks, and engine.New decodes every section through the registry.
type Oracles struct {
	// Use lists the oracle names to consult, in order.
	Use []string `yaml:"use"`
	// Policy is "require" (every oracle must find a DOI) or "any_of" (one
	// finding it is enough; none answering is unknown, never missing).
	Policy string `yaml:"policy"`
	// Contact is an email address sent in the User-Agent and, to Crossref,
	// as mailto= (its polite pool). Env CITELOOP_CONTACT overrides it
	// (ApplyEnv).
	Contact string `yaml:"contact"`
	// Cache keeps Found answers across runs.
	Cache Cache `yaml:"cache"`
	// Sections holds every other key of the section: each is an oracle's
	// name and its value that oracle's settings, as written.
	Sections map[string]yaml.Node `yaml:",inline"`
}

// Cache configures the cache of oracle answers: in memory, and on disk in
// one store (package oracles/cache) when Dir is set. Answers are keyed by
// each oracle's identity (its name, base URL and every setting that can
// change an answer) and the DOI; unknown answers are never cached.
type Cache struct {
	// Dir is where answers are kept; empty disables the disk cache.
	Dir string `yaml:"dir"`
	// TTL is how long a Found answer is reused.
	TTL Duration `yaml:"ttl"`
	// NegativeTTL is how long a NotFound answer is reused: short, since a
	// DOI not registered today may be registered tomorrow; 0 never reuses
	// one.
	NegativeTTL Duration `yaml:"negative_ttl"`
}

// The cache's defaults: a found answer is reused for a week, a not_found
// one for an hour.
const (
	DefaultCacheTTL         = 7 * 24 * time.Hour
	DefaultCacheNegativeTTL = time.Hour
)

// DefaultOracles is Europe PMC alone, combined by any_of, with a week's
// cache of found answers and an hour's of not_found ones. It has no
// sections: every oracle's defaults are its package's own.
func DefaultOracles() Oracles {
	return Oracles{
		Use:    []string{europePMC},
		Policy: oracles.PolicyAnyOf,
		Cache:  Cache{TTL: Dur(DefaultCacheTTL), NegativeTTL: Dur(DefaultCacheNegativeTTL)},
	}
}

// europePMC is the oracle used by default.
const europePMC = "europepmc"

// Section returns the section of the oracle called name, absent (every key
// at its default) when the configuration has none.
func (o Oracles) Section(name string) oracles.Section {
	n, ok := o.Sections[name]
	if !ok {
		return oracles.NewSection(name, nil)
	}
	return oracles.NewSection(name, &n)
}

// Set sets key to value (a YAML scalar) in the section of the oracle
// called name, creating the section if needed: a Go program's way to
// configure an oracle without writing YAML. The oracle's own settings type
// decodes and checks the value when the engine builds it.
func (o *Oracles) Set(name, key, value string) { o.setKey(name, key, value, "") }

// SetString is Set for a value that is a string whatever it looks like, as
// an environment variable's is: "true" or "8080" stay strings.
func (o *Oracles) SetString(name, key, value string) { o.setKey(name, key, value, "!!str") }

// setKey sets key to value in the section of the oracle called name,
// creating the section if needed; tag is the scalar's YAML tag, "" to
// resolve it from the value as a plain scalar in a file is. A section that is not a mapping is left
// alone for its decoder to report. The map and the node are copied first,
// so copies of o are not changed.
func (o *Oracles) setKey(name, key, value, tag string) {
	n := o.Sections[name]
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = *n.Alias
	}
	switch {
	case n.Kind == yaml.MappingNode:
	case n.Kind == 0, n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		n = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	default:
		return
	}
	v := &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: value}
	content := slices.Clone(n.Content)
	set := false
	for i := 0; i+1 < len(content); i += 2 {
		if content[i].Value == key {
			v.Line, v.Column = content[i+1].Line, content[i+1].Column
			content[i+1], set = v, true
		}
	}
	if !set {
		content = append(content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
	}
	n.Content = content
	o.Sections = maps.Clone(o.Sections)
	if o.Sections == nil {
		o.Sections = map[string]yaml.Node{}
	}
	o.Sections[name] = n
}

// ContactEnv names the environment variable that replaces oracles.contact.
const ContactEnv = "CITELOOP_CONTACT"

// ApplyEnv applies the environment overrides of the section's own keys:
// ContactEnv, trimmed, replaces the contact address; a blank or unset
// variable changes nothing. lookup is the host's environment, as
// os.LookupEnv. Each oracle's package reads its own variables (the
// registry's FromEnv), which the engine lays over its section. Call
// Validate afterwards.
func (o *Oracles) ApplyEnv(lookup func(string) (string, bool)) {
	if v, _ := lookup(ContactEnv); strings.TrimSpace(v) != "" {
		o.Contact = strings.TrimSpace(v)
	}
}

// settingKeys are the keys of the oracles section that are not an oracle's
// section.
var settingKeys = []string{"use", "policy", "contact", "cache"}

// Validate checks the section and names the first bad key.
func (o Oracles) Validate() error {
	if len(o.Use) == 0 {
		return invalid("oracles.use", "must name at least one oracle")
	}
	// Whether a name is registered is checked against the registry by
	// engine.New: a program may register oracles of its own.
	seen := map[string]bool{}
	for _, name := range o.Use {
		if strings.TrimSpace(name) == "" {
			return invalid("oracles.use", "empty oracle name")
		}
		if seen[name] {
			return invalid("oracles.use", "oracle %q listed twice", name)
		}
		seen[name] = true
	}
	switch o.Policy {
	case oracles.PolicyRequire, oracles.PolicyAnyOf:
	default:
		return invalid("oracles.policy", `must be "require" or "any_of", got %q`, o.Policy)
	}
	if o.Contact != "" {
		if a, err := mail.ParseAddress(o.Contact); err != nil || a.Address != o.Contact {
			return invalid("oracles.contact", "must be a bare email address like ops@example.org, got %q", o.Contact)
		}
	}
	if err := o.Cache.validate("oracles.cache"); err != nil {
		return err
	}
	// Each section is checked by its oracle's package, through the
	// registry, in engine.New: here only that it is one.
	for name, n := range o.Sections {
		if strings.TrimSpace(name) == "" {
			return invalid("oracles", "empty oracle name as a key")
		}
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			n = *n.Alias
		}
		switch {
		case n.Kind == yaml.MappingNode, n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		default:
			// A scalar where a setting was meant ("polcy: any_of") is a
			// typo, not an oracle: say which setting.
			if near := strictyaml.Nearest(name, settingKeys); near != "" {
				return invalid("oracles."+name, "line %d: unknown key %q; did you mean %q?", n.Line, name, near)
			}
			return invalid("oracles."+name, "line %d: must be a mapping of an oracle's settings, got a YAML %s", n.Line, kindName(n.Kind))
		}
	}
	return nil
}

func (c Cache) validate(key string) error {
	if err := c.TTL.check(key + ".ttl"); err != nil {
		return err
	}
	if err := c.NegativeTTL.check(key + ".negative_ttl"); err != nil {
		return err
	}
	if c.TTL.D <= 0 {
		return invalid(key+".ttl", "must be > 0, got %s", c.TTL.D)
	}
	return nil
}

// Duration is a time.Duration written in YAML as a Go duration string
// ("10s", "1m30s", "168h"). A value that does not parse is kept aside and
// reported by Validate with its key, so the error names where it is.
type Duration struct {
	D   time.Duration
	bad string
}

// Dur wraps d.
func Dur(d time.Duration) Duration { return Duration{D: d} }

// UnmarshalYAML reads a duration string. It never fails itself: a bad value
// is reported by Validate, which knows the key.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		*d = Duration{bad: fmt.Sprintf("a YAML %s", kindName(n.Kind))}
		return nil
	}
	v, err := time.ParseDuration(strings.TrimSpace(n.Value))
	if err != nil {
		*d = Duration{bad: fmt.Sprintf("%q", n.Value)}
		return nil
	}
	*d = Duration{D: v}
	return nil
}

// MarshalYAML writes the duration as a string such as "10s".
func (d Duration) MarshalYAML() (any, error) { return d.D.String(), nil }

// check reports a value that did not parse, or a negative one.
func (d Duration) check(key string) error {
	if d.bad != "" {
		return invalid(key, `must be a duration such as "10s" or "2m", got %s`, d.bad)
	}
	if d.D < 0 {
		return invalid(key, "must not be negative, got %s", d.D)
	}
	return nil
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "sequence"
	case yaml.ScalarNode:
		return "scalar"
	default:
		return "node"
	}
}
