package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/crossref"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/pipeline"
)

// collector builds the collector every lead of a Briefer uses: the user's
// sources file, the offline corpus or a live Europe PMC search. When
// Crossref is among oracles.use, a live or file collection asks it about
// every record's notices (collect.Options.Notices).
func (e *Engine) collector(o BriefOptions, oracle oracles.Oracle) (pipeline.Collector, error) {
	c := e.cfg.Collect
	opts := collect.Options{
		MaxSources:       c.MaxSources,
		MaxAbstractChars: c.MaxAbstractChars,
		MaxTotalChars:    c.MaxTotalChars,
		FetchLimit:       c.FetchLimit,
		IncludeRetracted: o.IncludeRetracted,
		// Offline, a source the corpus does not hold is unknown: kept out
		// before any model call, never cited unconfirmed.
		LookupAll: o.Offline != nil,
		Now:       e.deps.Now,
		Logger:    e.deps.Logger,
		// A sources file may be a saved Europe PMC answer.
		ReadResponse:    europepmc.ReadResponse,
		FullTextTop:     c.FullTextTop,
		MaxPassages:     c.MaxPassages,
		MaxPassageChars: c.MaxPassageChars,
	}
	if c.FullTextTop == 0 {
		opts.FullTextTop = -1 // collect.full_text_top: 0 fetches none
	}
	ft, err := e.fullTexter(o)
	if err != nil {
		return nil, err
	}
	opts.FullText = ft
	if o.Offline == nil && slices.Contains(e.cfg.Oracles.Use, crossref.Name) {
		// Crossref records retractions the search's index may miss
		// (updated-by); collection asks it, sharing the gate's client.
		n, err := e.rawOracle(crossref.Name)
		if err != nil {
			return nil, err
		}
		opts.Notices = n
	}
	switch {
	case o.Sources != nil:
		return collect.NewContentCollector(cmp.Or(o.SourcesFile, "sources"), o.Sources, oracle, opts), nil
	case o.SourcesFile != "":
		// Refuse a path that is not a regular file now (a named pipe would
		// block the first lead); Collect reads it, capped.
		f, err := inputfile.Open(o.SourcesFile)
		if err != nil {
			return nil, fmt.Errorf("%w: sources file: %w", ErrInput, err)
		}
		info, err := f.Stat()
		f.Close()
		if err == nil && info.Size() > collect.MaxSourcesBytes {
			return nil, fmt.Errorf("%w: sources file: %w", ErrInput, &inputfile.TooLargeError{Path: o.SourcesFile, What: "a sources file", Limit: collect.MaxSourcesBytes})
		}
		return collect.NewFileCollector(o.SourcesFile, oracle, opts), nil
	case o.Offline != nil:
		return collect.NewSearchCollector(o.Offline.searcher(), opts), nil
	default:
		s, err := e.searcher(e.cfg.Collect.Search)
		if err != nil {
			return nil, err
		}
		return collect.NewSearchCollector(s, opts), nil
	}
}

// searcher returns the engine's instance of the named oracle as a
// searcher (collect.search, Europe PMC by default): the gate uses the same
// instance when the oracle is among oracles.use, so both share one
// client's rate and concurrency limits.
func (e *Engine) searcher(name string) (oracles.Searcher, error) {
	if !e.deps.Registry.Has(name) {
		return nil, fmt.Errorf("%w: collect.search: unknown oracle %q (known: %s)", configs.ErrInvalid, name, strings.Join(e.deps.Registry.Names(), ", "))
	}
	o, err := e.rawOracle(name)
	if err != nil {
		return nil, err
	}
	s, ok := o.(oracles.Searcher)
	if !ok {
		return nil, fmt.Errorf("%w: collect.search: the %q oracle cannot search", configs.ErrInvalid, name)
	}
	return s, nil
}

var _ oracles.Searcher = (*europepmc.Client)(nil)

// fullTexter is what serves the open-access full texts of a collection:
// the offline corpus's recorded ones offline, else the search oracle's
// (Europe PMC's fullTextXML) through the oracle cache, which keeps each
// by content hash; nil when the search oracle serves none.
func (e *Engine) fullTexter(o BriefOptions) (oracles.FullTexter, error) {
	if o.Offline != nil {
		return o.Offline.FullTexter(), nil
	}
	name := e.cfg.Collect.Search
	if !e.deps.Registry.Has(name) {
		return nil, nil // reported by searcher
	}
	raw, err := e.rawOracle(name)
	if err != nil {
		return nil, err
	}
	c := e.cfg.Oracles.Cache
	ft, ok := cache.WrapFullText(raw, cache.Options{Store: e.cacheStore(), TTL: c.TTL.D, Now: e.deps.Now, Logger: e.deps.Logger})
	if !ok {
		return nil, nil
	}
	return ft, nil
}

// FullTexter serves the open-access full texts of the search oracle
// (collect.search) through the oracle cache, which keeps them by content
// hash: verify re-reads a brief's full texts from it. Nil when that oracle
// serves none.
func (e *Engine) FullTexter() (oracles.FullTexter, error) { return e.fullTexter(BriefOptions{}) }

// SearchName is the oracle live collection searches (collect.search), the
// one whose full texts a live brief cites.
func (e *Engine) SearchName() string { return e.cfg.Collect.Search }
