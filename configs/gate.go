package configs

// Gate configures the citation gate's quote rules.
type Gate struct {
	// MinQuoteWords is the fewest words a quote may have (a whole shorter
	// title may still be quoted); fewer words prove nothing.
	MinQuoteWords int `yaml:"min_quote_words"`
}

// DefaultGate returns the gate defaults.
func DefaultGate() Gate { return Gate{MinQuoteWords: 5} }

// Validate checks the gate section.
func (g Gate) Validate() error {
	if g.MinQuoteWords < 1 || g.MinQuoteWords > 40 {
		return invalid("gate.min_quote_words", "must be between 1 and 40 (the longest quote), got %d", g.MinQuoteWords)
	}
	return nil
}
