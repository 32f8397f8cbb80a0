package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

// frontEndClasses are the classes of issue 22's gate rules, run through
// every front end besides `brief`: `brief --leads`, `batch` and MCP
// `write_brief` take their sources from the oracle's search, so only cases
// whose sources file is their oracle run there.
var frontEndClasses = []string{"number_grammar", "number_exemption", "reference_shape", "character_allowlist", "notation", "confusable", "notice_class", "reader_view",
	"number_unit", "number_whole", "repair_merge"}

// frontEndCases returns the cases of frontEndClasses that every front end
// can run: sources and oracle the same file, no extra flags.
func frontEndCases(t *testing.T) map[string]adversarialCase {
	t.Helper()
	out := map[string]adversarialCase{}
	for name, c := range loadCases(t) {
		if slices.Contains(frontEndClasses, c.Class) && c.Sources == c.Oracle && len(c.Args) == 0 {
			out[name] = c
		}
	}
	if len(out) < 60 {
		t.Fatalf("%d cases for the other front ends, want at least 60", len(out))
	}
	return out
}

// caseServers starts the fake Europe PMC (serving the case's oracle file to
// lookups and searches alike) and the scripted Gemini of a case.
func caseServers(t *testing.T, c adversarialCase) (epmcURL, geminiURL string, gem *scriptedGemini) {
	t.Helper()
	epmc := europepmctest.NewServer(t, europepmctest.Records(t, filepath.Join(adversarialDir, c.Oracle))...)
	gem = &scriptedGemini{answers: map[string][]json.RawMessage{"W": c.Writer, "S": c.Skeptic}, calls: map[string]int{}, prompts: map[string][]string{}}
	srv := httptest.NewServer(gem)
	t.Cleanup(srv.Close)
	return epmc.URL, srv.URL, gem
}

// repairNames checks that the writer's second prompt, the repair request,
// names every wanted reason: what the gate told it, of claims, headings and
// the title alike.
func repairNames(t *testing.T, c adversarialCase, gem *scriptedGemini) {
	t.Helper()
	gem.mu.Lock()
	prompts := gem.prompts["W"]
	gem.mu.Unlock()
	if c.WantEndReason == string(contract.Verified) {
		return
	}
	if len(prompts) < 2 {
		t.Fatalf("the writer was asked %d times, want a repair pass", len(prompts))
	}
	for _, r := range c.WantReasons {
		if !strings.Contains(prompts[1], r) {
			t.Errorf("%s\nthe repair request does not name %q", c.Description, r)
		}
	}
}

// checkOutcome checks one lead's folder: verified with a brief, or its
// failure report whose first pass names every wanted reason.
func checkOutcome(t *testing.T, c adversarialCase, dir, endReason string) {
	t.Helper()
	if endReason != c.WantEndReason {
		t.Fatalf("%s\nended %s, want %s", c.Description, endReason, c.WantEndReason)
	}
	_, briefErr := os.Stat(filepath.Join(dir, "brief.json"))
	if (c.WantEndReason == string(contract.Verified)) != (briefErr == nil) {
		t.Fatalf("ended %s; brief.json present: %v", endReason, briefErr == nil)
	}
	got, _ := firstPassReasons(t, dir)
	for _, r := range c.WantReasons {
		if !slices.Contains(got, r) {
			t.Errorf("%s\nfirst-pass reasons %v lack %q", c.Description, got, r)
		}
	}
}

func leadsFile(t *testing.T, dir string, c adversarialCase) string {
	t.Helper()
	path := filepath.Join(dir, "leads.yaml")
	if err := os.WriteFile(path, []byte(fmt.Sprintf("- id: lead\n  topic: %q\n", c.Topic)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func caseEnv(epmcURL, geminiURL string) map[string]string {
	return map[string]string{
		"GOOGLE_GEMINI_BASE_URL": geminiURL, "GEMINI_API_KEY": "AIza-adversarial-test-key",
		"CITELOOP_EUROPEPMC_URL": epmcURL, "CITELOOP_CONTACT": "ops@example.org",
	}
}

// leadEndReason reads a lead's end reason from the run's summary.json.
func leadEndReason(t *testing.T, out string) string {
	t.Helper()
	_, lines := readSummary(t, out)
	if len(lines) != 1 {
		t.Fatalf("summary has %d leads, want 1", len(lines))
	}
	return string(lines[0].EndReason)
}

// TestAdversarialCasesThroughLeads runs the cases through `brief --leads`.
func TestAdversarialCasesThroughLeads(t *testing.T) {
	for name, c := range frontEndCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			epmc, gemURL, gem := caseServers(t, c)
			a, stdout, _ := testApp(caseEnv(epmc, gemURL))
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			err := runApp(context.Background(), a, []string{"brief", "--leads", leadsFile(t, dir, c), "--writer-model", "W", "--skeptic-model", "S",
				"--model-timeout", "5s", "--out", out, "--report", "--format", "md,json,html"})
			if c.WantEndReason == string(contract.Verified) && err != nil {
				t.Fatalf("%s: %v\n%s", c.Description, err, stdout)
			}
			checkOutcome(t, c, filepath.Join(out, "lead"), leadEndReason(t, out))
			repairNames(t, c, gem)
		})
	}
}

// TestAdversarialCasesThroughBatch runs the cases through `batch`.
func TestAdversarialCasesThroughBatch(t *testing.T) {
	for name, c := range frontEndCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			epmc, gemURL, gem := caseServers(t, c)
			a, stdout, _ := testApp(caseEnv(epmc, gemURL))
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			if err := runApp(context.Background(), a, []string{"batch", leadsFile(t, dir, c), "--writer-model", "W", "--skeptic-model", "S",
				"--model-timeout", "5s", "--out", out, "--log-level", "warn"}); err != nil {
				t.Fatalf("%s: %v\n%s", c.Description, err, stdout)
			}
			checkOutcome(t, c, filepath.Join(out, "lead"), leadEndReason(t, out))
			repairNames(t, c, gem)
		})
	}
}

// TestAdversarialCasesThroughMCP runs the cases through MCP write_brief on
// the built binary over stdio.
func TestAdversarialCasesThroughMCP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the binary once per case")
	}
	cases := frontEndCases(t)
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		c := cases[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			epmc, gemURL, gem := caseServers(t, c)
			cmd := exec.Command(mcpBinary(t), "--log-format", "json", "mcp", "--writer-model", "W", "--skeptic-model", "S", "--model-timeout", "5s")
			env := mcpEnv(t)
			for k, v := range caseEnv(epmc, gemURL) {
				env = append(env, k+"="+v)
			}
			cmd.Env = env
			client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, out := mcpCall(t, cs, &mcp.CallToolParams{Name: "write_brief", Arguments: map[string]any{"topic": c.Topic}})
			reason, _ := out["reason"].(string)
			if reason != c.WantEndReason {
				t.Fatalf("%s\nwrite_brief ended %q (%s), want %s", c.Description, reason, mcpText(res), c.WantEndReason)
			}
			if (reason == string(contract.Verified)) == res.IsError {
				t.Errorf("reason %s with isError %v", reason, res.IsError)
			}
			repairNames(t, c, gem)
		})
	}
}
