package collect

import (
	"context"
	"fmt"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
)

// Searcher runs a lead's query and returns at most max hits. Errors from an
// unreachable or misbehaving service wrap oracles.ErrUnavailable.
type Searcher interface {
	Search(ctx context.Context, q Query, max int) ([]Doc, error)
}

// SearchCollector collects a lead's ledger from a Searcher: Europe PMC live
// (EuropePMCSearcher) or the offline corpus (Corpus). Both share every rule
// of what may be cited, ranking and budget.
type SearchCollector struct {
	searcher Searcher
	origin   string
	opts     Options
}

// NewSearchCollector returns a collector over s whose entries carry origin
// ("europepmc", "snapshot").
func NewSearchCollector(s Searcher, origin string, opts Options) *SearchCollector {
	return &SearchCollector{searcher: s, origin: origin, opts: opts.withDefaults()}
}

// Collect validates the lead, searches up to FetchLimit records and builds
// the ledger. A search failure is returned wrapped (an error wrapping
// oracles.ErrUnavailable ends the run oracle_unavailable); zero hits is an
// empty ledger with a note, not an error: the pipeline refuses it.
func (c *SearchCollector) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	lead, err := leads.ValidateLead(lead)
	if err != nil {
		return contract.Ledger{}, err
	}
	q := BuildQuery(lead)
	docs, err := c.searcher.Search(ctx, q, c.opts.FetchLimit)
	if err != nil {
		return contract.Ledger{}, fmt.Errorf("collect %s from %s: %w", lead.Describe(), c.origin, err)
	}
	l := build(lead, docs, c.origin, c.opts)
	l.Query, l.Hits = q.String(), len(docs)
	l.Notes = append([]string{fmt.Sprintf("%s: %d record(s) for %s", c.origin, len(docs), q)}, l.Notes...)
	if len(docs) >= c.opts.FetchLimit {
		l.Notes = append(l.Notes, fmt.Sprintf("search stopped at the fetch limit of %d records", c.opts.FetchLimit))
	}
	c.opts.Logger.Info("collected",
		zap.String("origin", c.origin), zap.String("lead_id", lead.ID),
		zap.Int("hits", len(docs)), zap.Int("entries", len(l.Entries)), zap.Any("excluded", l.Excluded))
	return l, nil
}
