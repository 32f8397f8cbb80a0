package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/pipeline"
)

// batchRunner adapts one engine.Briefer, built once per process, to
// batch.Runner: it only converts the engine's Outcome into the batch's.
type batchRunner struct{ briefer *engine.Briefer }

// newBatchRunner builds the engine and its Briefer from the flags, as brief
// does, with each model provider's calls under one shared rate limit.
func newBatchRunner(a *app, o *engineFlags) (*batchRunner, error) {
	formats, err := brief.ParseFormats(o.formats)
	if err != nil {
		return nil, usageError("--format: %v", err)
	}
	bo := engine.BriefOptions{SourcesFile: o.sources, IncludeRetracted: o.includeRetracted, MaxIterations: o.maxIterations,
		Formats: formats, SigningKeyFile: cmp.Or(o.signingKey, a.cfg.Signing.KeyFile)}
	cfg := a.cfg
	switch {
	case o.offline:
		if bo.Offline, err = engine.OfflineFile(o.corpus); err != nil {
			return nil, usageError("--corpus: %w", err)
		}
	case o.corpus != "":
		return nil, usageError("--corpus is only used with --offline")
	default:
		if a.newAgents == nil {
			if cfg.Agents, err = o.agents.Apply(cfg.Agents); err != nil {
				return nil, usageError("agent flags: %w", err)
			}
		}
		limits := batch.NewLimits(o.modelRPM, o.modelTPM)
		bo.WrapAgents = func(c configs.Agents, w pipeline.Writer, s pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic) {
			return limits.Wrap(c.Writer.Provider, w, c.Skeptic.Provider, s)
		}
	}
	eng, err := a.engine(cfg)
	if err != nil {
		return nil, err
	}
	b, err := eng.NewBriefer(bo)
	if errors.Is(err, engine.ErrInput) {
		return nil, usageError("--sources: %w", err)
	} else if err != nil {
		return nil, err
	}
	return &batchRunner{b}, nil
}

func (r *batchRunner) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	return r.briefer.Collect(ctx, lead)
}

// Run runs the loop over the collected ledger and returns the brief's
// files, or the failure report, as bytes.
func (r *batchRunner) Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (batch.Outcome, error) {
	out := r.briefer.RunLedger(ctx, lead, ledger)
	if out.Reason == contract.Errored {
		return batch.Outcome{}, cmpErr(out.Err)
	}
	o := batch.Outcome{Reason: out.Reason, Detail: out.Detail, Retry: out.Transient(), Files: map[string][]byte{}}
	var err error
	if o.Metrics, err = json.Marshal(out.Metrics()); err != nil {
		return o, err
	}
	for _, f := range out.Files {
		o.Files[f.Name] = f.Data
	}
	return o, nil
}

// cmpErr never returns nil for an errored outcome.
func cmpErr(err error) error {
	if err == nil {
		return errors.New("the lead errored without a reason")
	}
	return err
}
