package engine

import (
	"context"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// Collect gathers a lead's evidence ledger with the collector o chooses,
// building no agent: collecting calls no model, so it must not need a
// model's credentials (Briefer.Collect does, through NewBriefer).
func (e *Engine) Collect(ctx context.Context, o BriefOptions, lead contract.Lead) (contract.Ledger, error) {
	var oracle oracles.Oracle
	if o.Offline != nil {
		oracle = o.Offline.Oracle()
	} else {
		var err error
		if oracle, err = e.Oracle(); err != nil {
			return contract.Ledger{}, err
		}
	}
	c, err := e.collector(o, oracle)
	if err != nil {
		return contract.Ledger{}, err
	}
	return c.Collect(ctx, lead)
}
