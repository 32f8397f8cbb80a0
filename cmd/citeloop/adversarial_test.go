package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

// adversarialDir holds the hostile drafts (format: its README.md).
var adversarialDir = filepath.Join("..", "..", "testdata", "adversarial")

// adversarialCase is one file of testdata/adversarial/cases. Fields this
// runner does not know are ignored, so the format can grow compatibly.
type adversarialCase struct {
	Class         string            `json:"class"`
	Description   string            `json:"description"`
	Sources       string            `json:"sources"`
	Oracle        string            `json:"oracle"`
	Topic         string            `json:"topic"`
	Writer        []json.RawMessage `json:"writer"`
	Skeptic       []json.RawMessage `json:"skeptic"`
	WantEndReason string            `json:"want_end_reason"`
	WantReasons   []string          `json:"want_reasons"`
	// Args are extra CLI flags, such as --include-retracted.
	Args []string `json:"args"`
	// WantInBrief are strings every brief format must contain (verified
	// cases only), such as a source span or a preprint mark.
	WantInBrief []string `json:"want_in_brief"`
	// WantInLedger are strings the ledger (ledger.json, or the report's
	// ledger) must contain, such as "10⁻⁴" for a source's 10<sup>-4</sup>.
	WantInLedger []string `json:"want_in_ledger"`
	// WantSkepticSees are strings the skeptic's first prompt must contain,
	// such as the text of a source cited in an unusual DOI spelling.
	WantSkepticSees []string `json:"want_skeptic_sees"`
}

func loadCases(t *testing.T) map[string]adversarialCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(adversarialDir, "cases", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no cases in %s", adversarialDir)
	}
	out := map[string]adversarialCase{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var c adversarialCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		switch {
		case c.Class == "" || !strings.HasPrefix(name, c.Class+"-"):
			t.Fatalf("%s: class %q must be the file name's prefix (<class>-<variant>.json)", p, c.Class)
		case len(c.Writer) == 0:
			t.Fatalf("%s: no writer answers", p)
		case c.WantEndReason == "":
			t.Fatalf("%s: no want_end_reason", p)
		case c.WantEndReason != string(contract.Verified) && len(c.WantReasons) == 0 && c.WantEndReason != string(contract.ModelError) && c.WantEndReason != string(contract.Refused):
			t.Fatalf("%s: a failing case must name its want_reasons", p)
		}
		if c.Sources == "" {
			c.Sources = "sources/default.json"
		}
		if c.Oracle == "" {
			c.Oracle = c.Sources
		}
		if c.Topic == "" {
			c.Topic = "cancer"
		}
		if len(c.Skeptic) == 0 {
			c.Skeptic = []json.RawMessage{json.RawMessage(`{"objections":[]}`)}
		}
		out[name] = c
	}
	return out
}

// scriptedGemini answers generateContent for model "W" (writer) and "S"
// (skeptic) with the case's answers in order, repeating the last.
type scriptedGemini struct {
	mu      sync.Mutex
	answers map[string][]json.RawMessage
	calls   map[string]int
	// prompts are the request bodies' texts per model, in order.
	prompts map[string][]string
}

func (g *scriptedGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Contents []struct {
			Parts []struct{ Text string } `json:"parts"`
		} `json:"contents"`
	}
	_ = json.Unmarshal(body, &req)
	var prompt strings.Builder
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			prompt.WriteString(p.Text)
		}
	}
	model := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1beta/models/"), ":generateContent")
	g.mu.Lock()
	g.prompts[model] = append(g.prompts[model], prompt.String())
	list := g.answers[model]
	n := g.calls[model]
	g.calls[model]++
	g.mu.Unlock()
	if len(list) == 0 {
		http.Error(w, `{"error":{"code":404,"status":"NOT_FOUND"}}`, http.StatusNotFound)
		return
	}
	raw := list[min(n, len(list)-1)]
	text := string(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		text = s // a malformed answer, given as a JSON string
	}
	resp, _ := json.Marshal(map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}, "finishReason": "STOP"}},
		"usageMetadata": map[string]any{"promptTokenCount": 100, "candidatesTokenCount": len(text) / 4},
	})
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(resp)
}

