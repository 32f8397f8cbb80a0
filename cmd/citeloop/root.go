package main

import (
	"io"
	"time"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// app is what every subcommand shares: I/O, the environment, the loaded
// configuration, the logger and the oracle registry.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	registry       func() (*oracles.Registry, error)
	now            func() time.Time
	// newAgents, when set, replaces the writer and skeptic the flags would
	// build. Tests use it to script agents through the real CLI.
	newAgents engine.AgentFactory

	configPath string
	logFormat  string
	logLevel   string

	cfg    configs.Config
	logger *zap.Logger
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
	return engine.New(cfg, engine.Deps{Registry: reg, Getenv: a.getenv, Logger: a.logger, Now: a.now, Agents: a.newAgents})
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
			return a.setup()
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: err}
	})
	pf := root.PersistentFlags()
	pf.StringVar(&a.configPath, "config", "", "YAML config file (see configs/citeloop.example.yaml); env CITELOOP_CONFIG")
	pf.StringVar(&a.logFormat, "log-format", "console", "log format on stderr: console or json")
	pf.StringVar(&a.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	root.AddCommand(newBriefCmd(a))
	root.AddCommand(newCheckCmd(a))
	root.AddCommand(newVerifyCmd(a), newWatchCmd(a), newKeygenCmd(a))
	root.AddCommand(newMCPCmd(a))
	root.AddCommand(newBatchCmd(a), newWorkerCmd(a))
	return root
}

// setup loads the configuration and builds the logger. Errors are usage
// errors (exit 2).
func (a *app) setup() error {
	if a.configPath == "" {
		a.configPath = a.getenv("CITELOOP_CONFIG")
	}
	cfg, err := engine.LoadConfig(a.configPath, a.getenv)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.cfg = cfg
	logger, err := engine.NewLogger(a.stderr, a.logFormat, a.logLevel)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.logger = logger
	return nil
}
