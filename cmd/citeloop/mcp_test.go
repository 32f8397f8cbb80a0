package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A DOI of the embedded corpus and one no record has.
const (
	mcpCorpusDOI  = "10.1111/bjhp.12807"
	mcpFabricated = "10.9999/fabricated.2024.001"
	mcpTestWait   = 60 * time.Second
)

// mcpBinDir holds the binary the MCP tests build; TestMain (main_test.go)
// removes it.
var mcpBinDir string

// mcpBuildOnce builds the binary the first time a test needs it, so tests
// that do not run it do not pay for the build.
var mcpBuildOnce sync.Once

// mcpBinary returns the path of the built binary.
func mcpBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(mcpBinDir, "citeloop")
	var buildErr error
	mcpBuildOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v", buildErr)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("the binary was not built: %v", err)
	}
	return bin
}

// mcpEnv is a clean environment: no key, no config, nothing of the host's.
func mcpEnv(t *testing.T, extra ...string) []string {
	return append([]string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}, extra...)
}

// mcpStdioSession starts `citeloop mcp args...` and connects the SDK's client
// to it over stdio.
func mcpStdioSession(t *testing.T, progress func(context.Context, *mcp.ProgressNotificationClientRequest), args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(mcpBinary(t), append([]string{"--log-format", "json", "mcp"}, args...)...)
	cmd.Env = mcpEnv(t)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: progress})
	ctx, cancel := context.WithTimeout(context.Background(), mcpTestWait)
	t.Cleanup(cancel)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func mcpCall(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), mcpTestWait)
	defer cancel()
	res, err := cs.CallTool(ctx, p)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	var out map[string]any
	if b, err := json.Marshal(res.StructuredContent); err == nil {
		_ = json.Unmarshal(b, &out)
	}
	return res, out
}

func mcpText(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}

