package mcpserver

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrListen marks a listen address the server refuses.
var ErrListen = errors.New("refused listen address")

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
		return fmt.Errorf("%w: --http %q is not a loopback address; bind 127.0.0.1 or ::1, or pass --allow-remote with CITELOOP_MCP_TOKEN set", ErrListen, addr)
	}
	if token == "" {
		return fmt.Errorf("%w: --allow-remote needs a bearer token in CITELOOP_MCP_TOKEN; without one anyone who can reach %q could use the server", ErrListen, addr)
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

// HTTPOptions configure the streamable HTTP handler.
type HTTPOptions struct {
	// Token, when set, is required as "Authorization: Bearer <token>" on
	// every request; others get 401.
	Token string
	// MaxInput is the server's per-input cap; the request body may be
	// larger than it by JSON escaping, so the handler allows a margin.
	MaxInput int64
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
	return requireBearer(o.Token, h)
}

// requireBearer answers 401 to any request without the token. The compare
// takes the same time wherever the first wrong byte is.
func requireBearer(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="citeloop"`)
			http.Error(w, "citeloop mcp: missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
