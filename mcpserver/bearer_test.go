package mcpserver_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/mcpserver"
)

// The bearer scheme is matched without regard to case; every refused
// attempt is logged with the count and the remote address, never the
// token, and waits, one at a time.
func TestBearerScheme(t *testing.T) {
	const token = "tok-0123456789"
	core, logs := observer.New(zap.WarnLevel)
	delay := 40 * time.Millisecond
	hs := httptest.NewServer(mcpserver.HTTPHandler(newServer(t, mcpserver.Options{}, nil),
		mcpserver.HTTPOptions{Token: token, Logger: zap.New(core), FailureDelay: delay}))
	t.Cleanup(hs.Close)
	post := func(auth string) int {
		req, _ := http.NewRequest(http.MethodPost, hs.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, auth := range []string{"Bearer " + token, "bearer " + token, "BEARER " + token, "BeArEr  " + token} {
		if got := post(auth); got != http.StatusOK {
			t.Errorf("%q: got %d, want 200", strings.Replace(auth, token, "<token>", 1), got)
		}
	}
	start := time.Now()
	var wg sync.WaitGroup
	for _, auth := range []string{"bearer wrong", "Bearer " + token + "x", "Basic " + token} {
		wg.Go(func() {
			if got := post(auth); got != http.StatusUnauthorized {
				t.Errorf("a wrong token: got %d, want 401", got)
			}
		})
	}
	wg.Wait()
	if took := time.Since(start); took < 3*delay {
		t.Errorf("three refusals took %s, want at least %s: one at a time, each delayed", took, 3*delay)
	}
	entries := logs.FilterMessage("mcp: bearer token refused").All()
	if len(entries) != 3 {
		t.Fatalf("%d refusals logged, want 3", len(entries))
	}
	counts := map[int64]bool{}
	for _, e := range entries {
		f := e.ContextMap()
		counts[f["failed_attempts"].(int64)] = true
		if remote, _ := f["remote"].(string); !strings.HasPrefix(remote, "127.0.0.1:") {
			t.Errorf("remote %q, want the client's address", remote)
		}
		for k, v := range f {
			if s, ok := v.(string); ok && strings.Contains(s, token) {
				t.Errorf("the token is in the log field %s", k)
			}
		}
	}
	if !counts[1] || !counts[2] || !counts[3] {
		t.Errorf("counts %v, want 1, 2 and 3", counts)
	}
}
