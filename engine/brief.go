package engine

import (
	"context"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
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
	// Sources, when set, is a sources file's content, cited as SourcesFile
	// would be; SourcesFile then only names it (its extension picks the
	// format). An MCP client sends it this way.
	Sources []byte
	// IncludeRetracted keeps retracted papers flagged in the ledger.
	IncludeRetracted bool
	// MaxIterations caps the passes; 0 means pipeline.max_iterations.
	MaxIterations int
	// Formats are the brief's output formats; empty means md and json.
	Formats []brief.Format
	// SigningKeyFile, when set, is an Ed25519 private key file (see
	// brief.ReadPrivateKey) the stamp of every brief is signed with.
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
	if o.SourcesFile != "" || o.Sources != nil {
		return leads.ValidateSourcesLead(l)
	}
	return leads.ValidateLead(l)
}

// Briefer runs leads through one collector, one pair of agents and one gate.
// Build it once; RunLead is safe to call from many goroutines.
type Briefer struct {
	runner  *pipeline.Runner
	formats []brief.Format
	render  []brief.Option
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
		formats = []brief.Format{brief.Markdown, brief.JSON}
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

// RunLead runs one lead: it collects the lead's ledger, runs the loop over
// it, and renders the brief of a verified run or the failure report
// (brief.ReportFile) of any other, to bytes: nothing is written until
// Publish. An error is not an ending but why the lead has none (a cancelled
// context, a broken input, a brief that could not be rendered): then the
// result's Reason is contract.Errored, with what the run did until then.
func (b *Briefer) RunLead(ctx context.Context, lead contract.Lead) (pipeline.Result, []brief.File, error) {
	res, err := b.runner.Run(ctx, lead)
	return b.rendered(res, err)
}

// RunLedger is RunLead over a ledger collected earlier (by Collect), so a
// caller that looks at the ledger first (is it unchanged since the last
// brief?) does not collect it twice.
func (b *Briefer) RunLedger(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (pipeline.Result, []brief.File, error) {
	res, err := b.runner.RunLedger(ctx, lead, ledger)
	return b.rendered(res, err)
}

// RunLeadWithProgress is RunLead with progress called after each pass the
// gate checked (a server streams it to its client).
func (b *Briefer) RunLeadWithProgress(ctx context.Context, lead contract.Lead, progress func(contract.Iteration)) (pipeline.Result, []brief.File, error) {
	runner := *b.runner
	runner.Progress = progress
	res, err := runner.Run(ctx, lead)
	return b.rendered(res, err)
}

// rendered renders what a run returned: its brief, its failure report, or
// nothing for an error.
func (b *Briefer) rendered(res pipeline.Result, err error) (pipeline.Result, []brief.File, error) {
	var files []brief.File
	if err == nil && res.Reason == contract.Verified {
		files, err = brief.Assemble(b.formats, res, b.render...)
	} else if err == nil {
		var data []byte
		data, err = brief.RenderReport(res)
		files = []brief.File{{Name: brief.ReportFile, Data: data}}
	}
	if err != nil {
		res.Reason, res.Detail = contract.Errored, err.Error()
		return res, nil, err
	}
	return res, files, nil
}

// Collect gathers a lead's evidence ledger without any model call.
func (b *Briefer) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	return b.runner.Collector.Collect(ctx, lead)
}

// Formats are the formats RunLead renders.
func (b *Briefer) Formats() []brief.Format { return b.formats }

// MaxIterations is the most writer→skeptic→gate passes a lead runs.
func (b *Briefer) MaxIterations() int { return b.runner.MaxIterations }
