package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
	"github.com/citeloop/citeloop/verify"
)

// outsideDOI is a real paper the embedded corpus does not hold (Harris et
// al., "Array programming with NumPy", Nature 2020).
const outsideDOI = "10.1038/s41586-020-2649-2"

// zeroCounts are summaries that count no DOI as not_found: a count of
// zero names the verdict without saying it of any DOI.
var zeroCounts = regexp.MustCompile(`"not_found":\s*0\b|not_found=0\b|\b0 not_found\b`)

// saysUnknown fails unless text says unknown and never not_found (but in a
// count of zero) nor "fabricated".
func saysUnknown(t *testing.T, what, text string) {
	t.Helper()
	if !strings.Contains(text, "unknown") {
		t.Errorf("%s does not say unknown:\n%s", what, text)
	}
	rest := zeroCounts.ReplaceAllString(text, "")
	for _, word := range []string{"not_found", "fabricated", "not found"} {
		if strings.Contains(rest, word) {
			t.Errorf("%s says %q of a DOI outside the offline corpus:\n%s", what, word, text)
		}
	}
}

// withOutsideRecord writes a corpus: the embedded one and the record of
// outsideDOI.
func withOutsideRecord(t *testing.T, dir string) string {
	t.Helper()
	var corpus map[string]any
	if err := json.Unmarshal(snapshot.Embedded(), &corpus); err != nil {
		t.Fatal(err)
	}
	rec, err := os.ReadFile(filepath.Join("testdata", "unknown-offline", "numpy-record.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r any
	if err := json.Unmarshal(rec, &r); err != nil {
		t.Fatal(err)
	}
	list := corpus["resultList"].(map[string]any)
	list["result"] = append(list["result"].([]any), r)
	data, err := json.Marshal(corpus)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "corpus-with-numpy.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// run runs the CLI with JSON logs and returns its exit code, stdout and
// stderr (the logs) together with the error.
func runLogged(t *testing.T, args ...string) (int, string) {
	t.Helper()
	a, stdout, stderr := testApp(nil)
	err := runApp(context.Background(), a, append([]string{"--log-format", "json"}, args...))
	said := stdout.String() + "\n" + stderr.String()
	if err != nil {
		said += "\n" + err.Error()
	}
	return exitCode(err), said
}

// Offline, a real DOI outside the embedded corpus is unknown in every
// front end: check, brief (a refusal that says so), verify, watch, the
// batch report, the logs and every MCP tool. None calls it not_found or
// fabricated.
func TestOfflineDOIOutsideTheCorpusIsUnknownEverywhere(t *testing.T) {
	dir := t.TempDir()
	refs := filepath.Join(dir, "refs.txt")
	mustWriteFile(t, refs, outsideDOI+"\n")

	t.Run("check", func(t *testing.T) {
		for _, format := range []string{"table", "json"} {
			code, said := runLogged(t, "check", "--offline", "--format", format, refs)
			if code != exitOracleUnavailable || !strings.Contains(said, "not in the offline corpus") {
				t.Errorf("%s: exit %d, want 4 saying not in the offline corpus:\n%s", format, code, said)
			}
			saysUnknown(t, "check --format "+format, said)
		}
	})
	t.Run("brief", func(t *testing.T) {
		code, said := runLogged(t, "brief", "--offline", "--sources", refs, "--topic", "array programming", "--out", filepath.Join(dir, "brief"))
		if want := "refused: 1 source unknown offline: not in the embedded corpus of 34 records"; code != exitRefused || !strings.Contains(said, want) {
			t.Errorf("exit %d, want 5 saying %q:\n%s", code, want, said)
		}
		if strings.Contains(said, "topic word") {
			t.Errorf("the refusal blames the topic words:\n%s", said)
		}
		saysUnknown(t, "brief", said)
	})

	// A brief that cites the DOI, written offline over a corpus that holds
	// it, then looked up in the embedded corpus, which does not.
	big := withOutsideRecord(t, dir)
	cfg := filepath.Join(dir, "one-source.yaml")
	mustWriteFile(t, cfg, "collect:\n  min_sources: 1\n")
	briefs := filepath.Join(dir, "briefs")
	// The record's abstract holds no finding, so the extractive writer
	// abstains: a scripted writer states its first sentence instead.
	numpy := contract.Draft{Title: "Sourced brief", Sections: []contract.Section{{Heading: "Claims with verified quotes", Claims: []contract.Claim{{ID: "c1",
		Text:      "NumPy is the primary array programming library for the Python language.",
		Citations: []contract.Citation{{DOI: outsideDOI, Quote: "NumPy is the primary array programming library for the Python language."}}}}}}}
	a, stdout, stderr := testApp(nil)
	calls := 0
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return &callWriter{draft: func(int) contract.Draft { return numpy }, calls: &calls}, noObjections{}, nil
	}
	if err := runApp(context.Background(), a, []string{"--log-format", "json", "--config", cfg, "brief", "--offline", "--corpus", big, "--topic", "array programming python", "--out", filepath.Join(briefs, "numpy")}); err != nil {
		t.Fatalf("setup: brief citing %s: %v\n%s\n%s", outsideDOI, err, stdout, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(briefs, "numpy", "brief.json")); !strings.Contains(string(data), outsideDOI) {
		t.Fatalf("setup: the brief does not cite %s", outsideDOI)
	}
	embedded := filepath.Join(dir, "embedded.json")
	mustWriteFile(t, embedded, string(snapshot.Embedded()))
	t.Run("verify", func(t *testing.T) {
		for _, format := range [][]string{nil, {"--json"}} {
			code, said := runLogged(t, append(append([]string{"verify", "--corpus", embedded}, format...), briefs)...)
			if code != exitOracleUnavailable || !strings.Contains(said, "source_unknown") || !strings.Contains(said, "not in "+embedded+" of 30 records") {
				t.Errorf("%v: exit %d, want 4 with source_unknown naming the corpus:\n%s", format, code, said)
			}
			saysUnknown(t, "verify", said)
		}
	})
	t.Run("watch", func(t *testing.T) {
		code, said := runLogged(t, "watch", "--corpus", embedded, briefs)
		if code != exitOracleUnavailable {
			t.Errorf("exit %d, want 4:\n%s", code, said)
		}
		saysUnknown(t, "watch", said)
		for _, name := range []string{verify.ReportJSONFile, verify.ReportHTMLFile} {
			data, err := os.ReadFile(filepath.Join(briefs, name))
			if err != nil {
				t.Fatal(err)
			}
			saysUnknown(t, name, string(data))
		}
	})
	t.Run("batch report", func(t *testing.T) {
		leads := filepath.Join(dir, "leads.yaml")
		mustWriteFile(t, leads, "- id: numpy\n  topic: array programming\n")
		out := filepath.Join(dir, "night")
		code, said := runLogged(t, "brief", "--offline", "--leads", leads, "--sources", refs, "--out", out)
		if code != exitRefused {
			t.Errorf("exit %d, want 5:\n%s", code, said)
		}
		saysUnknown(t, "brief --leads", said)
		for _, name := range []string{"summary.json", "report.json", "report.html", filepath.Join("numpy", "outcome.json")} {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			saysUnknown(t, name, string(data))
		}
	})
	t.Run("MCP", func(t *testing.T) {
		cs := mcpStdioSession(t, nil, "--offline")
		calls := []*mcp.CallToolParams{
			{Name: "check_citations", Arguments: map[string]any{"text": "NumPy (doi:" + outsideDOI + ")."}},
			{Name: "verify_quote", Arguments: map[string]any{"doi": outsideDOI, "quote": "NumPy is the primary array programming library for the Python language"}},
			{Name: "collect_sources", Arguments: map[string]any{"topic": "array programming", "sources": outsideDOI + "\n"}},
			{Name: "write_brief", Arguments: map[string]any{"topic": "array programming", "sources": outsideDOI + "\n"}},
		}
		for _, p := range calls {
			res, _ := mcpCall(t, cs, p)
			var text strings.Builder
			for _, c := range res.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					text.WriteString(tc.Text + "\n")
				}
			}
			structured, _ := json.Marshal(res.StructuredContent)
			saysUnknown(t, p.Name, text.String()+string(structured))
		}
		tools, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range tools.Tools {
			if !strings.Contains(tool.Description, "the embedded corpus of 34 Europe PMC records") || strings.Contains(tool.Description, "fabricated") {
				t.Errorf("offline %s's description does not say it answers from the corpus, or says fabricated: %s", tool.Name, tool.Description)
			}
		}
		if in := cs.InitializeResult().Instructions; !strings.Contains(in, "embedded corpus") || strings.Contains(in, "Crossref") {
			t.Errorf("offline instructions: %s", in)
		}
	})
}

// Over stdio, the real binary answers a garbage line between two requests
// with a parse error and answers both requests.
func TestMCPStdioGarbageLineBinary(t *testing.T) {
	cmd := exec.Command(mcpBinary(t), "-q", "mcp", "--offline")
	cmd.Env = mcpEnv(t)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	go func() {
		io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
		io.WriteString(in, "}{ not json\n")
		io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
		io.WriteString(in, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\n")
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var got []string
	for len(got) < 3 {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the server stopped after %d answers: %q", len(got), got)
			}
			got = append(got, l)
		case <-time.After(mcpTestWait):
			t.Fatalf("%d answers, want 3: %q", len(got), got)
		}
	}
	// The parse error is written at once, the answers when their requests
	// are served: in any order.
	all := strings.Join(got, "\n")
	if !strings.Contains(all, `"id":1,"result"`) || !strings.Contains(all, `"id":null,"error":{"code":-32700`) || !strings.Contains(all, `"id":2,"result":{`) || !strings.Contains(all, "check_citations") {
		t.Errorf("answers %q: want initialize, a parse error, tools/list", got)
	}
	in.Close()
}
