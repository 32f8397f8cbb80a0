package agents_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

var update = flag.Bool("update", false, "rewrite agents/testdata/*.golden.json")

// canonical re-indents a JSON body with sorted keys, so goldens are stable
// and readable.
func canonical(t *testing.T, body []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("request body is not JSON: %v", err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func checkGolden(t *testing.T, name string, body []byte) {
	t.Helper()
	got := canonical(t, body)
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./agents -run Golden -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("request body differs from %s (-want +got):\n%s", path, diff)
	}
}

// TestGoldenRequests pins the exact HTTP body each prompt sends through the
// real SDKs: system instruction, sources as data blocks, schema, sampling.
func TestGoldenRequests(t *testing.T) {
	l := loadLedger(t)
	prev, diags, objs := repairCase(t, l)
	tests := []struct {
		name string
		give replyFunc
		run  func(m agents.Model) error
		open bool
	}{
		{name: "gemini_writer", give: geminiText(draftJSON(t, l), "STOP"), run: func(m agents.Model) error {
			_, err := agents.NewWriter(m).Write(context.Background(), contract.WriteRequest{Lead: l.Lead, Ledger: l, Iteration: 1})
			return err
		}},
		{name: "gemini_repair", give: geminiText(`{"title":"","sections":[],"refused":true,"missing":"no source supports these claims"}`, "STOP"), run: func(m agents.Model) error {
			_, err := agents.NewWriter(m).Write(context.Background(), contract.WriteRequest{Lead: l.Lead, Ledger: l, Iteration: 2, Previous: &prev, Diagnostics: diags, Objections: objs})
			return err
		}},
		{name: "gemini_skeptic", give: geminiText(`{"objections":[]}`, "STOP"), run: func(m agents.Model) error {
			_, err := agents.NewSkeptic(m).Review(context.Background(), contract.ReviewRequest{Lead: l.Lead, Ledger: l, Iteration: 1, Draft: prev})
			return err
		}},
		{name: "openai_writer", open: true, give: openaiText(draftJSON(t, l), "stop"), run: func(m agents.Model) error {
			_, err := agents.NewWriter(m).Write(context.Background(), contract.WriteRequest{Lead: l.Lead, Ledger: l, Iteration: 1})
			return err
		}},
		{name: "openai_skeptic", open: true, give: openaiText(`{"objections":[]}`, "stop"), run: func(m agents.Model) error {
			_, err := agents.NewSkeptic(m).Review(context.Background(), contract.ReviewRequest{Lead: l.Lead, Ledger: l, Iteration: 1, Draft: prev})
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFake(t, tt.give)
			var m agents.Model = newGemini(t, srv.URL, "gemini-2.5-flash")
			if tt.open {
				m = newOpenAI(t, srv.URL, "qwen2.5:7b")
			}
			if err := tt.run(m); err != nil {
				t.Fatal(err)
			}
			if srv.calls() != 1 {
				t.Fatalf("calls = %d, want 1", srv.calls())
			}
			checkGolden(t, tt.name, srv.body(0))
		})
	}
}
