package engine

import (
	"fmt"
	"os"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/pipeline"
)

// collector builds the collector every lead of a Briefer uses: the user's
// sources file, the offline corpus or a live Europe PMC search.
func (e *Engine) collector(o BriefOptions, oracle oracles.Oracle) (pipeline.Collector, error) {
	c := e.cfg.Collect
	opts := collect.Options{
		MaxSources:       c.MaxSources,
		MaxAbstractChars: c.MaxAbstractChars,
		MaxTotalChars:    c.MaxTotalChars,
		FetchLimit:       c.FetchLimit,
		IncludeRetracted: o.IncludeRetracted,
		Now:              e.deps.Now,
		Logger:           e.deps.Logger,
		// A sources file may be a saved Europe PMC answer.
		ReadResponse: europepmc.ReadResponse,
	}
	switch {
	case o.SourcesFile != "":
		if _, err := os.Stat(o.SourcesFile); err != nil {
			return nil, fmt.Errorf("%w: sources file: %w", ErrInput, err)
		}
		return collect.NewFileCollector(o.SourcesFile, oracle, opts), nil
	case o.Offline != nil:
		return collect.NewSearchCollector(o.Offline.searcher(), opts), nil
	default:
		s, err := e.europePMCSearcher()
		if err != nil {
			return nil, err
		}
		return collect.NewSearchCollector(s, opts), nil
	}
}

// europePMCSearcher returns the engine's Europe PMC client as a searcher,
// the one the gate also uses when Europe PMC is among its oracles, so both
// share one client's rate and concurrency limits. A live search is Europe
// PMC's whatever oracles.use says: it is the one service whose query
// language a lead's (and --query's) is.
func (e *Engine) europePMCSearcher() (oracles.Searcher, error) {
	o, err := e.rawOracle(europepmc.Name)
	if err != nil {
		return nil, err
	}
	s, ok := o.(oracles.Searcher)
	if !ok {
		return nil, fmt.Errorf("%w: collect: the %q oracle cannot search", configs.ErrInvalid, europepmc.Name)
	}
	return s, nil
}

var _ oracles.Searcher = (*europepmc.Client)(nil)
