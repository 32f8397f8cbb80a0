package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/pipeline"
)

type briefOptions struct {
	briefFlags
	out    string
	report bool

	collect collectFlags
}

// briefFlags are what brief and batch both turn into the engine's
// BriefOptions and Briefer (options, briefer). Each command registers them
// with its own help.
type briefFlags struct {
	offline    bool
	corpus     string
	formats    string
	signingKey string
	// maxIterations is 0 when --max-iterations is not given: the engine
	// then runs with pipeline.max_iterations.
	maxIterations    int
	includeRetracted bool
	// sources is brief's --sources: every lead cites this file's sources.
	sources string
	agents  agentFlags
}

// maxIterationsHelp is --max-iterations' help, the default named from
// configs, which holds it.
var maxIterationsHelp = fmt.Sprintf("most writer→skeptic→gate passes before giving up (default from config: pipeline.max_iterations, %d)", configs.DefaultMaxIterations)

// checkCap refuses a --max-iterations given below 1.
func (f *briefFlags) checkCap(fs *pflag.FlagSet) error {
	if fs.Changed("max-iterations") && f.maxIterations < 1 {
		return usageError("--max-iterations must be at least 1, got %d", f.maxIterations)
	}
	return nil
}

// options are the engine's BriefOptions from the flags. It reads no file:
// the lead can be checked before anything is built.
func (f *briefFlags) options(a *app) (engine.BriefOptions, error) {
	formats, err := brief.ParseFormats(f.formats)
	if err != nil {
		return engine.BriefOptions{}, usageError("--format: %v", err)
	}
	if f.corpus != "" && !f.offline {
		return engine.BriefOptions{}, usageError("--corpus is only used with --offline")
	}
	return engine.BriefOptions{SourcesFile: f.sources, IncludeRetracted: f.includeRetracted, MaxIterations: f.maxIterations,
		Formats: formats, SigningKeyFile: cmp.Or(f.signingKey, a.cfg.Signing.KeyFile)}, nil
}

// briefer builds the engine and its Briefer for bo: with --offline on the
// offline corpus, otherwise with the configured models as the agent flags
// change them, each pair wrapped by wrap when it is set.
func (f *briefFlags) briefer(a *app, bo engine.BriefOptions, wrap func(configs.Agents, pipeline.Writer, pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic)) (*engine.Briefer, error) {
	cfg := a.cfg
	var err error
	if f.offline {
		if bo.Offline, err = engine.OfflineFile(f.corpus); err != nil {
			return nil, usageError("--corpus: %w", err)
		}
		bo.WrapAgents = wrap
	} else {
		if a.newAgents == nil {
			if cfg.Agents, err = f.agents.Apply(cfg.Agents); err != nil {
				return nil, usageError("agent flags: %w", err)
			}
		}
		bo.WrapAgents = wrap
	}
	eng, err := a.engine(cfg)
	if err != nil {
		return nil, err
	}
	b, err := eng.NewBriefer(bo)
	switch {
	case errors.Is(err, brief.ErrKeyFile):
		return nil, usageError("--signing-key: %w", err)
	case errors.Is(err, engine.ErrInput):
		return nil, usageError("--sources: %w", err)
	}
	return b, err
}

