package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/contract"
)

// A batch leaves report.json and report.html beside summary.json, counting
// the same outcomes.
func TestBatchWritesReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	a, stdout, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"batch", "--offline", "--out", out, "--log-level", "warn", writeLeads(t, batchLeads)}); err != nil {
		t.Fatalf("batch: %v\nstdout: %s\nstderr: %s", err, stdout, stderr)
	}
	var r report.Report
	readJSON(t, filepath.Join(out, report.JSONFile), &r)
	if diff := cmp.Diff(map[contract.EndReason]int{"verified": 2, "refused": 1}, r.Totals.Outcomes); diff != "" {
		t.Errorf("report outcomes (-want +got):\n%s", diff)
	}
	got := map[string]string{}
	for _, l := range r.Leads {
		got[l.ID] = string(l.Outcome)
		if l.Outcome == "verified" && (l.Iterations < 1 || l.Link == "") {
			t.Errorf("verified lead %s: %d iterations, link %q; want both", l.ID, l.Iterations, l.Link)
		}
	}
	if diff := cmp.Diff(batchSummary(t, out), got); diff != "" {
		t.Errorf("report leads differ from summary.json (-summary +report):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(out, report.HTMLFile)); err != nil {
		t.Errorf("report.html: %v", err)
	}
}
