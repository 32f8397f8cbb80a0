package engine

import (
	"context"
	"encoding/json"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
)

var _ batch.Runner = (*Briefer)(nil)

// Run implements batch.Runner: it runs the loop over a ledger the batch
// collected (RunLedger) and returns the outcome with its rendered files,
// marked for a retry when its failure may pass later (an oracle that could
// not answer, a model transport failure).
func (b *Briefer) Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (batch.Outcome, error) {
	res, files, err := b.RunLedger(ctx, lead, ledger)
	if err != nil {
		return batch.Outcome{}, err
	}
	o := batch.Outcome{Reason: res.Reason, Detail: res.Detail, Retry: transient(res), Files: make(map[string][]byte, len(files))}
	if o.Metrics, err = json.Marshal(res.Metrics); err != nil {
		return o, err
	}
	for _, f := range files {
		o.Files[f.Name] = f.Data
	}
	return o, nil
}
