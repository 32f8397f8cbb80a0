package main

import (
	"io"
	"time"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/oracles"
)

// app is what every subcommand shares: I/O, the environment, the loaded
// configuration, the logger and the oracle registry.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// lookupEnv is the process environment (os.LookupEnv in main).
	lookupEnv func(string) (string, bool)
	registry  func() (*oracles.Registry, error)
	// providers lists the model providers the agents may name.
	providers *agents.Providers
	now       func() time.Time
	// userConfigDir is os.UserConfigDir; nil in tests means none.
	userConfigDir func() (string, error)
	// newAgents, when set, replaces the writer and skeptic the flags would
	// build. Tests use it to script agents through the real CLI.
	newAgents engine.AgentFactory
	// nightClock is batch --schedule's clock (nil: the wall clock); tests
	// pass one that runs a day in a fraction of a second.
	nightClock batch.Clock
	// oracleRequests, when set before the engine is built, hears every
	// request its oracles make (a batch's or worker's metrics count them).
	oracleRequests func(oracles.Request)
	// writeOutcome, when set, stages the files of each lead's outcome (a
	// test fills the disk with it); nil is batch.WriteFile.
	writeOutcome batch.WriteFunc
	// manyLeads, set by batch and worker before the engine is built, draws
	// no model-call status line: leads run at once, and the batch's bar
	// says how far they came.
	manyLeads bool

	configPath string
	logFormat  string
	logLevel   string
	quiet      bool
	verbose    bool

	cfg    configs.Config
	logger *zap.Logger
	// engines are the engines built for the command, closed when it ends.
	engines []*engine.Engine
}

// getenv returns the environment variable key, "" when it is unset.
func (a *app) getenv(key string) string {
	v, _ := a.lookupEnv(key)
	return v
}

// buildEnv is what a test's agent factory is told about the run.
type buildEnv = engine.AgentEnv

// engine builds the engine for cfg with the app's environment, logger,
// clock and registry.
func (a *app) engine(cfg configs.Config) (*engine.Engine, error) {
	reg, err := a.registry()
	if err != nil {
		return nil, err
	}
	wait := &modelWait{w: a.stderr}
	calls := wait.observe
	if a.manyLeads {
		calls = nil
	}
	e, err := engine.New(cfg, engine.Deps{Registry: reg, Providers: a.providers, LookupEnv: a.lookupEnv, Logger: a.logger, Now: a.now, Agents: a.newAgents, ModelCalls: calls,
		OracleRequests: a.oracleRequests})
	if err == nil {
		a.engines = append(a.engines, e)
	}
	return e, err
}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "citeloop",
		Short: "Sourced scientific briefs that cannot ship with a fabricated citation",
		Long: `citeloop collects sources for a lead from Europe PMC into an evidence ledger,
has a writer draft claims that cite them with verbatim quotes, has a skeptic
object, and lets only a deterministic citation gate end the loop. The brief is
rendered from the ledger, and only with the gate's proof.

` + exitCodesHelp,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			return a.setup(cmd)
		},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&a.configPath, "config", "", "YAML config file (default: env CITELOOP_CONFIG, else <user config dir>/citeloop/config.yaml if it exists; citeloop config init writes one)")
	pf.StringVar(&a.logFormat, "log-format", logging.Auto, "log format on stderr: auto (console on a terminal, else json), console or json")
	pf.StringVar(&a.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	pf.BoolVarP(&a.quiet, "quiet", "q", false, "log errors only (--log-level error)")
	pf.BoolVarP(&a.verbose, "verbose", "v", false, "log everything, each model retry and its wait included (--log-level debug)")
	root.AddCommand(newBriefCmd(a))
	root.AddCommand(newCheckCmd(a))
	root.AddCommand(newVerifyCmd(a), newWatchCmd(a), newKeygenCmd(a), newCacheCmd(a))
	root.AddCommand(newMCPCmd(a))
	root.AddCommand(newBatchCmd(a), newWorkerCmd(a))
	root.AddCommand(newConfigCmd(a), newCorpusCmd(a))
	conventions(root, a.providers.Names(), helpWidth(a.stdout))
	return root
}

// setup loads the configuration and builds the logger. Errors are usage
// errors (exit 2).
func (a *app) setup(cmd *cobra.Command) error {
	level, err := a.level(cmd.Flags().Changed("log-level"))
	if err != nil {
		return err
	}
	cfg, err := engine.LoadConfig(a.configFile(), a.lookupEnv)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.cfg = cfg
	// Log lines and progress bars share stderr: while a bar is drawn, the
	// lines go above it (progress.Sink).
	a.stderr = progress.NewSink(a.stderr)
	logger, err := logging.New(a.stderr, logging.Options{Format: a.logFormat, Level: level, NoColor: a.getenv("NO_COLOR") != ""})
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.logger = logger
	return nil
}

// level is the log level -q, -v and --log-level ask for; more than one of
// them is a usage error.
func (a *app) level(levelSet bool) (string, error) {
	switch {
	case a.quiet && a.verbose:
		return "", usageError("-q (--quiet) and -v (--verbose) contradict each other: give one")
	case (a.quiet || a.verbose) && levelSet:
		return "", usageError("--log-level and -q/-v both set the log level: give one")
	case a.quiet:
		return "error", nil
	case a.verbose:
		return "debug", nil
	}
	return a.logLevel, nil
}
