package engine

import (
	"context"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/pipeline"
)

// BriefOptions choose how a Briefer collects and writes. The zero value
// searches Europe PMC live and uses the configured models.
type BriefOptions struct {
	// Offline, when set, runs with no network: sources and DOI checks come
	// from this corpus, and the agents are the offline ones.
	Offline *Offline
	// SourcesFile, when set, cites the sources in this file instead of
	// searching (see collect.NewFileCollector).
	SourcesFile string
	// IncludeRetracted keeps retracted papers flagged in the ledger.
	IncludeRetracted bool
	// MaxIterations caps the passes; 0 means pipeline.max_iterations.
	MaxIterations int
	// Formats are the brief's output formats; empty means md and json.
	Formats []pipeline.Format
	// SigningKeyFile, when set, is an Ed25519 private key file (see
	// pipeline.ReadPrivateKey) the stamp of every brief is signed with.
	SigningKeyFile string
	// WrapAgents, when set, wraps the writer and skeptic once for every
	// lead of the Briefer (a batch holds each provider to shared rate
	// limits this way). It is told the agents section the models come from.
	WrapAgents func(cfg configs.Agents, w pipeline.Writer, s pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic)
}

// ValidateLead checks a lead the way a Briefer with these options needs it:
// with a sources file a lead may be empty (the file says what the brief is
// about). Errors wrap leads.ErrInvalidLead and name the field.
func (o BriefOptions) ValidateLead(l contract.Lead) (contract.Lead, error) {
	if o.SourcesFile != "" {
		return leads.ValidateSourcesLead(l)
	}
	return leads.ValidateLead(l)
}

// Briefer runs leads through one collector, one pair of agents and one gate.
// Build it once; RunLead is safe to call from many goroutines.
type Briefer struct {
	runner  *pipeline.Runner
	formats []pipeline.Format
	render  []pipeline.RenderOption
	log     *zap.Logger
}

// NewBriefer builds the collector, the agents and the runner for o.
func (e *Engine) NewBriefer(o BriefOptions) (*Briefer, error) {
	env := AgentEnv{Offline: o.Offline != nil}
	if o.Offline != nil {
		env.Oracle = o.Offline.Oracle()
	} else {
		var err error
		if env.Oracle, err = e.Oracle(); err != nil {
			return nil, err
		}
	}
	collector, err := e.collector(o, env.Oracle)
	if err != nil {
		return nil, err
	}
	writer, skeptic, err := e.agents(env)
	if err != nil {
		return nil, err
	}
	if o.WrapAgents != nil {
		writer, skeptic = o.WrapAgents(e.cfg.Agents, writer, skeptic)
	}
	maxIter := o.MaxIterations
	if maxIter == 0 {
		maxIter = e.cfg.Pipeline.MaxIterations
	}
	render, err := e.renderOptions(o, env)
	if err != nil {
		return nil, err
	}
	formats := o.Formats
	if len(formats) == 0 {
		formats = []pipeline.Format{pipeline.Markdown, pipeline.JSON}
	}
	return &Briefer{
		runner: &pipeline.Runner{
			Collector:     collector,
			Writer:        writer,
			Skeptic:       skeptic,
			Gate:          gates.New(env.Oracle, gates.WithLogger(e.deps.Logger), gates.WithClock(e.deps.Now), gates.WithMinQuoteWords(e.cfg.Gate.MinQuoteWords)),
			MaxIterations: maxIter,
			MinSources:    e.cfg.Collect.MinSources,
			Logger:        e.deps.Logger,
			Now:           e.deps.Now,
		},
		formats: formats,
		render:  render,
		log:     e.deps.Logger,
	}, nil
}

// Outcome is what running one lead produced, as a value: nothing is written
// until Publish.
type Outcome struct {
	Lead contract.Lead
	// Reason is the run's end reason, or pipeline.Errored when the run
	// returned an error (then Err is set).
	Reason pipeline.EndReason
	// Detail explains the reason in one sentence for humans.
	Detail string
	// Result is the whole run: ledger, last draft, verdict, metrics, proof.
	Result pipeline.Result
	// Files are the rendered brief (ledger first) when Reason is Verified,
	// otherwise the failure report (pipeline.ReportFile), clearly not a
	// brief; none when Reason is Errored.
	Files []pipeline.File
	// Err is why the lead errored; errors.Is(Err, context.Canceled) or
	// context.DeadlineExceeded tells an interrupted lead.
	Err error
	// ModelErr, set by RunLedger, is the last error a model call returned
	// (an agents.CallError for the model backends).
	ModelErr error
}

// Metrics are the run's counts and costs.
func (o Outcome) Metrics() pipeline.Metrics { return o.Result.Metrics }

// RunLead runs one lead and renders its brief or failure report to bytes.
// Every ending, an error included, is an Outcome.
func (b *Briefer) RunLead(ctx context.Context, lead contract.Lead) Outcome {
	res, err := b.runner.Run(ctx, lead)
	if err != nil {
		return errored(lead, res, err)
	}
	o := Outcome{Lead: lead, Reason: res.Reason, Detail: res.Detail, Result: res}
	if res.Reason == pipeline.Verified {
		if o.Files, err = pipeline.Render(b.formats, res.Proof, res, b.render...); err != nil {
			return errored(lead, res, err)
		}
		return o
	}
	data, err := pipeline.RenderReport(res)
	if err != nil {
		return errored(lead, res, err)
	}
	o.Files = []pipeline.File{{Name: pipeline.ReportFile, Data: data}}
	return o
}

func errored(lead contract.Lead, res pipeline.Result, err error) Outcome {
	res.Reason, res.Detail = pipeline.Errored, err.Error()
	return Outcome{Lead: lead, Reason: pipeline.Errored, Detail: err.Error(), Result: res, Err: err}
}

// Collect gathers a lead's evidence ledger without any model call.
func (b *Briefer) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	return b.runner.Collector.Collect(ctx, lead)
}

// Formats are the formats RunLead renders.
func (b *Briefer) Formats() []pipeline.Format { return b.formats }

// RunLeadWithProgress is RunLead with progress called after each pass the
// gate checked (a server streams it to its client).
func (b *Briefer) RunLeadWithProgress(ctx context.Context, lead contract.Lead, progress func(pipeline.Iteration)) Outcome {
	runner := *b.runner
	runner.Progress = progress
	withProgress := *b
	withProgress.runner = &runner
	return withProgress.RunLead(ctx, lead)
}