// TestMCPStdio drives the built binary over stdio with the SDK's client:
// every tool, the root, the size cap and progress.
func TestMCPStdio(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "refs.bib", "@article{a, doi = {"+mcpCorpusDOI+"}}\n@article{b, doi = {"+mcpFabricated+"}}\n")
	writeFile(t, filepath.Dir(root), "outside.md", "doi:10.9999/outside\n")
	var mu sync.Mutex
	var progress []float64
	cs := mcpStdioSession(t, func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
		mu.Lock()
		progress = append(progress, r.Params.Progress)
		mu.Unlock()
	}, "--offline", "--root", root, "--max-input", "4096")

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if diff := cmp.Diff([]string{"check_citations", "collect_sources", "verify_brief", "verify_quote", "write_brief"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}

	res, out := mcpCall(t, cs, &mcp.CallToolParams{Name: "check_citations", Arguments: map[string]any{"path": "refs.bib", "format": "bibtex"}})
	if res.IsError {
		t.Fatal(mcpText(res))
	}
	if diff := cmp.Diff(map[string]any{"found": 1.0, "not_found": 0.0, "invalid": 0.0, "retracted": 0.0, "mismatch": 0.0, "no_doi": 0.0, "not_checked": 0.0, "unknown": 1.0}, out["summary"]); diff != "" {
		t.Errorf("check_citations summary (-want +got):\n%s", diff)
	}
	title := out["dois"].([]any)[0].(map[string]any)["title"].(string)

	res, out = mcpCall(t, cs, &mcp.CallToolParams{Name: "verify_quote", Arguments: map[string]any{"doi": mcpCorpusDOI, "quote": title}})
	if res.IsError || out["verified"] != true || out["field"] != "title" {
		t.Errorf("verify_quote of the title: %s %v", mcpText(res), out)
	}

	res, out = mcpCall(t, cs, &mcp.CallToolParams{Name: "collect_sources", Arguments: map[string]any{"topic": "breast cancer", "max_sources": 2}})
	if res.IsError || out["sources"] != 2.0 {
		t.Errorf("collect_sources: %s %v", mcpText(res), out["sources"])
	}

	p := &mcp.CallToolParams{Name: "write_brief", Arguments: map[string]any{"topic": "breast cancer"}}
	p.SetProgressToken(7)
	res, out = mcpCall(t, cs, p)
	if res.IsError || out["reason"] != "verified" {
		t.Fatalf("write_brief: %s", mcpText(res))
	}
	passes := int(out["passes"].(float64))
	brief := map[string]string{}
	for _, f := range out["files"].([]any) {
		f := f.(map[string]any)
		brief[f["name"].(string)] = f["content"].(string)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		n := len(progress)
		mu.Unlock()
		if n >= passes || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	if len(progress) != passes || passes < 1 || progress[0] != 1 {
		t.Errorf("want %d progress notifications 1..%d, got %v", passes, passes, progress)
	}
	mu.Unlock()

	refusals := []struct {
		name string
		args map[string]any
		want string
	}{
		{"outside the root", map[string]any{"path": "../outside.md"}, "path_refused: "},
		{"absolute outside", map[string]any{"path": filepath.Join(filepath.Dir(root), "outside.md")}, "path_refused: "},
		{"over the cap", map[string]any{"text": strings.Repeat("doi:10.1000/x ", 300)}, "input_too_large: text is 4200 bytes; this server accepts at most 4096 (--max-input)"},
	}
	for _, r := range refusals {
		res, _ := mcpCall(t, cs, &mcp.CallToolParams{Name: "check_citations", Arguments: r.args})
		if !res.IsError || !strings.HasPrefix(mcpText(res), r.want) {
			t.Errorf("%s: want a tool error %q, got %v %q", r.name, r.want, res.IsError, mcpText(res))
		}
	}
	testMCPStdioVerifyBrief(t, brief)
}

// testMCPStdioVerifyBrief verifies the brief write_brief gave, through the
// binary: over the cap it is refused; under a root without a tight cap, it
// verifies, and one byte of a quote fails it.
func testMCPStdioVerifyBrief(t *testing.T, brief map[string]string) {
	t.Helper()
	args := map[string]any{"brief": brief["brief.json"], "ledger": brief["ledger.json"], "draft": brief["draft.json"]}
	if len(brief["brief.json"]) <= 4096 {
		t.Fatalf("setup: brief.json is %d bytes, not over the 4096-byte cap", len(brief["brief.json"]))
	}
	capped := mcpStdioSession(t, nil, "--offline", "--max-input", "4096")
	res, _ := mcpCall(t, capped, &mcp.CallToolParams{Name: "verify_brief", Arguments: args})
	if want := fmt.Sprintf("input_too_large: brief is %d bytes", len(brief["brief.json"])); !res.IsError || !strings.HasPrefix(mcpText(res), want) {
		t.Errorf("verify_brief over the cap: %v %q, want a tool error %q", res.IsError, mcpText(res), want)
	}

	root := t.TempDir()
	for _, dir := range []string{"good", "edited"} {
		if err := os.Mkdir(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range brief {
		writeFile(t, filepath.Join(root, "good"), name, data)
		if name == "brief.json" {
			if !strings.Contains(data, `"quote": "`) {
				t.Fatal("setup: brief.json has no quote")
			}
			data = strings.Replace(data, `"quote": "`, `"quote": "X`, 1)
		}
		writeFile(t, filepath.Join(root, "edited"), name, data)
	}
	cs := mcpStdioSession(t, nil, "--offline", "--root", root)
	for _, tt := range []struct{ path, want, finding string }{{"good", "ok", ""}, {"edited", "changed", "quote_not_in_source"}} {
		res, out := mcpCall(t, cs, &mcp.CallToolParams{Name: "verify_brief", Arguments: map[string]any{"path": tt.path}})
		if res.IsError || out["status"] != tt.want {
			t.Errorf("verify_brief %s: %s %v, want %s", tt.path, mcpText(res), out["status"], tt.want)
			continue
		}
		b := out["briefs"].([]any)[0].(map[string]any)
		if b["online"] != true || (tt.finding != "" && !strings.Contains(fmt.Sprint(b["findings"]), tt.finding)) {
			t.Errorf("verify_brief %s: %v, want online with %q", tt.path, b, tt.finding)
		}
	}
}

// TestMCPRefusesUnsafeStarts: a non-loopback address without
// --allow-remote, --allow-remote without a token, and bad flags exit 2
// before anything listens.
func TestMCPRefusesUnsafeStarts(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		token string
		want  string
	}{
		{"all interfaces", []string{"--http", "0.0.0.0:0"}, "", "is not a loopback address"},
		{"all interfaces with a token but no --allow-remote", []string{"--http", ":0"}, "t0k", "is not a loopback address"},
		{"--allow-remote without a token", []string{"--http", "0.0.0.0:0", "--allow-remote"}, "", "--allow-remote needs a bearer token in CITELOOP_MCP_TOKEN"},
		{"--allow-remote without --http", []string{"--allow-remote"}, "t0k", "--allow-remote is only used with --http"},
		{"no max input", []string{"--offline", "--max-input", "0"}, "", "--max-input must be at least 1 byte"},
		{"negative iterations", []string{"--offline", "--max-iterations", "-1"}, "", "--max-iterations must be at least 1, got -1"},
		{"corpus without --offline", []string{"--corpus", "x.json"}, "", "--corpus is only used with --offline"},
		{"missing root", []string{"--offline", "--root", "/nonexistent/citeloop"}, "", "/nonexistent/citeloop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(mcpBinary(t), append([]string{"mcp"}, tt.args...)...)
			cmd.Env = mcpEnv(t)
			if tt.token != "" {
				cmd.Env = append(cmd.Env, "CITELOOP_MCP_TOKEN="+tt.token)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitUsage {
				t.Fatalf("want exit %d, got %v; stderr: %s", exitUsage, err, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.want)
			}
		})
	}
}

// TestMCPHTTPBinary serves the binary over HTTP with a token: 401 without
// it, tools with it, exit 130 on SIGTERM.
func TestMCPHTTPBinary(t *testing.T) {
	const token = "mcp-test-token-42"
	cmd := exec.Command(mcpBinary(t), "--log-format", "json", "mcp", "--offline", "--http", "127.0.0.1:0")
	cmd.Env = mcpEnv(t, "CITELOOP_MCP_TOKEN="+token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	var logs strings.Builder
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			logs.WriteString(line + "\n")
			if u, ok := strings.CutPrefix(line, "citeloop mcp: listening on "); ok {
				urls <- u
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	var url string
	select {
	case url = <-urls:
	case <-time.After(mcpTestWait):
		t.Fatal("the server did not say where it listens")
	}

	resp, err := http.Post(url, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: want 401, got %d", resp.StatusCode)
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	hc := &http.Client{Transport: mcpTokenTransport{token: token}}
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, out := mcpCall(t, cs, &mcp.CallToolParams{Name: "check_citations", Arguments: map[string]any{"text": "doi:" + mcpCorpusDOI}})
	if res.IsError || out["status"] != "all_found" {
		t.Errorf("check_citations over HTTP: %s %v", mcpText(res), out)
	}
	_ = cs.Close()

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
			t.Errorf("after SIGTERM: want exit %d, got %v", exitInterrupted, err)
		}
	case <-time.After(mcpTestWait):
		t.Fatal("the server did not stop on SIGTERM")
	}
	if strings.Contains(logs.String(), token) {
		t.Error("the token is in the logs")
	}
}

type mcpTokenTransport struct{ token string }

func (tt mcpTokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+tt.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPInspector runs a client no one here wrote, the MCP Inspector's
// command-line mode (CITELOOP_MCP_INSPECTOR: its bin/mcp-inspector, as
// .ci/run installs it), against the offline server.
func TestMCPInspector(t *testing.T) {
	inspector := os.Getenv("CITELOOP_MCP_INSPECTOR")
	if inspector == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CITELOOP_MCP_INSPECTOR is not set: .ci/run installs the MCP Inspector and sets it")
		}
		t.Skip("CITELOOP_MCP_INSPECTOR is unset: install @modelcontextprotocol/inspector@0.15.0 (see .ci/run) to run this test")
	}
	bin := mcpBinary(t)
	run := func(args ...string) map[string]any {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), mcpTestWait)
		defer cancel()
		cmd := exec.CommandContext(ctx, inspector, append([]string{"--cli", bin, "mcp", "--offline"}, args...)...)
		cmd.Env = mcpEnv(t)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("inspector %v: %v\n%s", args, err, stderr.String())
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("inspector %v: not JSON: %v\n%s", args, err, out)
		}
		return v
	}
	var names []string
	for _, tool := range run("--method", "tools/list")["tools"].([]any) {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	if diff := cmp.Diff([]string{"check_citations", "collect_sources", "verify_brief", "verify_quote", "write_brief"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	got := run("--method", "tools/call", "--tool-name", "check_citations", "--tool-arg", "text=see doi:"+mcpCorpusDOI+" and doi:"+mcpFabricated)
	sc := got["structuredContent"].(map[string]any)
	if diff := cmp.Diff(map[string]any{"found": 1.0, "not_found": 0.0, "invalid": 0.0, "retracted": 0.0, "mismatch": 0.0, "no_doi": 0.0, "not_checked": 0.0, "unknown": 1.0}, sc["summary"]); diff != "" {
		t.Errorf("check_citations summary (-want +got):\n%s", diff)
	}
	if sc["status"] != "unknown" { // offline, a DOI outside the corpus is unknown
		t.Errorf("status: %v", sc["status"])
	}
}
