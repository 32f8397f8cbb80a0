package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/pipeline"
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
	newAgents func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error)
	// wait, when set, replaces the real sleep of batch --schedule until a
	// night's start; tests drive the nights with a fake clock.
	wait func(ctx context.Context, until time.Time) error

	configPath string
	logFormat  string
	logLevel   string

	cfg    configs.Config
	logger *zap.Logger
	// built holds the oracles made for this process, one per name.
	built map[string]oracles.Oracle
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
	root.AddCommand(newBatchCmd(a))
	root.AddCommand(newWorkerCmd(a))
	return root
}

// setup loads the configuration and builds the logger. Errors are usage
// errors (exit 2).
func (a *app) setup() error {
	if a.configPath == "" {
		a.configPath = a.getenv("CITELOOP_CONFIG")
	}
	cfg, err := configs.Load(a.configPath)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	cfg.Oracles.ApplyEnv(a.getenv)
	if err := cfg.Validate(); err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.cfg = cfg
	logger, err := newLogger(a.stderr, a.logFormat, a.logLevel)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	a.logger = logger
	return nil
}

// newLogger logs to w, as console text or JSON. Writes are serialised:
// batch leads log from many goroutines.
func newLogger(w io.Writer, format, level string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	encCfg := zap.NewProductionEncoderConfig()
	encCfg.EncodeTime = zapcore.ISO8601TimeEncoder
	var enc zapcore.Encoder
	switch strings.ToLower(format) {
	case "console":
		encCfg.EncodeLevel = zapcore.CapitalLevelEncoder
		enc = zapcore.NewConsoleEncoder(encCfg)
	case "json":
		enc = zapcore.NewJSONEncoder(encCfg)
	default:
		return nil, fmt.Errorf("--log-format: want console or json, got %q", format)
	}
	return zap.New(zapcore.NewCore(enc, zapcore.Lock(zapcore.AddSync(w)), lvl)), nil
}
