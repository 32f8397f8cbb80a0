package main

import (
	"cmp"
	"errors"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/pipeline"
)

// newBatchRunner builds the engine and its Briefer from the flags, as brief
// does, with each model provider's calls under one shared rate limit.
func newBatchRunner(a *app, o *engineFlags) (*engine.Briefer, error) {
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
	return b, nil
}
