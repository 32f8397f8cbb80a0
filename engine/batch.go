package engine

import (
	"context"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
)

var _ batch.Runner = (*Briefer)(nil)

// Run implements batch.Runner: it runs the loop over a ledger the batch
// collected (RunLedger) and returns the run's outcome with its rendered
// files, marked for a retry when its failure may pass later (an oracle
// that could not answer, a model transport failure).
func (b *Briefer) Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (batch.Record, error) {
	res, files, err := b.RunLedger(ctx, lead, ledger)
	if err != nil {
		return batch.Record{}, err
	}
	r := batch.Record{Outcome: res.Outcome, Retry: transient(res), Files: make(map[string][]byte, len(files))}
	for _, f := range files {
		r.Files[f.Name] = f.Data
	}
	return r, nil
}
