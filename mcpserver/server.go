package mcpserver

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// DefaultMaxInput caps each text, quote or file a tool reads, unless
// Options.MaxInput says otherwise.
const DefaultMaxInput = 5 << 20

// Options configure a server.
type Options struct {
	// Engine answers every tool. Required.
	Engine *engine.Engine
	// Offline, when set, serves the corpus and the offline agents: no
	// network and no key.
	Offline *engine.Offline
	// Root is the only folder tools read files from; "" means tools read
	// no file at all.
	Root string
	// MaxInput caps each input in bytes; 0 means DefaultMaxInput.
	MaxInput int64
	// MaxIterations caps write_brief's passes; 0 means the configuration's.
	MaxIterations int
	// Version is reported to clients on initialisation.
	Version string
	// Logger gets tool names, counts and end reasons, never input text.
	Logger *zap.Logger
}

// server holds what the tool handlers share.
type server struct {
	opts Options
	root *root
	log  *zap.Logger
}

// toolSet is every tool the server registers. Adding a tool is one line
// here and one file.
func toolSet() []func(*mcp.Server, *server) {
	return []func(*mcp.Server, *server){
		addCheckCitations,
		addVerifyQuote,
		addCollectSources,
		addWriteBrief,
		addVerifyBrief,
	}
}

// New builds the MCP server. It fails if Root cannot be opened.
func New(o Options) (*mcp.Server, error) {
	if o.Engine == nil {
		return nil, errors.New("mcpserver: Options.Engine is required")
	}
	if o.MaxInput == 0 {
		o.MaxInput = DefaultMaxInput
	}
	if o.MaxInput < 0 {
		return nil, fmt.Errorf("mcpserver: max input must be positive, got %d", o.MaxInput)
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	r, err := openRoot(o.Root)
	if err != nil {
		return nil, err
	}
	s := &server{opts: o, root: r, log: o.Logger}
	srv := mcp.NewServer(&mcp.Implementation{Name: "citeloop", Title: "citeloop citation checker", Version: o.Version}, &mcp.ServerOptions{
		// Said from the running configuration: which oracles, offline or
		// not (describe.go).
		Instructions: s.describer().instructions(),
	})
	for _, add := range toolSet() {
		add(srv, s)
	}
	return srv, nil
}

// oracle is the oracle the gate uses: the corpus offline, else the engine's.
func (s *server) oracle() (oracles.Oracle, error) {
	if s.opts.Offline != nil {
		return s.opts.Offline.Oracle(), nil
	}
	return s.opts.Engine.Oracle()
}

// failure is a tool error whose text starts with the end reason, then the
// detail, then any further content (diagnostics).
func failure(reason, detail string, more ...mcp.Content) *mcp.CallToolResult {
	content := append([]mcp.Content{&mcp.TextContent{Text: reason + ": " + detail}}, more...)
	return &mcp.CallToolResult{IsError: true, Content: content}
}

// capInput refuses a text input longer than the cap, naming the field.
func (s *server) capInput(field string, n int) *mcp.CallToolResult {
	if int64(n) > s.opts.MaxInput {
		return failure(ReasonInputTooLarge, fmt.Sprintf("%s is %d bytes; this server accepts at most %d (--max-input)", field, n, s.opts.MaxInput))
	}
	return nil
}

// End reasons of tool errors that are not a pipeline end reason.
const (
	ReasonInputTooLarge = "input_too_large"
	ReasonBadInput      = "bad_input"
	ReasonPathRefused   = "path_refused"
	ReasonInterrupted   = "interrupted"
	ReasonUnavailable   = "oracle_unavailable"
	// ReasonInternal is contract.Errored's word: the run could not go on.
	ReasonInternal = "error"
)

// interrupted reports whether ctx ended the call.
func interrupted(ctx context.Context, err error) bool {
	return ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
