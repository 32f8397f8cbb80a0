package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPStdioCancelWriteBrief cancels a write_brief of the built binary
// over stdio while its writer waits on a model, and checks the binary
// dropped the model call: cancellation crosses the process boundary.
func TestMCPStdioCancelWriteBrief(t *testing.T) {
	search, err := os.ReadFile("../../testdata/europepmc/pyEuropePMC__search_cancer_core.json")
	if err != nil {
		t.Fatal(err)
	}
	epmc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(search)
	}))
	t.Cleanup(epmc.Close)
	started, dropped := make(chan struct{}, 1), make(chan struct{}, 1)
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The server notices a closed connection only once the body is
		// read.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case started <- struct{}{}:
		default:
		}
		select {
		case <-r.Context().Done():
			dropped <- struct{}{}
		case <-time.After(mcpTestWait):
			http.Error(w, "test timed out", http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(model.Close)
	dir := t.TempDir()
	cfg := writeFile(t, dir, "citeloop.yaml", fmt.Sprintf(`oracles:
  use: [europepmc]
  cache:
    dir: %s/cache
  europepmc:
    base_url: %s
    timeout: 5s
    max_attempts: 1
    rate_per_second: 1000
agents:
  writer:
    provider: openai
    model: fake-writer
    base_url: %s/v1
  skeptic:
    provider: openai
    model: fake-skeptic
    base_url: %s/v1
`, dir, epmc.URL, model.URL, model.URL))

	cs := mcpStdioSession(t, nil, "--config", cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		p := &mcp.CallToolParams{Name: "write_brief", Arguments: map[string]any{"topic": "cancer"}}
		p.SetProgressToken("c")
		_, err := cs.CallTool(ctx, p)
		done <- err
	}()
	select {
	case <-started:
	case err := <-done:
		t.Fatalf("write_brief ended before the writer called the model: %v", err)
	case <-time.After(mcpTestWait):
		t.Fatal("the writer never called the model")
	}
	cancel()
	if err := <-done; err == nil {
		t.Error("the cancelled call returned no error to the client")
	}
	select {
	case <-dropped:
	case <-time.After(mcpTestWait):
		t.Fatal("the binary kept the model call open after the client cancelled")
	}
	// The session outlives the cancelled call.
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("after the cancel: %v", err)
	}
}
