package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
)

type mcpOptions struct {
	http          string
	allowRemote   bool
	root          string
	maxInput      int64
	offline       bool
	corpus        string
	maxIterations int
	agents        agentFlags
}

func newMCPCmd(a *app) *cobra.Command {
	var o mcpOptions
	cmd := &cobra.Command{
		Use:   "mcp [--http ADDR] [--root DIR] [--offline]",
		Short: "Serve the check, quote, collect, brief and verify tools over MCP",
		Long: `mcp runs a Model Context Protocol server, on stdin/stdout by default, so that
coding and research agents can check citations before they answer.

--http ADDR serves streamable HTTP at http://ADDR/ instead, on a loopback
address only: a non-loopback address needs --allow-remote and a bearer token
in CITELOOP_MCP_TOKEN (requests without "Authorization: Bearer <token>" get
401). Tools read files only under --root DIR; each input is capped by
--max-input. With --offline the server answers from the embedded corpus with
the offline agents: no key, no network.

Exit codes: 0 the client closed the session; 2 a refused address or a bad
flag; 130 stopped by SIGINT or SIGTERM.`,
		Example: `  citeloop mcp --offline
  citeloop mcp --root ~/papers
  citeloop mcp --http 127.0.0.1:8787
  CITELOOP_MCP_TOKEN=... citeloop mcp --http 0.0.0.0:8787 --allow-remote`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runMCP(cmd.Context(), a, &o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.http, "http", "", "serve streamable HTTP on ADDR (HOST:PORT, loopback unless --allow-remote) instead of stdio")
	f.BoolVar(&o.allowRemote, "allow-remote", false, "with --http: allow a non-loopback address; needs CITELOOP_MCP_TOKEN")
	f.StringVar(&o.root, "root", "", "the only folder tools may read files from (default: none, tools take content only)")
	f.Int64Var(&o.maxInput, "max-input", mcpserver.DefaultMaxInput, "the largest text, quote or file a tool accepts, in bytes")
	f.BoolVar(&o.offline, "offline", false, "serve the embedded corpus and the offline agents: no network, no API key")
	f.StringVar(&o.corpus, "corpus", "", "with --offline: a Europe PMC resultType=core JSON file to use instead of the embedded corpus")
	f.IntVar(&o.maxIterations, "max-iterations", 0, fmt.Sprintf("most passes of write_brief (default from config: pipeline.max_iterations, %d)", configs.DefaultMaxIterations))
	o.agents.register(f)
	return cmd
}

func runMCP(ctx context.Context, a *app, o *mcpOptions) error {
	token := mcpserver.TokenFromEnv(a.lookupEnv)
	if o.http != "" {
		if err := mcpserver.CheckListen(o.http, o.allowRemote, token); err != nil {
			return usageError("mcp: %w", err)
		}
	} else if o.allowRemote {
		return usageError("mcp: --allow-remote is only used with --http")
	}
	if o.maxInput < 1 {
		return usageError("mcp: --max-input must be at least 1 byte, got %d", o.maxInput)
	}
	if o.maxIterations < 0 {
		return usageError("mcp: --max-iterations must be at least 1, got %d", o.maxIterations)
	}
	if o.corpus != "" && !o.offline {
		return usageError("mcp: --corpus is only used with --offline")
	}
	opts := mcpserver.Options{Root: o.root, MaxInput: o.maxInput, MaxIterations: o.maxIterations, Logger: a.logger}
	cfg := a.cfg
	var err error
	if o.offline {
		if opts.Offline, err = engine.OfflineFile(o.corpus); err != nil {
			return usageError("mcp: --corpus: %w", err)
		}
	} else if a.newAgents == nil {
		if cfg.Agents, err = o.agents.Apply(cfg.Agents); err != nil {
			return usageError("mcp: agent flags: %w", err)
		}
	}
	if opts.Engine, err = a.engine(cfg); err != nil {
		return err
	}
	srv, err := mcpserver.New(opts)
	if err != nil {
		return usageError("mcp: %w", err)
	}
	if o.http == "" {
		a.logger.Info("mcp serving on stdio", zap.Bool("offline", o.offline))
		// A malformed line is answered with a JSON-RPC error, and the
		// session goes on (mcpserver.Stdio).
		err := srv.Run(ctx, mcpserver.Stdio(a.stdin, a.stdout, mcpserver.StdioOptions{MaxLine: int(6*o.maxInput) + 1<<20, Logger: a.logger}))
		if ctx.Err() != nil {
			return ctx.Err() // interrupted: exit 130
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("mcp: %w", err)
		}
		return nil
	}
	err = mcpserver.ServeHTTP(ctx, srv, mcpserver.HTTPOptions{Addr: o.http, AllowRemote: o.allowRemote, Token: token, MaxInput: o.maxInput,
		Logger: a.logger, Listening: func(addr net.Addr) { fmt.Fprintf(a.stderr, "citeloop mcp: listening on http://%s/\n", addr) }})
	var listen *mcpserver.ListenError
	switch {
	case ctx.Err() != nil:
		return ctx.Err() // interrupted: exit 130
	case errors.As(err, &listen), errors.Is(err, mcpserver.ErrListen):
		return usageError("mcp: %w", err)
	default:
		return fmt.Errorf("mcp: %w", err)
	}
}
