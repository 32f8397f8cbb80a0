package collect

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
)

// SearchCollector collects a lead's ledger from an oracles.Searcher: Europe
// PMC live, the offline snapshot, or any oracle that can search. Every
// searcher shares every rule of what may be cited, ranking and budget.
type SearchCollector struct {
	searcher oracles.Searcher
	origin   string
	opts     Options
}

// NewSearchCollector returns a collector over s whose entries carry its
// name as their origin ("europepmc", "snapshot").
func NewSearchCollector(s oracles.Searcher, opts Options) *SearchCollector {
	return &SearchCollector{searcher: s, origin: s.Name(), opts: opts.withDefaults()}
}

// Collect validates the lead, searches up to FetchLimit records and builds
// the ledger. A search failure is returned wrapped (an error wrapping
// oracles.ErrUnavailable ends the run oracle_unavailable; a query the
// searcher cannot run, oracles.ErrQuery, is a bad lead and wraps
// leads.ErrInvalidLead too); zero hits is an empty ledger with a note, not
// an error: the pipeline refuses it.
func (c *SearchCollector) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	lead, err := leads.ValidateLead(lead)
	if err != nil {
		return contract.Ledger{}, err
	}
	res, err := c.searcher.Search(ctx, BuildQuery(lead), c.opts.FetchLimit)
	if errors.Is(err, oracles.ErrQuery) {
		err = fmt.Errorf("%w: %w", leads.ErrInvalidLead, err)
	}
	if err != nil {
		return contract.Ledger{}, fmt.Errorf("collect %s from %s: %w", lead.Describe(), c.origin, err)
	}
	docs := res.Hits
	l, err := build(ctx, lead, docs, c.origin, c.opts)
	if err != nil {
		return contract.Ledger{}, fmt.Errorf("collect %s from %s: %w", lead.Describe(), c.origin, err)
	}
	l.Query, l.Hits = res.Query, len(docs)
	l.Notes = append([]string{fmt.Sprintf("%s: %d record(s) for %s", c.origin, len(docs), res.Query)}, l.Notes...)
	if len(docs) >= c.opts.FetchLimit {
		l.Notes = append(l.Notes, fmt.Sprintf("search stopped at the fetch limit of %d records", c.opts.FetchLimit))
	}
	logging.FromContext(ctx, c.opts.Logger).Info("collected",
		zap.String("origin", c.origin),
		zap.Int("hits", len(docs)), zap.Int("entries", len(l.Entries)), zap.Any("excluded", l.Excluded))
	return l, nil
}
