package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/engine"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
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
	for _, want := range []string{"== [1/2] lead screening (", "== [2/2] lead zebrafish ("} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout does not say %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr.String(), "orcid") || !strings.Contains(stderr.String(), "leads.yaml") {
		t.Errorf("stderr does not name the file and field of the bad row: %s", stderr)
	}
	var sum engine.Summary
	readJSON(t, filepath.Join(out, engine.SummaryFile), &sum)
	if len(sum.InvalidRows) != 1 || len(sum.Leads) != 2 {
		t.Fatalf("summary has %d invalid rows and %d leads, want 1 and 2: %+v", len(sum.InvalidRows), len(sum.Leads), sum)
	}
	want := map[string]pipeline.EndReason{"screening": pipeline.Verified, "zebrafish": pipeline.Refused}
	for _, l := range sum.Leads {
		if want[l.ID] != l.EndReason {
			t.Errorf("lead %s ended %s, want %s", l.ID, l.EndReason, want[l.ID])
		}
	}
	if _, err := os.Stat(filepath.Join(out, "screening", "brief.md")); err != nil {
		t.Errorf("verified lead has no brief: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "zebrafish")); !os.IsNotExist(err) {
		t.Errorf("refused lead left a directory: %v", err)
	}

	// A second run resumes: the verified lead is kept, not redone.
	a, stdout, _ = testApp(nil)
	_ = runApp(context.Background(), a, args)
	readJSON(t, filepath.Join(out, engine.SummaryFile), &sum)
	if !sum.Leads[0].Skipped || sum.Leads[0].ID != "screening" {
		t.Errorf("second run redid the verified lead: %+v", sum.Leads[0])
	}
	if !strings.Contains(stdout.String(), "verified earlier") {
		t.Errorf("stdout does not say the lead was kept: %s", stdout)
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
		if _, err := os.Stat(filepath.Join(out, pipeline.LedgerFile)); err == nil {
			readJSON(t, filepath.Join(out, pipeline.LedgerFile), &report.Ledger)
		} else {
			readJSON(t, filepath.Join(out, pipeline.ReportFile), &report)
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
