package configs

// Oracles configures the DOI oracles the gate and `check` use.
// (Owned by the oracles work: extend freely.)
type Oracles struct {
	// Use lists the oracle names to consult, in order.
	Use []string `yaml:"use"`
	// Policy is "require" (every oracle must find a DOI) or "any_of".
	Policy string `yaml:"policy"`
}

// DefaultOracles is Europe PMC alone.
func DefaultOracles() Oracles {
	return Oracles{Use: []string{"europepmc"}, Policy: "any_of"}
}

// Validate checks the section.
func (o Oracles) Validate() error {
	if len(o.Use) == 0 {
		return invalid("oracles.use", "must name at least one oracle")
	}
	switch o.Policy {
	case "require", "any_of":
	default:
		return invalid("oracles.policy", `must be "require" or "any_of", got %q`, o.Policy)
	}
	return nil
}
