package oracletest

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/citeloop/citeloop/oracles"
)

// FakeSearcher is an oracles.Searcher whose answers a test chooses, for
// the packages that consume search (collection, check's title search)
// without a service. It records every query it is asked and is safe for
// concurrent use.
type FakeSearcher struct {
	name   string
	answer func(oracles.Query) ([]oracles.Record, error)

	mu      sync.Mutex
	queries []oracles.Query
}

var _ oracles.Searcher = (*FakeSearcher)(nil)

// NewFakeSearcher returns a searcher named name that answers every query
// with answer's records (at most max of them) or its error.
func NewFakeSearcher(name string, answer func(oracles.Query) ([]oracles.Record, error)) *FakeSearcher {
	return &FakeSearcher{name: name, answer: answer}
}

// Name is the name given to NewFakeSearcher.
func (s *FakeSearcher) Name() string { return s.name }

// Search records q and answers it; an empty query is refused, as by every
// searcher. SearchResult.Query is q in Go syntax.
func (s *FakeSearcher) Search(ctx context.Context, q oracles.Query, max int) (oracles.SearchResult, error) {
	s.mu.Lock()
	s.queries = append(s.queries, q)
	s.mu.Unlock()
	if q.IsEmpty() {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: s.name + ": empty query"}
	}
	if err := ctx.Err(); err != nil {
		return oracles.SearchResult{}, err
	}
	recs, err := s.answer(q)
	if err != nil {
		return oracles.SearchResult{}, err
	}
	out := oracles.SearchResult{Query: fmt.Sprintf("%+v", q)}
	for _, r := range recs[:min(len(recs), max)] {
		out.Hits = append(out.Hits, oracles.Hit{Record: r})
	}
	return out, nil
}

// Queries are the queries asked so far, in order.
func (s *FakeSearcher) Queries() []oracles.Query {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queries)
}
