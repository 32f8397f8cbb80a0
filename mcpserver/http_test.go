package mcpserver_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	agentsall "github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/pipeline"
)

func TestCheckListen(t *testing.T) {
	tests := []struct {
		give        string
		allowRemote bool
		token       string
		wantErr     string // "" means allowed
	}{
		{give: "127.0.0.1:8787"},
		{give: "127.0.0.2:0"},
		{give: "[::1]:8787"},
		{give: "localhost:8787"},
		{give: "LocalHost:8787"},
		{give: "0.0.0.0:8787", wantErr: "is not a loopback address"},
		{give: ":8787", wantErr: "is not a loopback address"},
		{give: "[::]:8787", wantErr: "is not a loopback address"},
		{give: "192.168.1.10:8787", wantErr: "is not a loopback address"},
		{give: "localhost.evil.example:8787", wantErr: "is not a loopback address"},
		{give: "0.0.0.0:8787", allowRemote: true, wantErr: "--allow-remote needs a bearer token in CITELOOP_MCP_TOKEN"},
		{give: "0.0.0.0:8787", allowRemote: true, token: "s3cret"},
		{give: "8787", wantErr: "want HOST:PORT"},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			err := mcpserver.CheckListen(tt.give, tt.allowRemote, tt.token)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("want allowed, got %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, mcpserver.ErrListen)):
				t.Errorf("want ErrListen with %q, got %v", tt.wantErr, err)
			case err != nil && tt.token != "" && strings.Contains(err.Error(), tt.token):
				t.Errorf("the error shows the token: %v", err)
			}
		})
	}
}

// bearer adds a token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// httpServer serves srv over streamable HTTP behind token.
func httpServer(t *testing.T, srv *mcp.Server, token string) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(mcpserver.HTTPHandler(srv, mcpserver.HTTPOptions{Token: token, FailureDelay: time.Millisecond}))
	t.Cleanup(hs.Close)
	return hs
}

func connectHTTP(t *testing.T, url, token string) (*mcp.ClientSession, *progressLog) {
	t.Helper()
	log := &progressLog{seen: make(chan struct{}, 1)}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: log.handler})
	hc := &http.Client{Transport: bearer{token: token, next: http.DefaultTransport}}
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, log
}

func TestHTTPWithoutTheTokenIs401(t *testing.T) {
	const token = "tok-0123456789"
	hs := httpServer(t, newServer(t, mcpserver.Options{}, nil), token)
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	tests := []struct {
		name, auth string
	}{
		{"no header", ""},
		{"wrong token", "Bearer tok-0123456788"},
		{"token prefix", "Bearer tok-012345678"},
		{"token with more", "Bearer tok-01234567890"},
		{"no scheme", token},
		{"basic", "Basic " + token},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, hs.URL, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("want 401, got %d", resp.StatusCode)
			}
			if got := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer") {
				t.Errorf("WWW-Authenticate: %q", got)
			}
		})
	}
	// The SDK's client without the token cannot even initialise.
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	if _, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil); err == nil {
		t.Error("a client without the token connected")
	}
}

// TestHTTPTools lists and calls every tool over streamable HTTP with the
// token, with progress notifications.
func TestHTTPTools(t *testing.T) {
	const token = "tok-0123456789"
	cs, log := connectHTTP(t, httpServer(t, newServer(t, mcpserver.Options{MaxInput: 1 << 10}, nil), token).URL, token)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 5 {
		t.Errorf("want 5 tools, got %d", len(tools.Tools))
	}
	e := ledger(t, cs).Entries[0]
	var check mcpserver.CheckOutput
	if res := call(t, cs, "check_citations", map[string]any{"text": "doi:" + e.DOI}, &check); res.IsError || check.Status != "all_found" {
		t.Errorf("check_citations: %+v %+v", res.Content, check)
	}
	var quote mcpserver.QuoteOutput
	if res := call(t, cs, "verify_quote", mcpserver.QuoteInput{DOI: e.DOI, Quote: e.Title}, &quote); res.IsError || !quote.Verified {
		t.Errorf("verify_quote: %+v %+v", res.Content, quote)
	}
	if got := errorText(t, call(t, cs, "check_citations", map[string]any{"text": strings.Repeat("x", 1025)}, nil)); !strings.HasPrefix(got, "input_too_large: ") {
		t.Errorf("over the cap: %q", got)
	}
	res, err := writeBrief(context.Background(), cs, map[string]any{"topic": "cancer screening", "any_topic_word": true})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatal(errorText(t, res))
	}
	passes := int(res.StructuredContent.(map[string]any)["passes"].(float64))
	waitProgress(t, log, passes)
}

func TestHTTPCancelWriteBrief(t *testing.T) {
	w := blockingWriter{started: make(chan struct{}), cancelled: make(chan error, 1)}
	agents := func(engine.AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) { return w, noObjection{}, nil }
	cs, _ := connectHTTP(t, httpServer(t, newServer(t, mcpserver.Options{}, agents), "").URL, "")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := writeBrief(ctx, cs, map[string]any{"topic": "cancer screening", "any_topic_word": true})
		done <- err
	}()
	select {
	case <-w.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the writer was never called")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("client: want context.Canceled, got %v", err)
	}
	select {
	case err := <-w.cancelled:
		if diff := cmp.Diff(context.Canceled, err, cmpErrors()); diff != "" {
			t.Errorf("writer's context: %s", diff)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not cancel the writer")
	}
}

func cmpErrors() cmp.Option {
	return cmp.Comparer(func(a, b error) bool { return errors.Is(a, b) || errors.Is(b, a) })
}

// collect_sources against a (recorded) Europe PMC needs no model key.
func TestCollectSourcesOnlineNeedsNoModelKey(t *testing.T) {
	search, err := os.ReadFile("../testdata/europepmc/pyEuropePMC__search_cancer_core.json")
	if err != nil {
		t.Fatal(err)
	}
	epmc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(search)
	}))
	t.Cleanup(epmc.Close)
	cfg := configs.Default()
	cfg.Oracles.Use = []string{"europepmc"}
	cfg.Oracles.Set("europepmc", "base_url", epmc.URL)
	cfg.Oracles.Cache.Dir = t.TempDir()
	eng, err := engine.New(cfg, engine.Deps{Registry: all.Backends(), Providers: agentsall.Providers()})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcpserver.New(mcpserver.Options{Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, srv)
	var out mcpserver.CollectOutput
	if res := call(t, cs, "collect_sources", map[string]any{"topic": "cancer", "max_sources": 3}, &out); res.IsError {
		t.Fatal(errorText(t, res))
	}
	if out.Sources != 3 {
		t.Errorf("want 3 sources, got %d", out.Sources)
	}
	// write_brief does need a model: its error says which key.
	got := errorText(t, call(t, cs, "write_brief", map[string]any{"topic": "cancer"}, nil))
	if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, "GEMINI_API_KEY") {
		t.Errorf("write_brief without a key: %q", got)
	}
}
