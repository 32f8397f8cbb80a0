package configs

// Collect configures source collection and the prompt budget.
// (Owned by the collection work: extend freely.)
type Collect struct {
	// MinSources is the fewest citable sources a brief may be written from;
	// below it the run ends refused before any model call.
	MinSources int `yaml:"min_sources"`
	// MaxSources caps the sources given to the writer.
	MaxSources int `yaml:"max_sources"`
}

// DefaultCollect returns the collection defaults.
func DefaultCollect() Collect { return Collect{MinSources: 3, MaxSources: 12} }

// Validate checks the section.
func (c Collect) Validate() error {
	if c.MinSources < 1 {
		return invalid("collect.min_sources", "must be at least 1, got %d", c.MinSources)
	}
	if c.MaxSources < c.MinSources {
		return invalid("collect.max_sources", "must be at least collect.min_sources (%d), got %d", c.MinSources, c.MaxSources)
	}
	return nil
}
