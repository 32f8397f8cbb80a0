package pipeline

import (
	"context"

	"github.com/citeloop/citeloop/contract"
)

// Writer drafts (or repairs) a brief from the ledger. Implementations live in
// agents; the pipeline only consumes this interface.
type Writer interface {
	Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error)
}

// Skeptic reviews a draft and returns structured objections. It never
// rewrites the draft.
type Skeptic interface {
	Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error)
}

// Collector gathers the evidence ledger for a lead. An error wrapping
// oracles.ErrUnavailable ends the run oracle_unavailable.
type Collector interface {
	Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error)
}
