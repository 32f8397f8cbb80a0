package configs

import (
	"fmt"
	"math"
	"net/mail"
	"net/url"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/datacite"
	"github.com/citeloop/citeloop/oracles/doiorg"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// Oracle names the oracles section has settings for. engine.NewRegistry
// registers each of them.
const (
	EuropePMC = "europepmc"
	Crossref  = "crossref"
	DOIOrg    = "doiorg"
	DataCite  = "datacite"
)

// OracleNames returns the oracle names `oracles.use` accepts, in the order
// the section lists their settings.
func OracleNames() []string { return []string{EuropePMC, Crossref, DOIOrg, DataCite} }

// Oracles configures the DOI oracles the gate and `check` use.
type Oracles struct {
	// Use lists the oracle names to consult, in order.
	Use []string `yaml:"use"`
	// Policy is "require" (every oracle must find a DOI) or "any_of" (one
	// finding it is enough; none answering is unknown, never missing).
	Policy string `yaml:"policy"`
	// Contact is an email address sent in the User-Agent and, to Crossref,
	// as mailto= (its polite pool). Env CITELOOP_CONTACT overrides it.
	Contact string `yaml:"contact"`
	// Cache keeps Found answers across runs.
	Cache Cache `yaml:"cache"`

	EuropePMC OracleSettings `yaml:"europepmc"`
	Crossref  OracleSettings `yaml:"crossref"`
	DOIOrg    OracleSettings `yaml:"doiorg"`
	DataCite  OracleSettings `yaml:"datacite"`
}

// OracleSettings are one oracle's connection settings.
type OracleSettings struct {
	// BaseURL is the API root (tests and mirrors point it elsewhere).
	BaseURL string `yaml:"base_url"`
	// Timeout bounds one HTTP attempt.
	Timeout Duration `yaml:"timeout"`
	// TotalBudget bounds one lookup call, retries included.
	TotalBudget Duration `yaml:"total_budget"`
	// MaxAttempts is the number of tries per request, the first included.
	MaxAttempts int `yaml:"max_attempts"`
	// RatePerSecond caps requests per second.
	RatePerSecond float64 `yaml:"rate_per_second"`
	// MaxConcurrent caps requests in flight.
	MaxConcurrent int `yaml:"max_concurrent"`
	// BatchSize is the number of DOIs per query (Europe PMC only; the
	// other APIs are asked one DOI per request and must leave it 0).
	BatchSize int `yaml:"batch_size"`
	// MaxBodyBytes caps a response body; a longer one is an error.
	MaxBodyBytes int64 `yaml:"max_body_bytes"`
}

// Cache configures the on-disk cache of Found answers.
type Cache struct {
	// Dir is where answers are kept; empty disables the disk cache.
	Dir string `yaml:"dir"`
	// TTL is how long a Found answer is reused.
	TTL Duration `yaml:"ttl"`
	// NegativeTTL is how long a NotFound answer is reused, in memory only;
	// 0 never reuses one.
	NegativeTTL Duration `yaml:"negative_ttl"`
}

// DefaultOracles is Europe PMC alone, with polite limits for every oracle
// a user may switch on. The rates follow each API's published limits
// (docs/ORACLES.md): Europe PMC publishes none, 5/s is polite; Crossref's
// public pool allows 5/s one at a time; DataCite ~3000 per 5 minutes. Base
// URLs are each oracle package's own default, never a copy of it.
func DefaultOracles() Oracles {
	s := func(base string, rate float64, conc, batch int) OracleSettings {
		return OracleSettings{
			BaseURL:       base,
			Timeout:       Dur(15 * time.Second),
			TotalBudget:   Dur(2 * time.Minute),
			MaxAttempts:   4,
			RatePerSecond: rate,
			MaxConcurrent: conc,
			BatchSize:     batch,
			MaxBodyBytes:  16 << 20,
		}
	}
	return Oracles{
		Use:    []string{EuropePMC},
		Policy: oracles.PolicyAnyOf,
		Cache:  Cache{TTL: Dur(7 * 24 * time.Hour)},

		EuropePMC: s(europepmc.DefaultBaseURL, 5, 4, 25),
		Crossref:  s(crossref.DefaultBaseURL, 5, 1, 0),
		DOIOrg:    s(doiorg.DefaultBaseURL, 5, 4, 0),
		DataCite:  s(datacite.DefaultBaseURL, 5, 4, 0),
	}
}

// For returns the settings of the oracle called name, and whether the
// section knows it.
func (o Oracles) For(name string) (OracleSettings, bool) {
	switch name {
	case EuropePMC:
		return o.EuropePMC, true
	case Crossref:
		return o.Crossref, true
	case DOIOrg:
		return o.DOIOrg, true
	case DataCite:
		return o.DataCite, true
	}
	return OracleSettings{}, false
}

// Settings returns the registry settings for the oracle called name (the
// caller adds its logger and HTTP client). An unknown name gets zero
// settings: every oracle then uses its own defaults.
func (o Oracles) Settings(name string) oracles.Settings {
	s, _ := o.For(name)
	return oracles.Settings{
		BaseURL:       s.BaseURL,
		Contact:       o.Contact,
		Timeout:       s.Timeout.D,
		TotalBudget:   s.TotalBudget.D,
		MaxAttempts:   s.MaxAttempts,
		RatePerSecond: s.RatePerSecond,
		MaxConcurrent: s.MaxConcurrent,
		BatchSize:     s.BatchSize,
		MaxBodyBytes:  s.MaxBodyBytes,
	}
}

// ApplyEnv applies the environment overrides of the section:
// CITELOOP_EUROPEPMC_URL replaces the Europe PMC base URL and
// CITELOOP_CONTACT the contact address. Empty variables change nothing.
// Call Validate afterwards.
func (o *Oracles) ApplyEnv(getenv func(string) string) {
	if v := strings.TrimSpace(getenv("CITELOOP_EUROPEPMC_URL")); v != "" {
		o.EuropePMC.BaseURL = v
	}
	if v := strings.TrimSpace(getenv("CITELOOP_CONTACT")); v != "" {
		o.Contact = v
	}
}

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
	for _, name := range OracleNames() {
		s, _ := o.For(name)
		if err := s.validate("oracles."+name, name == EuropePMC); err != nil {
			return err
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

func (s OracleSettings) validate(key string, batches bool) error {
	u, err := url.Parse(s.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return invalid(key+".base_url", "must be an http(s) URL, got %q", s.BaseURL)
	}
	for _, d := range []struct {
		key string
		d   Duration
	}{{".timeout", s.Timeout}, {".total_budget", s.TotalBudget}} {
		if err := d.d.check(key + d.key); err != nil {
			return err
		}
		if d.d.D <= 0 {
			return invalid(key+d.key, "must be > 0, got %s", d.d.D)
		}
	}
	switch {
	case s.MaxAttempts < 1 || s.MaxAttempts > 10:
		return invalid(key+".max_attempts", "must be between 1 and 10, got %d", s.MaxAttempts)
	case s.RatePerSecond <= 0 || math.IsNaN(s.RatePerSecond) || math.IsInf(s.RatePerSecond, 0):
		return invalid(key+".rate_per_second", "must be > 0, got %v", s.RatePerSecond)
	case s.MaxConcurrent < 1:
		return invalid(key+".max_concurrent", "must be at least 1, got %d", s.MaxConcurrent)
	case s.MaxBodyBytes <= 0:
		return invalid(key+".max_body_bytes", "must be > 0, got %d", s.MaxBodyBytes)
	case batches && (s.BatchSize < 1 || s.BatchSize > 500):
		return invalid(key+".batch_size", "must be between 1 and 500, got %d", s.BatchSize)
	case !batches && s.BatchSize != 0:
		return invalid(key+".batch_size", "is only used by europepmc; leave it out (got %d)", s.BatchSize)
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
	default:
		return "node"
	}
}
