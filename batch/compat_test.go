package batch

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/citeloop/citeloop/contract"
)

var update = flag.Bool("update", false, "rewrite the files in testdata/compat")

func compareCompat(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "compat", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

// What the batch stores stays byte for byte what it was when
// testdata/compat was recorded: a lead's outcome.json and its job's output
// (every field set), and a summary.json.
func TestStoredOutcomesKeepTheirBytes(t *testing.T) {
	m := contract.Metrics{Sources: 2, StartedAt: time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC), Duration: 3 * time.Second,
		Iterations: []contract.Iteration{{N: 1, Writer: contract.Usage{Calls: 1, PromptTokens: 100}, Claims: 2, Citations: 3, Failures: 1,
			Reasons: map[contract.Reason]int{"not_in_sources": 1}, GateTime: time.Millisecond}},
		Writer: contract.Usage{Calls: 1, PromptTokens: 100}, Reasons: map[contract.Reason]int{"not_in_sources": 1}}
	outcomes := []Record{
		{Key: "verified", Outcome: contract.Outcome{Reason: contract.Verified, Detail: "all 3 citations verified", Metrics: m}, Attempts: 2, Fingerprint: "f1",
			Files: map[string][]byte{"brief.md": []byte("# B\n"), "ledger.json": []byte("{}")}},
		{Key: "unchanged", Outcome: contract.Outcome{Reason: contract.Unchanged, Detail: "same sources"}, Attempts: 1, Fingerprint: "f1", Standing: &Ref{Run: "r0", Job: 7},
			Files: map[string][]byte{"brief.md": []byte("# B\n")}},
		{Key: "retried", Outcome: contract.Outcome{Reason: contract.ModelError, Detail: "writer: 503", Metrics: m}, Retry: true, Attempts: 5, Fingerprint: "f2",
			Files: map[string][]byte{"FAILED-not-a-brief.json": []byte("{}")}},
		{Key: "errored", Outcome: contract.Outcome{Reason: contract.Errored, Detail: "collecting sources: broken"}, Attempts: 1},
	}
	dir := t.TempDir()
	sum := Summary{Run: "r1", File: "leads.yaml", InvalidRows: []string{"leads.yaml: row 3: no topic"}, Enqueued: 4, Pending: 1}
	var buf bytes.Buffer
	sw := &summaryWriter{w: &buf}
	sw.head(sum)
	for _, o := range outcomes {
		if err := WriteOutcome(dir, o); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, o.Key, OutcomeFile))
		if err != nil {
			t.Fatal(err)
		}
		compareCompat(t, o.Key+".outcome.json", data)
		out, err := json.Marshal(outputOf(o))
		if err != nil {
			t.Fatal(err)
		}
		compareCompat(t, o.Key+".output.json", out)
		l := leadSummary(o, "out")
		sum.add(l)
		if err := sw.lead(l); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.tail(sum); err != nil {
		t.Fatal(err)
	}
	compareCompat(t, SummaryFile, buf.Bytes())
}
