package oracletest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/oracles"
)

// SearcherHarness describes a searcher under test.
type SearcherHarness struct {
	// New builds the searcher, with whatever fake service it needs.
	New func(t *testing.T) oracles.Searcher
	// Query is one the searcher runs and answers with at least two hits.
	Query oracles.Query
}

// RunSearcherContract checks the oracles.Searcher contract every
// implementation keeps: an empty query is a *oracles.QueryError wrapping
// ErrQuery and never ErrUnavailable; a query it runs says what was sent
// and returns at most max hits; a cancelled context is an error, never an
// empty answer taken for "nothing found"; concurrent searches are safe
// (run the suite with -race).
func RunSearcherContract(t *testing.T, h SearcherHarness) {
	t.Helper()
	t.Run("empty query is refused", func(t *testing.T) {
		_, err := h.New(t).Search(context.Background(), oracles.Query{}, 5)
		var qe *oracles.QueryError
		if !errors.Is(err, oracles.ErrQuery) || !errors.As(err, &qe) || errors.Is(err, oracles.ErrUnavailable) {
			t.Errorf("empty query: %v, want a QueryError", err)
		}
	})
	t.Run("at most max hits, and the query sent", func(t *testing.T) {
		s := h.New(t)
		res, err := s.Search(context.Background(), h.Query, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != 1 || res.Query == "" {
			t.Errorf("max 1: %d hits, query %q; want 1 and the query", len(res.Hits), res.Query)
		}
		if s.Name() == "" {
			t.Error("no name")
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := h.New(t).Search(ctx, h.Query, 5); err == nil {
			t.Error("a cancelled search succeeded")
		}
	})
	t.Run("concurrent", func(t *testing.T) {
		s := h.New(t)
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if res, err := s.Search(context.Background(), h.Query, 5); err != nil || len(res.Hits) < 2 {
					t.Errorf("concurrent search: %d hits, %v", len(res.Hits), err)
				}
			})
		}
		wg.Wait()
	})
}
