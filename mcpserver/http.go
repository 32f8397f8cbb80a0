package mcpserver

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"
)

// ErrListen marks a listen address the server refuses.
var ErrListen = errors.New("refused listen address")

// TokenEnv names the environment variable holding the bearer token of the
// HTTP transport: a secret, so never a flag or a configuration key.
const TokenEnv = "CITELOOP_MCP_TOKEN"

// TokenFromEnv returns the bearer token set in TokenEnv, "" when none.
// lookup is the host's environment (os.LookupEnv in main).
func TokenFromEnv(lookup func(string) (string, bool)) string {
	v, _ := lookup(TokenEnv)
	return v
}

// CheckListen refuses a non-loopback address unless remote access was
// allowed explicitly and a bearer token guards it: a citation checker
// reachable by anyone on the network would spend the owner's model quota.
func CheckListen(addr string, allowRemote bool, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%w: --http %q: want HOST:PORT, e.g. 127.0.0.1:8787: %w", ErrListen, addr, err)
	}
	if isLoopback(host) {
		return nil
	}
	if !allowRemote {
		return fmt.Errorf("%w: --http %q is not a loopback address; bind 127.0.0.1 or ::1, or pass --allow-remote with %s set", ErrListen, addr, TokenEnv)
	}
	if token == "" {
		return fmt.Errorf("%w: --allow-remote needs a bearer token in %s; without one anyone who can reach %q could use the server", ErrListen, TokenEnv, addr)
	}
	return nil
}

// isLoopback reports whether host names only this machine. An empty host
// or an unspecified address listens on every interface; a name other than
// localhost could resolve anywhere.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// HTTPOptions configure the streamable HTTP transport: the handler
// (HTTPHandler) and the listener that serves it (ServeHTTP).
type HTTPOptions struct {
	// Addr is the HOST:PORT ServeHTTP listens on, held to CheckListen with
	// AllowRemote and Token; port 0 lets the system choose one.
	Addr        string
	AllowRemote bool
	// Token, when set, is required as "Authorization: Bearer <token>" on
	// every request; others get 401.
	Token string
	// MaxInput is the server's per-input cap; the request body may be
	// larger than it by JSON escaping, so the handler allows a margin.
	MaxInput int64
	// Logger gets the URL served and whether a token guards it, and each
	// refused token attempt with the count so far and the remote address,
	// never the token; nil means zap.NewNop().
	Logger *zap.Logger
	// FailureDelay is how long a request with a missing or wrong token
	// waits before its 401, one at a time across the server, so guessing
	// the token is slow; 0 means DefaultFailureDelay.
	FailureDelay time.Duration
	// Listening, when set, is told the address ServeHTTP listens on once it
	// does, before any request is served (the CLI prints it).
	Listening func(net.Addr)
}

// ListenError is a failure to listen on an address CheckListen allows: the
// port is taken, or the host is not this machine's.
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string { return fmt.Sprintf("--http %s: %v", e.Addr, e.Err) }
func (e *ListenError) Unwrap() error { return e.Err }

// shutdownGrace is how long ServeHTTP lets requests in flight finish once
// its context ends.
const shutdownGrace = 5 * time.Second

// ServeHTTP serves srv over streamable HTTP on o.Addr, behind o.Token when
// set, until ctx ends; then it shuts down gracefully and returns ctx.Err().
// An address CheckListen refuses is an ErrListen error and one it cannot
// listen on a *ListenError, both before anything is served.
func ServeHTTP(ctx context.Context, srv *mcp.Server, o HTTPOptions) error {
	if err := CheckListen(o.Addr, o.AllowRemote, o.Token); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return &ListenError{Addr: o.Addr, Err: err}
	}
	log := o.Logger
	if log == nil {
		log = zap.NewNop()
	}
	hs := &http.Server{Handler: HTTPHandler(srv, o), ReadHeaderTimeout: 10 * time.Second}
	log.Info("mcp serving on http", zap.String("url", "http://"+ln.Addr().String()+"/"), zap.Bool("token", o.Token != ""))
	if o.Listening != nil {
		o.Listening(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownGrace)
		defer cancel()
		_ = hs.Shutdown(sctx)
		return ctx.Err()
	}
}

// HTTPHandler serves srv over streamable HTTP, behind the bearer token when
// one is set.
func HTTPHandler(srv *mcp.Server, o HTTPOptions) http.Handler {
	if o.MaxInput <= 0 {
		o.MaxInput = DefaultMaxInput
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		// A JSON-escaped input can be up to 6 times its size (\u0000);
		// the tool then refuses it with a clear error instead of the
		// transport cutting the request.
		MaxRequestBodyBytes: 6*o.MaxInput + 1<<20,
	})
	if o.Token == "" {
		return h
	}
	log := o.Logger
	if log == nil {
		log = zap.NewNop()
	}
	delay := o.FailureDelay
	if delay <= 0 {
		delay = DefaultFailureDelay
	}
	return requireBearer(o.Token, delay, log, h)
}

// DefaultFailureDelay is how long a refused token attempt waits, one at a
// time: at most one guess a second, whatever the number of connections.
const DefaultFailureDelay = time.Second

// requireBearer answers 401 to any request without the token. The scheme
// is matched without regard to case (RFC 9110: "bearer" is Bearer); the
// token compare takes the same time wherever the first wrong byte is.
// Each refusal is logged with the count so far and the remote address,
// never what was sent, and waits delay, one refusal at a time.
func requireBearer(token string, delay time.Duration, log *zap.Logger, next http.Handler) http.Handler {
	want := []byte(token)
	var failed atomic.Int64
	slow := make(chan struct{}, 1)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if strings.EqualFold(scheme, "Bearer") && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(cred)), want) == 1 {
			next.ServeHTTP(w, r)
			return
		}
		n := failed.Add(1)
		log.Warn("mcp: bearer token refused", zap.Int64("failed_attempts", n), zap.String("remote", r.RemoteAddr))
		select {
		case slow <- struct{}{}:
			t := time.NewTimer(delay)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
			}
			<-slow
		case <-r.Context().Done():
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="citeloop"`)
		http.Error(w, "citeloop mcp: missing or wrong bearer token", http.StatusUnauthorized)
	})
}
