package configs

// Collect configures source collection and the prompt budget.
type Collect struct {
	// MinSources is the fewest citable sources a brief may be written from;
	// below it the run ends refused before any model call.
	MinSources int `yaml:"min_sources"`
	// MaxSources caps the sources given to the writer. A lead's own
	// max_sources wins when set.
	MaxSources int `yaml:"max_sources"`
	// MaxAbstractChars caps each abstract in characters; a longer one is cut at a sentence
	// end (and the cut is noted in the ledger).
	MaxAbstractChars int `yaml:"max_abstract_chars"`
	// MaxTotalChars caps the text of all sources together, in characters
	// (Unicode code points, not bytes).
	MaxTotalChars int `yaml:"max_total_chars"`
	// FetchLimit caps the records fetched from a search before ranking.
	FetchLimit int `yaml:"fetch_limit"`
	// IncludeRetracted keeps retracted papers, retraction notices and errata
	// in the ledger, flagged; by default they are left out.
	IncludeRetracted bool `yaml:"include_retracted"`
	// Search names the registered oracle a live lead's sources are searched
	// in; it must serve search (oracles.Searcher). --query is written in
	// that service's query language.
	Search string `yaml:"search"`
	// FullTextTop is how many of the best-ranked sources with an
	// open-access full text have it fetched, read and kept by section
	// (0 fetches none).
	FullTextTop int `yaml:"full_text_top"`
	// MaxPassages is the most passages of one paper's full text the
	// writer sees, MaxPassageChars the most characters of each.
	MaxPassages     int `yaml:"max_passages"`
	MaxPassageChars int `yaml:"max_passage_chars"`
}

// DefaultCollect returns the collection defaults.
func DefaultCollect() Collect {
	return Collect{
		MinSources:       3,
		MaxSources:       12,
		MaxAbstractChars: 1500,
		MaxTotalChars:    16000,
		FetchLimit:       100,
		Search:           europePMC,
		FullTextTop:      3,
		MaxPassages:      3,
		MaxPassageChars:  700,
	}
}

// Limits on fetch_limit: Europe PMC pages hold at most 1000 records and a
// run should not page through more than a few.
const maxFetchLimit = 5000

// Validate checks the section.
func (c Collect) Validate() error {
	switch {
	case c.MinSources < 1:
		return invalid("collect.min_sources", "must be at least 1, got %d", c.MinSources)
	case c.MaxSources < c.MinSources:
		return invalid("collect.max_sources", "must be at least collect.min_sources (%d), got %d", c.MinSources, c.MaxSources)
	case c.MaxAbstractChars < 200:
		return invalid("collect.max_abstract_chars", "must be at least 200, got %d", c.MaxAbstractChars)
	case c.MaxTotalChars < c.MaxAbstractChars:
		return invalid("collect.max_total_chars", "must be at least collect.max_abstract_chars (%d), got %d", c.MaxAbstractChars, c.MaxTotalChars)
	case c.FetchLimit < c.MaxSources:
		return invalid("collect.fetch_limit", "must be at least collect.max_sources (%d), got %d", c.MaxSources, c.FetchLimit)
	case c.FetchLimit > maxFetchLimit:
		return invalid("collect.fetch_limit", "must be at most %d, got %d", maxFetchLimit, c.FetchLimit)
	case c.FullTextTop < 0 || c.FullTextTop > c.MaxSources:
		return invalid("collect.full_text_top", "must be between 0 and collect.max_sources (%d), got %d", c.MaxSources, c.FullTextTop)
	case c.MaxPassages < 0 || c.MaxPassages > 20:
		return invalid("collect.max_passages", "must be between 0 and 20, got %d", c.MaxPassages)
	case c.MaxPassageChars < 0 || (c.MaxPassageChars > 0 && c.MaxPassageChars < 100):
		return invalid("collect.max_passage_chars", "must be at least 100, got %d", c.MaxPassageChars)
	case c.Search == "":
		return invalid("collect.search", "must name an oracle that serves search, such as %s", europePMC)
	}
	return nil
}