func newBriefCmd(a *app) *cobra.Command {
	var o briefOptions
	cmd := &cobra.Command{
		Use:   "brief --topic TEXT|--orcid ID|--name NAME|--leads FILE -o DIR",
		Short: "Collect sources, draft, challenge, verify; write a sourced brief",
		Long: `brief runs the maker/checker loop for one lead: collect sources into an
evidence ledger, then writer → skeptic → citation gate until the gate verifies
every citation or the run ends for a stated reason. A brief (and its
ledger.json) is written to --out only when the gate verified it.

With --offline everything runs locally: sources and DOI checks come from an
embedded corpus of real Europe PMC records (or --corpus FILE), the writer is
extractive (it quotes abstract sentences verbatim, no language model) and the
skeptic is rule-based. No API key and no network are needed.

With --leads FILE (YAML, JSON Lines or CSV; fields id, name, orcid,
affiliation, topic, since, until, max_sources, any_topic_word, query) the
leads run as
citeloop batch --fail-on unverified does (8 at a time, on a crash-safe queue
in --out): each lead ends in --out/<id>/ with its brief or its failure report
(never both) and outcome.json, and --out/summary.json records each lead's
end reason. Invalid rows are reported by row and field and skipped; the
others still run. Running the command again finishes an interrupted run; a
lead whose sources did not change since its verified brief ends unchanged,
with no model call. The exit code is 0 only if every row was valid and every
lead verified; otherwise 2 if a row was invalid, else the code of the first
lead (in file order) that did not verify.

` + exitCodesHelp,
		Example: `  citeloop brief --offline --topic "breast cancer" --out /tmp/brief
  citeloop brief --offline --topic "cancer survival" --out out/ \
      --sources testdata/europepmc/pyEuropePMC__search_cancer_core.json
  citeloop brief --offline --leads leads.yaml --out nightly/
  GEMINI_API_KEY=... citeloop brief --orcid 0000-0002-1825-0097 \
      --since 2022-01-01 --topic "screening" --out out/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.checkCap(cmd.Flags()); err != nil {
				return err
			}
			if !cmd.Flags().Changed("include-retracted") {
				o.collect.includeRetracted = a.cfg.Collect.IncludeRetracted
			}
			if o.offline {
				if err := offlineModelFlags(cmd.Flags()); err != nil {
					return err
				}
			}
			return runBrief(cmd.Context(), a, &o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.offline, "offline", false, "run without network or API key: embedded corpus, extractive writer, rule-based skeptic")
	f.StringVar(&o.corpus, "corpus", "", "with --offline: a Europe PMC resultType=core JSON file to use instead of the embedded corpus")
	f.StringVarP(&o.out, "out", "o", "", "directory to write the brief and its ledger into (required)")
	f.StringVar(&o.formats, "format", "md,json", "comma-separated output formats: md, json, html, bib, ris, csl")
	f.StringVar(&o.signingKey, "signing-key", "", "Ed25519 private key file (PKCS#8 PEM from citeloop keygen or openssl, or a 32-byte seed) to sign each brief's stamp")
	f.IntVar(&o.maxIterations, "max-iterations", 0, maxIterationsHelp)
	f.BoolVar(&o.report, "report", false, "on failure, write "+brief.ReportFile+" (clearly not a brief) into --out")
	o.agents.register(f)
	o.collect.register(f)
	return cmd
}

func runBrief(ctx context.Context, a *app, o *briefOptions) error {
	if o.out == "" {
		return usageError("--out is required: the directory to write the brief into")
	}
	o.sources, o.includeRetracted = o.collect.sources, o.collect.includeRetracted
	bo, err := o.options(a)
	if err != nil {
		return err
	}
	if err := checkOutDir(o.out); err != nil {
		return err
	}
	if o.collect.leads != "" && o.collect.hasLeadFlags() {
		return usageError("--leads FILE replaces --orcid, --name, --affiliation, --topic, --since, --until and --max-sources: give the leads in the file")
	}
	if o.collect.leads != "" {
		return runBriefLeads(ctx, a, o)
	}

	// Check the lead before anything is built: a bad flag must not cost a
	// network client or a model credential check.
	single, err := bo.ValidateLead(o.collect.lead)
	if err != nil {
		return usageError("lead: %v", err)
	}
	var wrap func(configs.Agents, pipeline.Writer, pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic)
	if o.offline {
		wrap = func(_ configs.Agents, w pipeline.Writer, s pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic) {
			return w, narratedSkeptic{Skeptic: s, log: a.logger}
		}
	}
	briefer, err := o.briefer(a, bo, wrap)
	if err != nil {
		return err
	}
	res, files, err := briefer.RunLead(ctx, single)
	if err != nil {
		return err
	}
	p, err := briefer.Publish(o.out, res, files, o.report)
	if err != nil {
		return err
	}
	publishPrint(a, o.out, res.Outcome, p)
	if o.offline && o.sources == "" && res.Outcome.Reason == contract.Refused {
		printCoverage(ctx, a, o.corpus)
	}
	return outcome(res.Outcome)
}

// printCoverage says, after an offline refusal of a search (not of a
// --sources file), what the offline corpus holds and which topics work on
// it, so that the refusal does not leave a new user guessing at topic
// words.
func printCoverage(ctx context.Context, a *app, corpus string) {
	off, err := engine.OfflineFile(corpus)
	if err != nil {
		return
	}
	reg, err := a.registry()
	if err != nil {
		return
	}
	cov, err := offlineCoverage(ctx, a.cfg, reg, off)
	if err != nil {
		a.logger.Warn("offline coverage", zap.Error(err))
		return
	}
	s := cov.Sentence()
	fmt.Fprintf(a.stdout, "%s%s.\n", strings.ToUpper(s[:1]), s[1:])
}

// publishPrint prints what publishing an outcome into out did.
func publishPrint(a *app, out string, o contract.Outcome, p brief.Published) {
	if o.Reason == contract.Verified {
		fmt.Fprintf(a.stdout, "verified: %s\n", o.Detail)
		for _, path := range p.Paths {
			fmt.Fprintln(a.stdout, path)
		}
		return
	}
	fmt.Fprintf(a.stdout, "%s: %s\nno brief written\n", o.Reason, o.Detail)
	if len(p.Removed) > 0 {
		fmt.Fprintf(a.stdout, "removed %s left in %s by an earlier run\n", strings.Join(p.Removed, ", "), out)
	}
	for _, path := range p.Paths {
		fmt.Fprintf(a.stdout, "failure report (not a brief): %s\n", path)
	}
}

// outcome is the error that carries a finished lead's exit code; its end
// reason was already printed on stdout.
func outcome(o contract.Outcome) error {
	if o.Reason == contract.Verified {
		return nil
	}
	return &exitError{code: endReasonCode(o.Reason), err: fmt.Errorf("%s: %s", o.Reason, o.Detail), said: true}
}

// narratedSkeptic logs every objection of the skeptic it wraps, so that an
// offline brief shows the loop at work: what the skeptic objected to on
// pass 1, before the writer's repair verifies on pass 2.
type narratedSkeptic struct {
	pipeline.Skeptic
	log *zap.Logger
}

func (s narratedSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	res, err := s.Skeptic.Review(ctx, req)
	for _, o := range res.Objections.Objections {
		s.log.Info("skeptic objects", zap.Int("pass", req.Iteration), zap.String("claim", o.ClaimID),
			zap.String("kind", string(o.Kind)), zap.String("detail", o.Detail))
	}
	return res, err
}
