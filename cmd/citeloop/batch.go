package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/citeloop/citeloop/agents/limit"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/pipeline"
)

// BatchDatabase is the embedded queue's file in --out.
const BatchDatabase = batch.DatabaseFile

// engineFlags are the flags of everything that runs leads (batch, worker):
// brief's oracle and agent flags and the batch engine's own.
type engineFlags struct {
	briefFlags

	databaseURL string
	concurrency int
	deadline    time.Duration
	maxAttempts int
	stopGrace   time.Duration
	modelRPM    int
	modelTPM    int
	monitor     monitorFlags
}

// defaultEngineFlags are the defaults of the flags only batch and worker
// have: what their --help shows, and what brief --leads runs with.
func defaultEngineFlags() engineFlags {
	return engineFlags{concurrency: 8, deadline: 20 * time.Minute, maxAttempts: 5, stopGrace: 30 * time.Second, modelRPM: 1000, modelTPM: 1_000_000}
}

func (o *engineFlags) register(f *pflag.FlagSet) {
	d := defaultEngineFlags()
	f.BoolVar(&o.offline, "offline", false, "run without network or API key: embedded corpus, extractive writer, rule-based skeptic")
	f.StringVar(&o.corpus, "corpus", "", "with --offline: a Europe PMC resultType=core JSON file to use instead of the embedded corpus")
	f.StringVar(&o.formats, "format", "md,json", "comma-separated output formats: md, json, html, bib, ris, csl")
	f.IntVar(&o.maxIterations, "max-iterations", 0, maxIterationsHelp)
	f.BoolVar(&o.includeRetracted, "include-retracted", false, "keep retracted papers flagged in the ledger (default from config: collect.include_retracted, false)")
	f.StringVar(&o.signingKey, "signing-key", "", "Ed25519 private key file to sign each brief's stamp (default from config: signing.key_file)")
	o.agents.register(f)
	f.StringVar(&o.databaseURL, "database-url", "", "PostgreSQL queue shared by several machines, postgres://user:pass@host/db (default: an embedded SQLite file in --out)")
	f.IntVar(&o.concurrency, "concurrency", d.concurrency, "leads run at once in this process")
	f.DurationVar(&o.deadline, "deadline", d.deadline, "deadline of one attempt of one lead; a job left running by a dead process is taken back after twice this")
	f.IntVar(&o.maxAttempts, "max-attempts", d.maxAttempts, "tries of a lead that failed for a reason that may pass (oracle unavailable, model 429/5xx/timeout/reset)")
	f.DurationVar(&o.stopGrace, "stop-grace", d.stopGrace, "on SIGINT/SIGTERM, how long running leads may finish before they are released to the queue")
	f.IntVar(&o.modelRPM, "model-rpm", d.modelRPM, "model requests per minute, shared by every lead of the process, per provider (0: no limit)")
	f.IntVar(&o.modelTPM, "model-tpm", d.modelTPM, "model tokens per minute, shared by every lead of the process, per provider (0: no limit)")
	o.monitor.register(f)
}

// check validates the flags and fills defaults from the configuration.
func (o *engineFlags) check(cmd *cobra.Command, a *app) error {
	if err := o.checkCap(cmd.Flags()); err != nil {
		return err
	}
	if !cmd.Flags().Changed("include-retracted") {
		o.includeRetracted = a.cfg.Collect.IncludeRetracted
	}
	switch {
	case o.concurrency < 1:
		return usageError("--concurrency must be at least 1, got %d", o.concurrency)
	case o.deadline <= 0:
		return usageError("--deadline must be positive, got %s", o.deadline)
	case o.maxAttempts < 1:
		return usageError("--max-attempts must be at least 1, got %d", o.maxAttempts)
	case o.stopGrace <= 0:
		return usageError("--stop-grace must be positive, got %s", o.stopGrace)
	case o.modelRPM < 0 || o.modelTPM < 0:
		return usageError("--model-rpm and --model-tpm must not be negative")
	}
	return nil
}

