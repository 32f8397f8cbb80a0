package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// fixture writes a batch folder as the batch writes it: summary.json and,
// per lead, outcome.json with the run's metrics and the brief or failure
// report.
func fixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	metrics := func(iters int, d time.Duration) contract.Metrics {
		m := contract.Metrics{Duration: d, Writer: contract.Usage{PromptTokens: 100, OutputTokens: 10}, Skeptic: contract.Usage{PromptTokens: 50, OutputTokens: 5}}
		for i := range iters {
			m.Iterations = append(m.Iterations, contract.Iteration{N: i + 1})
		}
		return m
	}
	failed := func(fs ...contract.Diagnostic) []byte {
		data, err := json.Marshal(map[string]any{"NOT_A_BRIEF": "x", "verdict": gates.Verdict{Failures: fs}})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	outcomes := []batch.Record{
		{Key: "a-ok", Outcome: contract.Outcome{Reason: contract.Verified, Detail: "verified", Metrics: metrics(1, 2*time.Second)}, Attempts: 1, Files: map[string][]byte{"brief.html": []byte("<p>"), "ledger.json": []byte("{}")}},
		{Key: "b-same", Outcome: contract.Outcome{Reason: contract.Unchanged, Detail: "same ledger"}, Attempts: 1, Files: map[string][]byte{"brief.md": []byte("#")}},
		{Key: "c-cap", Outcome: contract.Outcome{Reason: contract.IterationCap, Detail: "3 passes", Metrics: metrics(3, 40*time.Second)}, Attempts: 1, Files: map[string][]byte{brief.ReportFile: failed(
			contract.Diagnostic{ClaimID: "c1", DOI: "10.1/x", Reason: contract.Reason("quote_not_found")},
			contract.Diagnostic{ClaimID: "c2", DOI: "10.1/y", Reason: contract.Reason("open_objection"), Kind: contract.ObjectionKind("overreach")},
		)}},
		{Key: "d-oracle", Outcome: contract.Outcome{Reason: contract.OracleUnavailable, Detail: "europepmc 503", Metrics: metrics(1, 11*time.Minute)}, Attempts: 5, Files: map[string][]byte{brief.ReportFile: failed(
			contract.Diagnostic{ClaimID: "c1", DOI: "10.1/z", Reason: contract.Reason("quote_not_found")},
		)}},
		{Key: "e-<script>", Outcome: contract.Outcome{Reason: contract.Refused, Detail: "<b>too few sources</b>", Metrics: metrics(0, 0)}, Attempts: 1},
	}
	writeRun(t, dir, "r1", "leads.csv", 2, outcomes)
	return dir
}

// writeRun writes into dir each outcome, as a batch writes it, and
// summary.json listing them, without the counts (as before they were
// recorded): the report counts the lines.
func writeRun(tb testing.TB, dir, run, file string, pending int, outcomes []batch.Record) {
	tb.Helper()
	sum := struct {
		Run       string              `json:"run"`
		File      string              `json:"file,omitempty"`
		Leads     []batch.LeadSummary `json:"leads"`
		Pending   int                 `json:"pending"`
		StartedAt time.Time           `json:"started_at"`
		EndedAt   time.Time           `json:"ended_at"`
	}{Run: run, File: file, Leads: []batch.LeadSummary{}, Pending: pending,
		StartedAt: time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC), EndedAt: time.Date(2026, 11, 30, 2, 13, 20, 0, time.UTC)}
	for _, o := range outcomes {
		if err := batch.WriteOutcome(dir, o); err != nil {
			tb.Fatal(err)
		}
		sum.Leads = append(sum.Leads, batch.LeadSummary{ID: o.Key, EndReason: o.Reason, Detail: o.Detail, Attempts: o.Attempts})
	}
	data, err := json.Marshal(sum)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, batch.SummaryFile), data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

