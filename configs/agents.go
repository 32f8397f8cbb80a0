package configs

// Agents configures the writer and skeptic backends.
// (Owned by the agents work: extend freely.)
type Agents struct{}

// DefaultAgents returns the agent defaults.
func DefaultAgents() Agents { return Agents{} }

// Validate checks the section.
func (a Agents) Validate() error { return nil }
