package batch

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"
	"riverqueue.com/riverui"
)

// UITokenEnv names the environment variable holding the token River's UI
// asks for on an address other than loopback: a secret, never a flag.
const UITokenEnv = "CITELOOP_UI_TOKEN"

// ErrUIAddr marks a UI address the batch refuses: not HOST:PORT, or not
// loopback without a token.
var ErrUIAddr = errors.New("refused UI address")

// CheckUIAddr refuses a UI address that is not loopback unless a token
// guards it: River's UI cancels, retries and deletes jobs, so anyone who can
// reach it can change the batch.
func CheckUIAddr(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%w: %q: want HOST:PORT, e.g. 127.0.0.1:8081: %w", ErrUIAddr, addr, err)
	}
	if isLoopback(host) || token != "" {
		return nil
	}
	return fmt.Errorf("%w: %q is not a loopback address: bind 127.0.0.1 or ::1, or set %s (the UI then asks for it as a bearer token or a basic-auth password)", ErrUIAddr, addr, UITokenEnv)
}

// isLoopback reports whether host names only this machine: an empty host
// or an unspecified address listens on every interface, and a name other
// than localhost could resolve anywhere.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// uiServer serves River's UI (riverqueue.com/riverui) over the queue's
// database: the embedded SQLite file, on the one connection the queue
// uses, or the PostgreSQL pool.
type uiServer struct {
	URL     string
	srv     *http.Server
	handler *riverui.Handler
	cancel  context.CancelFunc
	done    chan struct{}
}

// serveUI starts River's UI for store at addr, behind token when set.
func serveUI(store *Store, addr, token string, log *zap.Logger) (*uiServer, error) {
	if err := CheckUIAddr(addr, token); err != nil {
		return nil, err
	}
	slogger := slog.New(zapHandler{log})
	h, err := store.newUI(slogger)
	if err != nil {
		return nil, fmt.Errorf("river ui: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := h.Start(ctx); err != nil {
		cancel()
		return nil, fmt.Errorf("river ui: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("river ui: %w", err)
	}
	var handler http.Handler = h
	if token != "" {
		handler = requireToken(token, h)
	}
	s := &uiServer{URL: "http://" + ln.Addr().String() + "/", handler: h, cancel: cancel, done: make(chan struct{}),
		srv: &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("river ui stopped", zap.Error(err))
		}
	}()
	return s, nil
}

// close stops the UI, letting requests under way finish for a few seconds.
func (s *uiServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.srv.Shutdown(ctx)
	<-s.done
	s.cancel()
}

// requireToken answers 401 to a request without the token, given as a
// bearer token or as the password of basic auth (what a browser asks for).
// The compare takes the same time wherever the first wrong byte is.
func requireToken(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := ""
		if b, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			got = b
		} else if _, p, ok := r.BasicAuth(); ok {
			got = p
		}
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Basic realm="citeloop batch"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// zapHandler is a slog.Handler over a zap logger: River's UI logs errors
// (failed queries) through slog, at warn and above here.
type zapHandler struct{ log *zap.Logger }

func (h zapHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }

func (h zapHandler) Handle(_ context.Context, r slog.Record) error {
	fields := []zap.Field{zap.String("from", "river ui")}
	r.Attrs(func(a slog.Attr) bool {
		fields = append(fields, zap.Any(a.Key, a.Value.Any()))
		return true
	})
	if r.Level >= slog.LevelError {
		h.log.Error(r.Message, fields...)
	} else {
		h.log.Warn(r.Message, fields...)
	}
	return nil
}

func (h zapHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h zapHandler) WithGroup(string) slog.Handler      { return h }
