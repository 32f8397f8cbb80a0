package pipeline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

// adversarialDir holds the hostile drafts (format: its README.md).
const adversarialDir = "../testdata/adversarial"

// adversarialCase is one case file.
type adversarialCase struct {
	Class         string            `json:"class"`
	Description   string            `json:"description"`
	Sources       string            `json:"sources"`
	Oracle        string            `json:"oracle"`
	Topic         string            `json:"topic"`
	Writer        []json.RawMessage `json:"writer"`
	Skeptic       []json.RawMessage `json:"skeptic"`
	WantEndReason string            `json:"want_end_reason"`
	WantReasons   []contract.Reason `json:"want_reasons"`

	// Asserted by the CLI runner (cmd/citeloop/adversarial_test.go) only.
	Args            []string `json:"args"`
	WantInBrief     []string `json:"want_in_brief"`
	WantInLedger    []string `json:"want_in_ledger"`
	WantSkepticSees []string `json:"want_skeptic_sees"`
}

// answers turns a case's answers into the raw texts a model returns: a
// JSON string is the text itself (malformed on purpose), anything else is
// sent as written.
func answers(t *testing.T, raws []json.RawMessage) []string {
	t.Helper()
	out := make([]string, 0, len(raws))
	for _, raw := range raws {
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				t.Fatalf("answer %s: %v", raw, err)
			}
			out = append(out, s)
			continue
		}
		out = append(out, string(raw))
	}
	return out
}

// scripted is a model that answers its script in order, repeating the last
// answer, as the fake Gemini of the CLI runner does.
type scripted struct {
	name    string
	answers []string
	mu      sync.Mutex
	calls   int
}

func (s *scripted) Name() string { return s.name }

func (s *scripted) Generate(context.Context, agents.Request) (agents.Response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	text := s.answers[min(s.calls, len(s.answers)-1)]
	s.calls++
	return agents.Response{Text: text, FinishReason: agents.FinishStop}, nil
}

// TestAdversarialCases runs every case of testdata/adversarial/cases
// through the real pipeline at gate level: the ledger from the case's
// sources file as `brief --sources` builds it, the real agents (contract
// parsing, skeptic id matching, retry policy) on a scripted model instead of
// the fake Gemini server, the gate with a snapshot oracle over the case's
// oracle file in place of the fake Europe PMC. The CLI runner of these files
// adds the HTTP layers; the outcome must be the same.
func TestAdversarialCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(adversarialDir, "cases", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 30 {
		t.Fatalf("%d adversarial cases, want at least 30", len(paths))
	}
	classes := map[string]int{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			c := loadCase(t, path)
			classes[c.Class]++
			if len(c.Args) > 0 {
				t.Skipf("case sets CLI flags %q; the CLI runner (cmd/citeloop) runs it", c.Args)
			}
			if !strings.HasPrefix(name, c.Class+"-") {
				t.Fatalf("case file %s is not named <class>-<variant>.json for class %q", name, c.Class)
			}
			res := runCase(t, c)
			if string(res.Reason) != c.WantEndReason {
				t.Errorf("end reason = %s (%s), want %s", res.Reason, res.Detail, c.WantEndReason)
			}
			if (res.Reason == contract.Verified) == res.Proof.IsZero() {
				t.Errorf("end reason %s with proof zero = %v", res.Reason, res.Proof.IsZero())
			}
			var first map[contract.Reason]int
			if len(res.Metrics.Iterations) > 0 {
				first = res.Metrics.Iterations[0].Reasons
			}
			for _, want := range c.WantReasons {
				if first[want] == 0 {
					t.Errorf("first pass reasons %v lack %s", first, want)
				}
			}
			checkGateCatchesContractBreach(t, c)
		})
	}
	for _, class := range []string{"reference_in_text", "number_not_in_quote", "objection_unknown_claim", "objection_case", "duplicate_keys", "blank_prose", "hidden_characters"} {
		if classes[class] < 3 {
			t.Errorf("class %s has %d cases, want several variants", class, classes[class])
		}
	}
}

func loadCase(t *testing.T, path string) adversarialCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c adversarialCase
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("case %s: %v", path, err)
	}
	if c.Sources == "" {
		c.Sources = "sources/default.json"
	}
	if c.Oracle == "" {
		c.Oracle = c.Sources
	}
	if len(c.Skeptic) == 0 {
		c.Skeptic = []json.RawMessage{json.RawMessage(`{"objections":[]}`)}
	}
	if len(c.Writer) == 0 || c.WantEndReason == "" || c.Class == "" {
		t.Fatalf("case %s needs class, writer and want_end_reason", path)
	}
	return c
}

func runCase(t *testing.T, c adversarialCase) pipeline.Result {
	t.Helper()
	corpus, err := snapshot.LoadFile(filepath.Join(adversarialDir, c.Oracle))
	if err != nil {
		t.Fatal(err)
	}
	oracle := snapshot.NewOracle(corpus)
	now := func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
	retry := agents.WithRetryPolicy(agents.RetryPolicy{MaxAttempts: 4, Check: agents.DefaultCheckRetry})
	runner := &pipeline.Runner{
		Collector:     collect.NewFileCollector(filepath.Join(adversarialDir, c.Sources), oracle, collect.Options{Now: now, ReadResponse: europepmc.ReadResponse}),
		Writer:        agents.NewWriter(&scripted{name: "writer", answers: answers(t, c.Writer)}, retry),
		Skeptic:       agents.NewSkeptic(&scripted{name: "skeptic", answers: answers(t, c.Skeptic)}, retry),
		Gate:          gates.New(oracle, gates.WithClock(now)),
		MaxIterations: 3,
		Now:           now,
	}
	res, err := runner.Run(context.Background(), contract.Lead{Topic: c.Topic})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res
}

// checkGateCatchesContractBreach: a draft with hidden characters or blank
// prose is a contract breach for a model, but a scripted Go writer's draft
// never meets the contract parser; the gate must fail it on its own.
func checkGateCatchesContractBreach(t *testing.T, c adversarialCase) {
	t.Helper()
	want := map[string]contract.Reason{"hidden_characters": contract.ReasonHiddenCharacters, "blank_prose": contract.ReasonBlankText}[c.Class]
	if want == "" {
		return
	}
	var d contract.Draft
	if err := json.Unmarshal([]byte(answers(t, c.Writer)[0]), &d); err != nil {
		t.Fatalf("lenient decode: %v", err)
	}
	corpus, err := snapshot.LoadFile(filepath.Join(adversarialDir, c.Oracle))
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := collect.NewFileCollector(filepath.Join(adversarialDir, c.Sources), nil, collect.Options{ReadResponse: europepmc.ReadResponse}).Collect(context.Background(), contract.Lead{Topic: c.Topic})
	if err != nil {
		t.Fatal(err)
	}
	v, proof := gates.New(snapshot.NewOracle(corpus)).Check(context.Background(), d, ledger, nil)
	if v.Verified || !proof.IsZero() || !slices.ContainsFunc(v.Failures, func(f contract.Diagnostic) bool { return f.Reason == want }) {
		t.Errorf("gate on the draft past the contract: verified %v, failures %+v; want %s", v.Verified, v.Failures, want)
	}
}