// firstPassReasons reads the gate's reason codes of the first pass from the
// brief (verified) or the failure report.
func firstPassReasons(t *testing.T, out string) ([]string, bool) {
	t.Helper()
	for _, name := range []string{"brief.json", brief.ReportFile} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Metrics struct {
				Iterations []struct {
					Reasons map[string]int `json:"reasons"`
				} `json:"iterations"`
			} `json:"metrics"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(doc.Metrics.Iterations) == 0 {
			return nil, true
		}
		var got []string
		for r := range doc.Metrics.Iterations[0].Reasons {
			got = append(got, r)
		}
		sort.Strings(got)
		return got, true
	}
	return nil, false
}

// TestAdversarialCases runs every case file through the real CLI `brief`
// command, the real genai SDK against a scripted Gemini and the real Europe
// PMC client against a fake Europe PMC serving the case's oracle records.
func TestAdversarialCases(t *testing.T) {
	for name, c := range loadCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			epmc := europepmctest.NewServer(t, europepmctest.Records(t, filepath.Join(adversarialDir, c.Oracle))...)
			gem := &scriptedGemini{answers: map[string][]json.RawMessage{"W": c.Writer, "S": c.Skeptic}, calls: map[string]int{}, prompts: map[string][]string{}}
			srv := httptest.NewServer(gem)
			defer srv.Close()
			a, stdout, stderr := testApp(map[string]string{
				"GOOGLE_GEMINI_BASE_URL": srv.URL, "GEMINI_API_KEY": "AIza-adversarial-test-key",
				"CITELOOP_EUROPEPMC_URL": epmc.URL, "CITELOOP_CONTACT": "ops@example.org",
			})
			out := t.TempDir()
			args := append([]string{"brief", "--sources", filepath.Join(adversarialDir, c.Sources), "--topic", c.Topic,
				"--writer-model", "W", "--skeptic-model", "S", "--model-timeout", "5s", "--out", out, "--report", "--format", "md,json,html"}, c.Args...)
			err := runApp(context.Background(), a, args)
			want := endReasonCode(contract.EndReason(c.WantEndReason))
			if code := exitCode(err); code != want {
				t.Fatalf("%s\nexit %d (%v), want %d (%s)\nstdout: %s\nstderr: %s", c.Description, code, err, want, c.WantEndReason, stdout, lastLines(stderr, 5))
			}
			got, found := firstPassReasons(t, out)
			if !found && c.WantEndReason != string(contract.Verified) && len(c.WantReasons) > 0 {
				t.Fatalf("no failure report in %s\nstdout: %s", out, stdout)
			}
			for _, r := range c.WantReasons {
				if !slices.Contains(got, r) {
					t.Errorf("%s\nfirst-pass reasons %v lack %q\nstdout: %s", c.Description, got, r, stdout)
				}
			}
			if len(c.WantSkepticSees) > 0 {
				gem.mu.Lock()
				prompts := gem.prompts["S"]
				gem.mu.Unlock()
				if len(prompts) == 0 {
					t.Fatal("the skeptic was never asked")
				}
				for _, w := range c.WantSkepticSees {
					if !strings.Contains(prompts[0], w) {
						t.Errorf("the skeptic's prompt lacks %q", w)
					}
				}
			}
			if len(c.WantInLedger) > 0 {
				ledger, err := os.ReadFile(filepath.Join(out, brief.LedgerFile))
				if errors.Is(err, os.ErrNotExist) {
					ledger, err = os.ReadFile(filepath.Join(out, brief.ReportFile))
				}
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range c.WantInLedger {
					if !bytes.Contains(ledger, []byte(w)) {
						t.Errorf("the ledger lacks %q", w)
					}
				}
			}
			for _, f := range []brief.Format{brief.Markdown, brief.JSON, brief.HTML} {
				data, err := os.ReadFile(filepath.Join(out, brief.BriefFile(f)))
				switch {
				case c.WantEndReason != string(contract.Verified) && err == nil:
					t.Errorf("a %s run wrote %s", c.WantEndReason, brief.BriefFile(f))
				case c.WantEndReason == string(contract.Verified) && err != nil:
					t.Errorf("verified run wrote no %s: %v", brief.BriefFile(f), err)
				case err == nil:
					for _, w := range c.WantInBrief {
						if !bytes.Contains(data, []byte(w)) {
							t.Errorf("%s lacks %q", brief.BriefFile(f), w)
						}
					}
				}
			}
			if c.WantEndReason == string(contract.Verified) {
				showsItsProse(t, out)
			}
		})
	}
}

func lastLines(b *bytes.Buffer, n int) string {
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestAdversarialREADMETable: the README's table of classes and counts is
// the cases folder's (go test -run READMETable -update rewrites it).
func TestAdversarialREADMETable(t *testing.T) {
	counts := map[string]int{}
	for _, c := range loadCases(t) {
		counts[c.Class]++
	}
	var classes []string
	for k := range counts {
		classes = append(classes, k)
	}
	sort.Strings(classes)
	var table strings.Builder
	table.WriteString("| class | cases |\n|---|---|\n")
	total := 0
	for _, k := range classes {
		fmt.Fprintf(&table, "| `%s` | %d |\n", k, counts[k])
		total += counts[k]
	}
	fmt.Fprintf(&table, "| total | %d |\n", total)

	const begin, end = "<!-- cases:begin (generated by go test ./cmd/citeloop -run READMETable -update) -->\n", "<!-- cases:end -->"
	path := filepath.Join(adversarialDir, "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q … %q markers", path, strings.TrimSpace(begin), end)
	}
	updated := doc[:i+len(begin)] + table.String() + doc[j:]
	if *update {
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if updated != doc {
		t.Errorf("%s: the table of classes is stale; run go test ./cmd/citeloop -run READMETable -update\nwant:\n%s", path, table.String())
	}
}
