package oracles

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"
)

// EachOptions configures LookupEach.
type EachOptions struct {
	// Oracle is the oracle's name, set on the answers to invalid DOIs.
	Oracle string
	// Parallel caps the DOIs asked at once. Zero or negative means no cap,
	// for a client that bounds its own requests.
	Parallel int
	// Budget, when positive, bounds the whole call on top of ctx.
	Budget time.Duration
	// Log, when not nil, receives one debug line of counts per call that
	// asked anything.
	Log *zap.Logger
}

// LookupEach implements Oracle.Lookup for a service asked one DOI per
// request. Invalid DOIs are answered Unknown with their doi.Error and never
// passed to one; duplicates, after normalisation, are asked once; every
// other DOI is answered by exactly one call of one, keyed by its normalised
// form, at most opts.Parallel at a time. one gets ctx bounded by opts.Budget
// and must answer Unknown, with the cause, once that context is done.
func LookupEach(ctx context.Context, dois []string, opts EachOptions,
	one func(ctx context.Context, doi string) Result) map[string]Result {
	valid, out := Split(opts.Oracle, dois)
	if len(valid) == 0 {
		return out
	}
	ctx, cancel := WithBudget(ctx, opts.Budget)
	defer cancel()
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = len(valid)
	}
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		counts = map[Status]int{}
		slots  = make(chan struct{}, parallel)
	)
	for _, d := range valid {
		wg.Go(func() {
			slots <- struct{}{}
			r := one(ctx, d)
			<-slots
			mu.Lock()
			defer mu.Unlock()
			out[d] = r
			counts[r.Status]++
		})
	}
	wg.Wait()
	if opts.Log != nil {
		opts.Log.Debug("lookup done", zap.Int("dois", len(valid)), zap.Int("found", counts[Found]),
			zap.Int("not_found", counts[NotFound]), zap.Int("unknown", counts[Unknown]))
	}
	return out
}

// WithBudget bounds ctx by budget when budget is positive; otherwise it
// returns ctx itself. The cancel function is never nil.
func WithBudget(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	if budget > 0 {
		return context.WithTimeout(ctx, budget)
	}
	return ctx, func() {}
}
