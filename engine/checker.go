package engine

import (
	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/check/compare"
	"github.com/citeloop/citeloop/oracles"
)

// CheckOptions choose the oracle a Checker asks.
type CheckOptions struct {
	// Offline, when set, answers from this corpus instead of the network,
	// and nothing is searched by title.
	Offline *Offline
	// Fresh asks the services again, past the cache.
	Fresh bool
	// TitleSimilarity is the token-set similarity a search hit's title must
	// reach to be compared with an entry; check.DefaultTitleSimilarity when
	// zero.
	TitleSimilarity float64
	// NoDOI is check.NoDOIError (the default) or check.NoDOIWarn.
	NoDOI string
	// Compare are the field-by-field comparison's settings.
	Compare compare.Options
	// Progress, when set, is called as DOIs are answered with how many of
	// the total have been; from several goroutines, never at once.
	Progress func(done, total int)
}

// Checker builds the reference checker for o: the offline corpus, or the
// oracles of oracles.use combined by oracles.policy (cached unless Fresh),
// with every one of them that can search (oracles.Searcher) searched by
// title, in oracles.use order. The searchers are the engine's own clients,
// so lookups and searches share their rate limits.
func (e *Engine) Checker(o CheckOptions) (*check.Checker, error) {
	opts := check.Options{TitleSimilarity: o.TitleSimilarity, NoDOI: o.NoDOI, Compare: o.Compare, Progress: o.Progress, Logger: e.deps.Logger, Now: e.deps.Now}
	if o.Offline != nil {
		opts.Offline = true
		return check.New(o.Offline.Oracle(), nil, opts), nil
	}
	fresh := map[bool]func() (oracles.Oracle, error){false: e.Oracle, true: e.FreshOracle}[o.Fresh]
	oracle, err := fresh()
	if err != nil {
		return nil, err
	}
	searchers, err := e.searchers()
	if err != nil {
		return nil, err
	}
	return check.New(oracle, searchers, opts), nil
}

// searchers are the oracles of oracles.use that can search, in order.
func (e *Engine) searchers() ([]oracles.Searcher, error) {
	var out []oracles.Searcher
	for _, name := range e.cfg.Oracles.Use {
		o, err := e.rawOracle(name)
		if err != nil {
			return nil, err
		}
		if s, ok := o.(oracles.Searcher); ok {
			out = append(out, s)
		}
	}
	return out, nil
}
