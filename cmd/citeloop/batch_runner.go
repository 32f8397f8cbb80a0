package main

// batchRunner adapts today's brief wiring to batch.Runner. It is the one
// place the batch touches the pipeline; it becomes a thin wrapper over the
// engine package when that lands.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

type batchRunner struct {
	collector     pipeline.Collector
	writer        pipeline.Writer
	skeptic       pipeline.Skeptic
	gate          *gates.Gate
	formats       []pipeline.Format
	maxIterations int
	minSources    int
	logger        *zap.Logger
	now           func() time.Time
}

// newBatchRunner builds the oracle, collector and agents once for every
// lead of the process, as brief does, with the model calls of each
// provider under one shared rate limit.
func newBatchRunner(a *app, o *engineFlags) (*batchRunner, error) {
	formats, err := pipeline.ParseFormats(o.formats)
	if err != nil {
		return nil, usageError("--format: %v", err)
	}
	env := buildEnv{offline: o.offline}
	if o.offline {
		env.corpusData = snapshot.Embedded()
		if o.corpus != "" {
			if env.corpusData, err = os.ReadFile(o.corpus); err != nil {
				return nil, usageError("--corpus: %v", err)
			}
		}
		corpus, err := snapshot.Load(env.corpusData)
		if err != nil {
			return nil, usageError("--corpus %s: %v", o.corpus, err)
		}
		env.oracle = snapshot.NewOracle(corpus)
	} else if o.corpus != "" {
		return nil, usageError("--corpus is only used with --offline")
	} else if env.oracle, err = a.oracle(); err != nil {
		return nil, err
	}
	cf := collectFlags{includeRetracted: o.includeRetracted}
	collector, err := cf.collector(a, env)
	if err != nil {
		return nil, err
	}
	build := o.agents.build
	if a.newAgents != nil {
		build = func(_ *app, env buildEnv) (pipeline.Writer, pipeline.Skeptic, error) { return a.newAgents(env) }
	}
	writer, skeptic, err := build(a, env)
	if err != nil {
		return nil, err
	}
	if !o.offline {
		cfg, err := o.agents.settings(a.cfg.Agents)
		if err != nil {
			return nil, err
		}
		limits := map[string]*batch.Limiter{}
		limiter := func(provider string) *batch.Limiter {
			if limits[provider] == nil {
				limits[provider] = batch.NewLimiter(o.modelRPM, o.modelTPM)
			}
			return limits[provider]
		}
		writer = limitedWriter{writer, limiter(cfg.Writer.Provider)}
		skeptic = limitedSkeptic{skeptic, limiter(cfg.Skeptic.Provider)}
	}
	return &batchRunner{
		collector:     collector,
		writer:        writer,
		skeptic:       skeptic,
		gate:          gates.New(env.oracle, gates.WithLogger(a.logger), gates.WithClock(a.now)),
		formats:       formats,
		maxIterations: o.maxIterations,
		minSources:    a.cfg.Collect.MinSources,
		logger:        a.logger,
		now:           a.now,
	}, nil
}

func (r *batchRunner) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	return r.collector.Collect(ctx, lead)
}

// Run runs the writer/skeptic/gate loop over the collected ledger and
// returns the brief's files, or the failure report, as bytes.
func (r *batchRunner) Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (batch.Outcome, error) {
	var rec modelErrors
	p := &pipeline.Runner{
		Collector:     collected(ledger),
		Writer:        recordingWriter{r.writer, &rec},
		Skeptic:       recordingSkeptic{r.skeptic, &rec},
		Gate:          r.gate,
		MaxIterations: r.maxIterations,
		MinSources:    r.minSources,
		Logger:        r.logger.With(zap.String("lead", lead.ID)),
		Now:           r.now,
	}
	res, err := p.Run(ctx, lead)
	if err != nil {
		return batch.Outcome{}, err
	}
	o := batch.Outcome{Reason: string(res.Reason), Detail: res.Detail}
	if o.Metrics, err = json.Marshal(res.Metrics); err != nil {
		return o, err
	}
	switch res.Reason {
	case pipeline.Verified:
		o.Files, err = filesOf(func(dir string) ([]string, error) { return pipeline.Assemble(dir, r.formats, res.Proof, res) })
	default:
		o.Files, err = filesOf(func(dir string) ([]string, error) {
			p, err := pipeline.WriteReport(dir, res)
			return []string{p}, err
		})
		o.Retry = res.Reason == pipeline.OracleUnavailable ||
			res.Reason == pipeline.ModelError && transientModelError(rec.last())
	}
	return o, err
}

// transientModelError reports whether a failed model call may pass later
// unchanged: a transport failure (no HTTP status), 408, 429, a 5xx, or a
// call that ran out of time. A blocked prompt, an answer that breaks the
// contract and other 4xx errors are final. It decides on the typed
// agents.CallError, never on the message.
func transientModelError(err error) bool {
	var ce *agents.CallError
	if !errors.As(err, &ce) {
		return false
	}
	switch ce.Kind {
	case agents.KindTimeout:
		return true
	case agents.KindAPIError:
		return ce.Status == 0 || ce.Status == 408 || ce.Status == 429 || ce.Status >= 500
	}
	return false
}

// filesOf runs write into a temporary folder and returns what it wrote.
func filesOf(write func(dir string) ([]string, error)) (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "citeloop-lead-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	paths, err := write(dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, p := range paths {
		if files[filepath.Base(p)], err = os.ReadFile(p); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// collected is a Collector that returns a ledger collected earlier.
type collected contract.Ledger

func (c collected) Collect(context.Context, contract.Lead) (contract.Ledger, error) {
	return contract.Ledger(c), nil
}

// modelErrors keeps the last model error of one lead, which the pipeline
// reports only as text.
type modelErrors struct {
	mu  sync.Mutex
	err error
}

func (m *modelErrors) record(err error) {
	if err != nil {
		m.mu.Lock()
		m.err = err
		m.mu.Unlock()
	}
}

func (m *modelErrors) last() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.err
}

type recordingWriter struct {
	pipeline.Writer
	rec *modelErrors
}

func (w recordingWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	res, err := w.Writer.Write(ctx, req)
	w.rec.record(err)
	return res, err
}

type recordingSkeptic struct {
	pipeline.Skeptic
	rec *modelErrors
}

func (s recordingSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	res, err := s.Skeptic.Review(ctx, req)
	s.rec.record(err)
	return res, err
}

// limitedWriter and limitedSkeptic hold each model call to its provider's
// shared requests and tokens per minute.
type limitedWriter struct {
	pipeline.Writer
	lim *batch.Limiter
}

func (w limitedWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if err := w.lim.Wait(ctx); err != nil {
		return contract.WriteResult{}, err
	}
	res, err := w.Writer.Write(ctx, req)
	w.lim.Spend(tokens(res.Usage))
	return res, err
}

type limitedSkeptic struct {
	pipeline.Skeptic
	lim *batch.Limiter
}

func (s limitedSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	if err := s.lim.Wait(ctx); err != nil {
		return contract.ReviewResult{}, err
	}
	res, err := s.Skeptic.Review(ctx, req)
	s.lim.Spend(tokens(res.Usage))
	return res, err
}

func tokens(u contract.Usage) int { return u.PromptTokens + u.OutputTokens + u.ThinkingTokens }
