package engine_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

// oldOfflineBrief is the code path of cmd/citeloop before the engine, kept
// here only as the benchmark's baseline: every offline brief decoded the
// embedded corpus twice, once for the snapshot oracle (snapshot.Load) and
// once for the collector's search.
func oldOfflineBrief(ctx context.Context, cfg configs.Config, lead contract.Lead) (pipeline.Result, error) {
	data := snapshot.Embedded()
	corpus, err := snapshot.Load(data)
	if err != nil {
		return pipeline.Result{}, err
	}
	oracle := snapshot.NewOracle(corpus)
	searched, err := snapshot.Load(data)
	if err != nil {
		return pipeline.Result{}, err
	}
	c := cfg.Collect
	runner := &pipeline.Runner{
		Collector: collect.NewSearchCollector(snapshot.NewOracle(searched), collect.Options{
			MaxSources: c.MaxSources, MaxAbstractChars: c.MaxAbstractChars, MaxTotalChars: c.MaxTotalChars,
			FetchLimit: c.FetchLimit, Now: fixedNow,
		}),
		Writer:        offline.ExtractiveWriter{},
		Skeptic:       offline.RuleSkeptic{},
		Gate:          gates.New(oracle, gates.WithClock(fixedNow)),
		MaxIterations: cfg.Pipeline.MaxIterations,
		MinSources:    c.MinSources,
		Now:           fixedNow,
	}
	res, err := runner.Run(ctx, lead)
	if err != nil {
		return res, err
	}
	_, err = brief.Assemble([]brief.Format{brief.Markdown, brief.JSON}, res)
	return res, err
}

// newOfflineBrief is the engine's path: the corpus is parsed once per
// process, then each brief builds its engine and Briefer and runs.
func newOfflineBrief(ctx context.Context, cfg configs.Config, lead contract.Lead) (pipeline.Result, error) {
	off, err := engine.EmbeddedOffline()
	if err != nil {
		return pipeline.Result{}, err
	}
	e, err := engine.New(cfg, engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		return pipeline.Result{}, err
	}
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off})
	if err != nil {
		return pipeline.Result{}, err
	}
	res, _, err := b.RunLead(ctx, lead)
	return res, err
}

// BenchmarkOfflineBrief runs one offline brief ("cancer screening", md and
// json) per iteration on today's engine path and on the old path, side by
// side in one run. briefs/s is the figure to compare.
func BenchmarkOfflineBrief(b *testing.B) {
	ctx := context.Background()
	cfg := configs.Default()
	lead := contract.Lead{Topic: "cancer screening", AnyTopicWord: true}
	b.Run("engine", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			o, err := newOfflineBrief(ctx, cfg, lead)
			if err != nil || o.Reason != contract.Verified {
				b.Fatalf("%s %v", o.Reason, err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "briefs/s")
	})
	b.Run("old_parse_twice", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			res, err := oldOfflineBrief(ctx, cfg, lead)
			if err != nil || res.Reason != contract.Verified {
				b.Fatalf("%s %v", res.Reason, err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "briefs/s")
	})
}
