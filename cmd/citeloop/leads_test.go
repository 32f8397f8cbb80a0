package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

func TestBriefLeadsFile(t *testing.T) {
	dir := t.TempDir()
	leads := filepath.Join(dir, "leads.yaml")
	if err := os.WriteFile(leads, []byte(`
- id: screening
  topic: breast cancer
- id: bad-orcid
  orcid: 0000-0002-1825-0098
- id: zebrafish
  topic: zebrafish fin regeneration
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	// Markdown only: resume must not depend on brief.json.
	args := []string{"brief", "--offline", "--leads", leads, "--out", out, "--format", "md"}

	a, stdout, stderr := testApp(nil)
	err := runApp(context.Background(), a, args)
	if got := exitCode(err); got != exitUsage {
		t.Errorf("exit = %d (%v), want %d for a file with an invalid row", got, err, exitUsage)
	}
	// Leads run concurrently on the batch queue: progress is the batch's
	// (a bar on a terminal, log lines otherwise), and stdout ends with the
	// count of each end reason.
	if !strings.Contains(stdout.String(), "2 leads ended (1 refused, 1 verified)") {
		t.Errorf("stdout does not count the leads by end reason:\n%s", stdout)
	}
	if !strings.Contains(stderr.String(), "orcid") || !strings.Contains(stderr.String(), "leads.yaml") {
		t.Errorf("stderr does not name the file and field of the bad row: %s", stderr)
	}
	sum, lines := readSummary(t, out)
	if len(sum.InvalidRows) != 1 || len(lines) != 2 || sum.Ended != 2 {
		t.Fatalf("summary has %d invalid rows and %d leads, want 1 and 2: %+v", len(sum.InvalidRows), len(lines), sum)
	}
	want := map[string]contract.EndReason{"screening": contract.Verified, "zebrafish": contract.Refused}
	for _, l := range lines {
		if want[l.ID] != l.EndReason {
			t.Errorf("lead %s ended %s, want %s", l.ID, l.EndReason, want[l.ID])
		}
	}
	// Every lead ends in its folder with outcome.json and either its brief
	// or its failure report, never both.
	for _, tt := range []struct {
		give         string
		want, absent []string
	}{
		{"screening", []string{"brief.md", brief.LedgerFile, batch.OutcomeFile}, []string{brief.ReportFile}},
		{"zebrafish", []string{brief.ReportFile, batch.OutcomeFile}, []string{"brief.md", brief.LedgerFile}},
	} {
		for _, name := range tt.want {
			if _, err := os.Stat(filepath.Join(out, tt.give, name)); err != nil {
				t.Errorf("lead %s has no %s: %v", tt.give, name, err)
			}
		}
		for _, name := range tt.absent {
			if _, err := os.Stat(filepath.Join(out, tt.give, name)); !os.IsNotExist(err) {
				t.Errorf("lead %s has %s (err %v), want none", tt.give, name, err)
			}
		}
	}
	first, err := os.ReadFile(filepath.Join(out, "screening", "brief.md"))
	if err != nil {
		t.Fatal(err)
	}

	// A second run calls no model for the lead whose sources did not
	// change: it ends unchanged and its brief stands.
	a, stdout, _ = testApp(nil)
	_ = runApp(context.Background(), a, args)
	got := batchSummary(t, out)
	if got["screening"] != string(contract.Unchanged) {
		t.Errorf("second run: screening ended %q, want %s: %+v", got["screening"], contract.Unchanged, got)
	}
	if again, err := os.ReadFile(filepath.Join(out, "screening", "brief.md")); err != nil || string(again) != string(first) {
		t.Errorf("second run changed the standing brief (err %v)", err)
	}
	if !strings.Contains(stdout.String(), "1 unchanged") {
		t.Errorf("stdout does not count the unchanged lead: %s", stdout)
	}
}

func TestBriefLeadsExcludesSingleLeadFlags(t *testing.T) {
	a, _, _ := testApp(nil)
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--leads", "x.yaml", "--topic", "t", "--out", t.TempDir()})
	if exitCode(err) != exitUsage || !strings.Contains(err.Error(), "--leads") {
		t.Errorf("err = %v, want a usage error about --leads", err)
	}
}

func TestBriefIncludeRetractedKeepsThemFlagged(t *testing.T) {
	for _, include := range []bool{false, true} {
		a, _, _ := testApp(nil)
		out := t.TempDir()
		args := []string{"brief", "--offline", "--topic", "school-based suicide prevention", "--out", out, "--report"}
		if include {
			args = append(args, "--include-retracted")
		}
		_ = runApp(context.Background(), a, args)
		// The ledger is in ledger.json for a verified run, in the failure
		// report otherwise.
		var report struct {
			Ledger contract.Ledger
		}
		if _, err := os.Stat(filepath.Join(out, brief.LedgerFile)); err == nil {
			readJSON(t, filepath.Join(out, brief.LedgerFile), &report.Ledger)
		} else {
			readJSON(t, filepath.Join(out, brief.ReportFile), &report)
		}
		found := false
		for _, e := range report.Ledger.Entries {
			if e.DOI == "10.3928/02793695-20260701-01" {
				found = true
				if !e.Retracted {
					t.Error("retracted paper is in the ledger without its flag")
				}
			}
		}
		if found != include {
			t.Errorf("--include-retracted=%v: retracted paper in ledger = %v", include, found)
		}
	}
}