// engineConfig is the batch engine's configuration from the flags.
func (o *engineFlags) engineConfig(a *app, runner batch.Runner, out string) batch.Config {
	return batch.Config{
		Runner:      runner,
		Concurrency: o.concurrency,
		Deadline:    o.deadline,
		MaxAttempts: o.maxAttempts,
		StopGrace:   o.stopGrace,
		OutDir:      out,
		Logger:      a.logger,
		Now:         a.now,
		WriteFile:   a.writeOutcome,
	}
}

// openStore opens the queue: PostgreSQL with --database-url, else the
// embedded SQLite file in out. It fails as a usage error naming the
// database (never with its password).
func openStore(ctx context.Context, databaseURL, out string) (*batch.Store, error) {
	s, err := batch.Open(ctx, databaseURL, out)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return s, nil
}

// makeOutDir makes out a folder (the batch lock and queue live there), or
// says why it cannot be one.
func makeOutDir(out string) error {
	if out == "" {
		return usageError("--out is required: the folder to write the briefs into")
	}
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return usageError("--out %s is a file, not a folder", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageError("--out: %v", err)
	}
	return nil
}

type batchOptions struct {
	engine      engineFlags
	out         string
	run         string
	force       bool
	enqueueOnly bool
	failOn      string
	allowEmpty  bool
	// briefCodes makes --fail-on unverified exit with the code of the first
	// lead (in file order) that did not verify, as brief --leads documents.
	briefCodes bool
	schedule   scheduleFlags
}

// runBriefLeads is brief --leads FILE: batch --fail-on unverified over the
// brief's flags and the batch flags' defaults, with brief's exit codes (the
// first lead that did not verify gives the code). brief.go calls it in place
// of its sequential loop.
func runBriefLeads(ctx context.Context, a *app, o *briefOptions) error {
	b := &batchOptions{engine: defaultEngineFlags(), out: o.out, failOn: "unverified", briefCodes: true}
	b.engine.briefFlags = o.briefFlags
	return runBatchFile(ctx, a, b, o.collect.leads)
}

// runner builds the Briefer a batch or worker runs its leads through:
// brief's, with each model provider's calls held to one rate limit shared
// by every lead of the process.
func (o *engineFlags) runner(a *app) (*engine.Briefer, error) {
	bo, err := o.options(a)
	if err != nil {
		return nil, err
	}
	limits := limit.NewLimits(o.modelRPM, o.modelTPM)
	a.manyLeads = true
	return o.briefer(a, bo, func(c configs.Agents, w pipeline.Writer, s pipeline.Skeptic) (pipeline.Writer, pipeline.Skeptic) {
		return limits.Wrap(c.Writer.Provider, w, c.Skeptic.Provider, s)
	})
}