func TestWriteCountsWhatTheFolderHolds(t *testing.T) {
	dir := fixture(t)
	now := time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)
	r, err := report.Write(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	var got report.Report
	data, err := os.ReadFile(filepath.Join(dir, report.JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	// report.json, written a line at a time, is the report Build holds
	// whole; Write returns its head.
	built, err := report.Build(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(built, got); diff != "" {
		t.Errorf("report.json differs from the built report (-want +got):\n%s", diff)
	}
	if !json.Valid(data) || len(got.Leads) != 5 {
		t.Errorf("report.json is not valid JSON with 5 leads:\n%s", data)
	}
	page, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	if want, err := report.HTML(built); err != nil || string(want) != string(page) {
		t.Errorf("report.html, rendered a line at a time, differs from the page of the built report (err %v)", err)
	}
	head := got
	head.Leads = nil
	if diff := cmp.Diff(head, r); diff != "" {
		t.Errorf("Write's report differs from report.json's head (-want +got):\n%s", diff)
	}
	wantOutcomes := map[contract.EndReason]int{"verified": 1, "unchanged": 1, "iteration_cap": 1, "oracle_unavailable": 1, "refused": 1}
	if diff := cmp.Diff(wantOutcomes, got.Totals.Outcomes); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		give contract.EndReason
		want float64
	}{{"verified", 0.2}, {"unchanged", 0.2}, {"no_progress", 0}, {"model_error", 0}, {"refused", 0.2}} {
		if v, ok := got.Totals.Rates[tt.give]; !ok || v != tt.want {
			t.Errorf("rate %s = %v (present %v), want %v", tt.give, v, ok, tt.want)
		}
	}
	if diff := cmp.Diff(map[string]int{"quote_not_found": 2, "open_objection": 1}, got.GateFailures); diff != "" {
		t.Errorf("gate failures (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]int{"overreach": 1}, got.Objections); diff != "" {
		t.Errorf("objections (-want +got):\n%s", diff)
	}
	if got.Totals.Pending != 2 || got.Totals.Leads != 5 || got.Totals.Tokens != 4*165 {
		t.Errorf("totals = %+v, want 5 leads, 2 pending, %d tokens", got.Totals, 4*165)
	}
	wantLinks := map[string]string{"a-ok": "a-ok/brief.html", "b-same": "b-same/brief.md", "c-cap": "c-cap/" + brief.ReportFile, "d-oracle": "d-oracle/" + brief.ReportFile, "e-<script>": ""}
	gotLinks := map[string]string{}
	for _, l := range got.Leads {
		gotLinks[l.ID] = l.Link
	}
	if diff := cmp.Diff(wantLinks, gotLinks); diff != "" {
		t.Errorf("links (-want +got):\n%s", diff)
	}
	c := got.Leads[2]
	if c.ID != "c-cap" || c.Iterations != 3 || c.Duration != 40*time.Second || len(c.Unverified) != 2 {
		t.Errorf("c-cap line = %+v", c)
	}
}

func TestBuildErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := report.Build(dir, time.Now()); err == nil {
		t.Fatal("Build of a folder without summary.json: no error")
	}
	dir = fixture(t)
	bad := filepath.Join(dir, "c-cap", batch.OutcomeFile)
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := report.Build(dir, time.Now())
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("Build with a broken outcome.json: %v, want an error naming %s", err, bad)
	}
}

// A run with no outcome yet has a report too: no lines, zero rates.
func TestWriteWithoutLeads(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, batch.SummaryFile), []byte(`{"run": "r0", "leads": [], "pending": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := report.Write(dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, report.JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	var got report.Report
	if err := json.Unmarshal(data, &got); err != nil || got.Leads == nil || len(got.Leads) != 0 || got.Totals.Pending != 3 || r.Totals.Leads != 0 {
		t.Errorf("report.json %s (%v): want no lines and 3 pending", data, err)
	}
}

// Durations read as people write them.
func TestDuration(t *testing.T) {
	for _, tt := range []struct {
		give time.Duration
		want string
	}{
		{0, "–"}, {850 * time.Millisecond, "850 ms"}, {time.Second, "1 s"}, {4200 * time.Millisecond, "4.2 s"},
		{38 * time.Second, "38 s"}, {time.Minute, "1 min"}, {200 * time.Second, "3 min 20 s"},
		{2*time.Hour + 5*time.Minute, "2 h 5 min"}, {3 * time.Hour, "3 h"},
	} {
		if got := report.Duration(tt.give); got != tt.want {
			t.Errorf("Duration(%s) = %q, want %q", tt.give, got, tt.want)
		}
	}
}
