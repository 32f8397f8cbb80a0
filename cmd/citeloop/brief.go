package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

type briefOptions struct {
	offline       bool
	corpus        string
	out           string
	formats       string
	maxIterations int
	report        bool

	agents  agentFlags
	collect collectFlags
}

func newBriefCmd(a *app) *cobra.Command {
	var o briefOptions
	cmd := &cobra.Command{
		Use:   "brief (--topic TEXT | --orcid ID | --name NAME | --leads FILE) --out DIR [flags]",
		Short: "Collect sources, draft, challenge, verify, and write a sourced brief",
		Long: `brief runs the maker/checker loop for one lead: collect sources into an
evidence ledger, then writer → skeptic → citation gate until the gate verifies
every citation or the run ends for a stated reason. A brief (and its
ledger.json) is written to --out only when the gate verified it.

With --offline everything runs locally: sources and DOI checks come from an
embedded corpus of real Europe PMC records (or --corpus FILE), the writer is
extractive (it quotes abstract sentences verbatim, no language model) and the
skeptic is rule-based. No API key and no network are needed.

With --leads FILE (YAML, JSON Lines or CSV; fields id, name, orcid,
affiliation, topic, since, until, max_sources) every valid lead runs in turn
into --out/<id>/, and --out/summary.json records each lead's end reason.
Invalid rows are reported by row and field and skipped; the others still run.
A lead whose directory already holds a verified brief is skipped, so an
interrupted run resumes where it stopped. The exit code is 0 only if every
row was valid and every lead verified; otherwise 2 if a row was invalid, else
the code of the first lead that did not verify.

` + exitCodesHelp,
		Example: `  citeloop brief --offline --topic "cancer screening" --out /tmp/brief
  citeloop brief --offline --sources testdata/europepmc/pyEuropePMC__search_cancer_core.json --topic "prostate cancer" --out out/
  citeloop brief --offline --leads leads.yaml --out nightly/
  GEMINI_API_KEY=... citeloop brief --orcid 0000-0002-1825-0097 --since 2022-01-01 --topic "screening" --out out/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("max-iterations") {
				o.maxIterations = a.cfg.Pipeline.MaxIterations
			}
			if !cmd.Flags().Changed("include-retracted") {
				o.collect.includeRetracted = a.cfg.Collect.IncludeRetracted
			}
			return runBrief(cmd.Context(), a, &o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.offline, "offline", false, "run without network or API key: embedded corpus, extractive writer, rule-based skeptic")
	f.StringVar(&o.corpus, "corpus", "", "with --offline: a Europe PMC resultType=core JSON file to use instead of the embedded corpus")
	f.StringVar(&o.out, "out", "", "directory to write the brief and its ledger into (required)")
	f.StringVar(&o.formats, "format", "md,json", "comma-separated output formats: md, json, html")
	f.IntVar(&o.maxIterations, "max-iterations", 0, "most writer→skeptic→gate passes before giving up (default from config: pipeline.max_iterations, 3)")
	f.BoolVar(&o.report, "report", false, "on failure, write "+pipeline.ReportFile+" (clearly not a brief) into --out")
	o.agents.register(f)
	o.collect.register(f)
	return cmd
}

func runBrief(ctx context.Context, a *app, o *briefOptions) error {
	if o.out == "" {
		return usageError("--out is required: the directory to write the brief into")
	}
	if o.maxIterations < 1 {
		return usageError("--max-iterations must be at least 1, got %d", o.maxIterations)
	}
	formats, err := pipeline.ParseFormats(o.formats)
	if err != nil {
		return usageError("--format: %v", err)
	}
	if o.corpus != "" && !o.offline {
		return usageError("--corpus is only used with --offline")
	}
	if o.collect.leads != "" && o.collect.hasLeadFlags() {
		return usageError("--leads FILE replaces --orcid, --name, --affiliation, --topic, --since, --until and --max-sources: give the leads in the file")
	}

	// Check the lead before anything is built: a bad flag must not cost a
	// network client or a model credential check.
	var single contract.Lead
	if o.collect.leads == "" {
		if single, err = o.collect.validateLead(o.collect.lead); err != nil {
			return usageError("lead: %v", err)
		}
	}

	env := buildEnv{offline: o.offline}
	if o.offline {
		env.corpusData = snapshot.Embedded()
		if o.corpus != "" {
			if env.corpusData, err = os.ReadFile(o.corpus); err != nil {
				return usageError("--corpus: %v", err)
			}
		}
		corpus, err := snapshot.Load(env.corpusData)
		if err != nil {
			return usageError("--corpus %s: %v", o.corpus, err)
		}
		env.oracle = snapshot.NewOracle(corpus)
	} else {
		env.oracle, err = a.oracle()
		if err != nil {
			return err
		}
	}
	collector, err := o.collect.collector(a, env)
	if err != nil {
		return err
	}
	build := o.agents.build
	if a.newAgents != nil {
		build = func(_ *app, env buildEnv) (pipeline.Writer, pipeline.Skeptic, error) { return a.newAgents(env) }
	}
	writer, skeptic, err := build(a, env)
	if err != nil {
		return err
	}
	runner := &pipeline.Runner{
		Collector:     collector,
		Writer:        writer,
		Skeptic:       skeptic,
		Gate:          gates.New(env.oracle, gates.WithLogger(a.logger), gates.WithClock(a.now), gates.WithMinQuoteWords(a.cfg.Gate.MinQuoteWords)),
		MaxIterations: o.maxIterations,
		MinSources:    a.cfg.Collect.MinSources,
		Logger:        a.logger,
		Now:           a.now,
	}
	if o.collect.leads != "" {
		return runLeads(ctx, a, o, runner, formats)
	}
	res, err := runOne(ctx, a, runner, single, o.out, formats, o.report)
	if err != nil {
		return err
	}
	return outcome(res)
}

// runOne runs one lead and writes its brief into out, or its failure report
// if asked. It prints what happened on stdout.
func runOne(ctx context.Context, a *app, runner *pipeline.Runner, lead contract.Lead, out string, formats []pipeline.Format, report bool) (pipeline.Result, error) {
	res, err := runner.Run(ctx, lead)
	if err != nil {
		return res, err
	}
	if res.Reason == pipeline.Verified {
		paths, err := pipeline.Assemble(out, formats, res.Proof, res)
		if err != nil {
			return res, err
		}
		a.logger.Info("brief written", zap.String("lead", lead.ID), zap.Int("files", len(paths)), zap.Int("claims", res.Verdict.Claims), zap.Int("citations", res.Verdict.Citations))
		fmt.Fprintf(a.stdout, "verified: %s\n", res.Detail)
		for _, p := range paths {
			fmt.Fprintln(a.stdout, p)
		}
		return res, nil
	}
	fmt.Fprintf(a.stdout, "%s: %s\nno brief written\n", res.Reason, res.Detail)
	removed, err := pipeline.ClearArtifacts(out)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return res, err
	}
	if len(removed) > 0 {
		fmt.Fprintf(a.stdout, "removed %s left in %s by an earlier run\n", strings.Join(removed, ", "), out)
	}
	if report {
		path, err := pipeline.WriteReport(out, res)
		if err != nil {
			return res, err
		}
		fmt.Fprintf(a.stdout, "failure report (not a brief): %s\n", path)
	}
	return res, nil
}

// outcome is the error that carries a finished run's exit code.
func outcome(res pipeline.Result) error {
	if res.Reason == pipeline.Verified {
		return nil
	}
	return &outcomeError{code: endReasonCode(res.Reason), reason: res.Reason, detail: res.Detail}
}

// buildEnv is what the collector and agent builders get from brief.
type buildEnv struct {
	offline bool
	// corpusData is the offline corpus, a Europe PMC core JSON response
	// (nil unless offline).
	corpusData []byte
	// oracle is the oracle the gate uses; collectors may use it to fill in
	// metadata.
	oracle oracles.Oracle
}