func newBatchCmd(a *app) *cobra.Command {
	var o batchOptions
	cmd := &cobra.Command{
		Use:   "batch LEADS --out DIR [flags]",
		Short: "Run every lead of a file, concurrently and crash-safe",
		Long: `batch runs every lead of LEADS (YAML, JSON Lines or CSV; fields id, name,
orcid, affiliation, topic, since, until, max_sources, any_topic_word, query)
through the full pipeline, --concurrency at a time, each into --out/<id>/.
Invalid rows are reported by file, row and field and skipped; the others run.

The queue is River (riverqueue.com): by default an embedded SQLite database
in --out (` + BatchDatabase + `), where each outcome is written as its lead ends;
with --database-url a PostgreSQL database that workers on other machines
share (citeloop worker). Killed at any moment, the same command again
finishes the run: no lead is lost or ends twice. A lead whose freshly
collected sources are those of its last verified brief ends "unchanged"
without a model call (--force re-writes it). Oracle outages and model
transport failures (429, 5xx, timeouts) are retried up to --max-attempts.

Exit codes: 0 every valid lead ended, whatever its outcome; 3 with
--fail-on unverified when a lead did not verify ("unchanged" counts as
verified); 2 an invalid row (after the others ran), a leads file that is
empty (unless --allow-empty) or unreadable, or a batch that could not
start; 7 an output that cannot be written (no space, read-only, refused:
stopped at once, what was written kept); 130 interrupted (running leads
finish or go back to the queue).`,
		Example: `  citeloop batch --offline leads.yaml --out nightly/
  citeloop batch leads.csv --out nightly/ --concurrency 32 --fail-on unverified
  citeloop batch leads.yaml --enqueue-only --out nightly/ \
      --database-url postgres://citeloop@db/citeloop
  citeloop worker --database-url postgres://citeloop@db/citeloop
  citeloop batch export --database-url postgres://citeloop@db/citeloop \
      --out nightly/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.engine.check(cmd, a); err != nil {
				return err
			}
			if o.schedule.active() {
				return runNights(cmd.Context(), a, &o, args[0])
			}
			return runBatchFile(cmd.Context(), a, &o, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.out, "out", "", "folder for the briefs, one folder per lead, and summary.json (required)")
	f.StringVar(&o.run, "run", "", "name of the run (letters, digits, - and _); default: resume this file's unfinished run or start a new one")
	f.BoolVar(&o.force, "force", false, "re-write briefs even when a lead's sources did not change")
	f.BoolVar(&o.enqueueOnly, "enqueue-only", false, "with --database-url: submit the leads and return; workers run them")
	f.StringVar(&o.failOn, "fail-on", "none", "exit 3 when a lead ends this way: none, or unverified")
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "accept a leads file with no lead (by default an error: exit 2 before anything is enqueued)")
	o.engine.register(f)
	o.schedule.register(f, false)
	cmd.AddCommand(newBatchExportCmd(a))
	return cmd
}

// runBatchFile loads the leads file, then runs it as one batch
// (batch.RunFile). brief --leads is runBatchFile with --fail-on unverified.
func runBatchFile(ctx context.Context, a *app, o *batchOptions, file string) (err error) {
	if o.failOn != "none" && o.failOn != "unverified" {
		return usageError("--fail-on: want none or unverified, got %q", o.failOn)
	}
	if o.schedule.watch != "" {
		return usageError("--watch runs with --schedule or --every (each night's watch); for one watch run citeloop watch %s", o.schedule.watch)
	}
	if o.enqueueOnly && o.engine.databaseURL == "" {
		return usageError("--enqueue-only needs --database-url: only workers on a shared database can run the leads")
	}
	if o.run != "" && !validRun.MatchString(o.run) {
		return usageError("--run %q: use letters, digits, - and _", o.run)
	}
	if o.out == "" && !o.enqueueOnly {
		return usageError("--out is required: the folder to write the briefs into")
	}
	// The leads file first: an empty or unreadable one is refused before
	// anything is made or enqueued.
	f, err := batch.LoadFile(file)
	switch {
	case errors.Is(err, batch.ErrNoLeads) && o.allowEmpty:
	case errors.Is(err, batch.ErrNoLeads):
		return usageError("%v: nothing to run (a broken export?); pass --allow-empty to accept an empty batch", err)
	case err != nil:
		return usageError("%v", err)
	}
	if !o.enqueueOnly || o.out != "" {
		if err := makeOutDir(o.out); err != nil {
			return err
		}
	}
	for _, e := range f.Invalid {
		fmt.Fprintf(a.stderr, "citeloop: skipping invalid row: %s\n", e)
	}
	run := batch.FileRun{
		Out: o.out, DatabaseURL: o.engine.databaseURL, Run: o.run, Force: o.force, EnqueueOnly: o.enqueueOnly,
		Report: func(dir string) error { return writeReport(a, dir) },
	}
	var runner batch.Runner
	var bar *progress.Bar
	if !o.enqueueOnly {
		run.Monitor = o.engine.monitor.monitor(a, f.Count)
		started := time.Now()
		defer func() { o.engine.monitor.runEnded(a, run.Monitor, started, err) }()
		r, err := o.engine.runner(a)
		if err != nil {
			return err
		}
		runner = r
		bar = o.engine.monitor.bar(a, "batch", run.Monitor)
		defer bar.Close()
	}
	run.Config = o.engine.engineConfig(a, runner, o.out)
	sum, runErr := batch.RunFile(ctx, f, run)
	if runErr != nil {
		if errors.Is(runErr, batch.ErrStart) {
			return usageError("%v", runErr)
		}
		if errors.Is(runErr, batch.ErrOutputUnwritable) {
			bar.Interrupt()
			bar.Close()
			fmt.Fprintf(a.stdout, "stopped: %s ended, %d left in the queue; what was written is kept\n", plural(sum.Ended, "lead"), sum.Pending)
			return &exitError{code: exitOutputUnwritable, err: fmt.Errorf("%w; the batch stopped at once: fix it and run the same command again to finish the run", runErr)}
		}
		if errors.Is(runErr, context.Canceled) {
			bar.Interrupt()
			bar.Close()
			fmt.Fprintf(a.stdout, "interrupted: %s ended, %d left in the queue for the next run of this command\n", plural(sum.Ended, "lead"), sum.Pending)
		}
		return runErr
	}
	bar.Close()
	return batchResult(a, o, sum)
}

// batchResult prints the run's tally and returns its exit code.
func batchResult(a *app, o *batchOptions, sum batch.Summary) error {
	if o.enqueueOnly {
		fmt.Fprintf(a.stdout, "run %s: %s enqueued\n", sum.Run, plural(sum.Enqueued, "lead"))
		a.logger.Info("run enqueued", zap.String("run", sum.Run), zap.Int("leads", sum.Enqueued))
	} else {
		var parts []string
		for _, r := range slices.Sorted(maps.Keys(sum.EndReasons)) {
			parts = append(parts, fmt.Sprintf("%d %s", sum.EndReasons[r], r))
		}
		fmt.Fprintf(a.stdout, "run %s: %s ended (%s); %s written\n", sum.Run, plural(sum.Ended, "lead"), strings.Join(parts, ", "), filepath.Join(o.out, batch.SummaryFile))
	}
	if n := sum.Invalid(); n > 0 {
		return usageError("%s: %s skipped", sum.File, plural(n, "invalid row"))
	}
	if l := sum.FirstUnverified; o.failOn == "unverified" && o.briefCodes && l != nil {
		return &exitError{code: endReasonCode(l.EndReason), err: fmt.Errorf("%s: %s: %s", l.EndReason, l.ID, l.Detail)}
	}
	if o.failOn == "unverified" && !o.enqueueOnly && !sum.Verified() {
		return &exitError{code: exitNotVerified, err: errors.New("some leads did not verify; see " + filepath.Join(o.out, batch.SummaryFile))}
	}
	return nil
}

func newBatchExportCmd(a *app) *cobra.Command {
	var databaseURL, out, run string
	cmd := &cobra.Command{
		Use:   "export --database-url URL --out DIR [--run ID]",
		Short: "Write a run's outcomes from the shared database into a folder",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if databaseURL == "" {
				return usageError("--database-url is required: the PostgreSQL database the workers used")
			}
			if err := makeOutDir(out); err != nil {
				return err
			}
			ctx := cmd.Context()
			store, err := openStore(ctx, databaseURL, out)
			if err != nil {
				return err
			}
			defer store.Close()
			e, err := batch.New(store, batch.Config{Logger: a.logger})
			if err != nil {
				return err
			}
			if run == "" {
				if run, err = e.LatestRun(ctx); err != nil {
					return err
				}
				if run == "" {
					return usageError("%s holds no batch run", store.Name)
				}
			}
			sum, err := e.Export(ctx, run, out)
			if err != nil {
				return err
			}
			if err := writeReport(a, out); err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "run %s: %d outcomes written to %s, %d leads still pending\n", run, sum.Ended, out, sum.Pending)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&databaseURL, "database-url", "", "the PostgreSQL database of the run (required)")
	f.StringVar(&out, "out", "", "folder to write the outcomes and summary.json into (required)")
	f.StringVar(&run, "run", "", "the run to export (default: the latest)")
	return cmd
}

// plural is "1 lead", "2 leads": n and noun in the number n asks for.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
