package mcpserver_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/mcpserver"
)

// ServeHTTP listens where it is told, says where, guards every request
// with the token, and stops when its context ends.
func TestServeHTTPListensUntilTheContextEnds(t *testing.T) {
	const token = "tok-serve-42"
	srv := newServer(t, mcpserver.Options{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrs := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- mcpserver.ServeHTTP(ctx, srv, mcpserver.HTTPOptions{Addr: "127.0.0.1:0", Token: token, Listening: func(a net.Addr) { addrs <- a }})
	}()
	var url string
	select {
	case a := <-addrs:
		url = "http://" + a.String() + "/"
	case err := <-done:
		t.Fatalf("ServeHTTP returned before listening: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("ServeHTTP did not say where it listens")
	}
	resp, err := http.Post(url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: got %d, want 401", resp.StatusCode)
	}
	cs, _ := connectHTTP(t, url, token)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("with the token: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("after the context ended: got %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("ServeHTTP did not stop when its context ended")
	}
}

// An address CheckListen refuses, or one that cannot be listened on, is
// an error before anything is served.
func TestServeHTTPRefusesBeforeServing(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	srv := newServer(t, mcpserver.Options{}, nil)
	tests := []struct {
		name       string
		give       mcpserver.HTTPOptions
		wantListen bool // a *ListenError, else ErrListen
	}{
		{"not loopback", mcpserver.HTTPOptions{Addr: "0.0.0.0:0"}, false},
		{"remote without a token", mcpserver.HTTPOptions{Addr: "0.0.0.0:0", AllowRemote: true}, false},
		{"port taken", mcpserver.HTTPOptions{Addr: taken.Addr().String()}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.give.Listening = func(net.Addr) { t.Error("it listened") }
			err := mcpserver.ServeHTTP(context.Background(), srv, tt.give)
			var le *mcpserver.ListenError
			if got := errors.As(err, &le); got != tt.wantListen || (!tt.wantListen && !errors.Is(err, mcpserver.ErrListen)) {
				t.Errorf("got %v (a ListenError: %v), want a ListenError: %v", err, got, tt.wantListen)
			}
		})
	}
}

func TestTokenFromEnv(t *testing.T) {
	env := map[string]string{"CITELOOP_MCP_TOKEN": "s3cret"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if got := mcpserver.TokenFromEnv(lookup); got != "s3cret" {
		t.Errorf("got %q, want the variable's value", got)
	}
	delete(env, "CITELOOP_MCP_TOKEN")
	if got := mcpserver.TokenFromEnv(lookup); got != "" {
		t.Errorf("unset: got %q, want none", got)
	}
}
