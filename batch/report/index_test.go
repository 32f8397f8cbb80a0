package report_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/report"
)

func TestWriteIndexListsNightsWithReports(t *testing.T) {
	root := t.TempDir()
	for _, night := range []string{"2026-11-29", "2026-11-30"} {
		src := fixture(t)
		if _, err := report.Write(src, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(src, filepath.Join(root, night)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, "2026-12-01"), 0o755); err != nil { // a night still running
		t.Fatal(err)
	}
	nights, err := report.WriteIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []report.Night{
		{Dir: "2026-11-30", Run: "r1", Leads: 5, Verified: 2, Failed: 3, Pending: 2},
		{Dir: "2026-11-29", Run: "r1", Leads: 5, Verified: 2, Failed: 3, Pending: 2},
	}
	if diff := cmp.Diff(want, nights); diff != "" {
		t.Errorf("nights (-want +got):\n%s", diff)
	}
	page, err := os.ReadFile(filepath.Join(root, report.IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range want {
		if !strings.Contains(string(page), `href="`+n.Dir+`/report.html"`) {
			t.Errorf("index.html does not link %s", n.Dir)
		}
	}
	if strings.Contains(string(page), "2026-12-01") {
		t.Error("index.html lists a night without a report")
	}
	if err := os.WriteFile(filepath.Join(root, "2026-11-29", report.JSONFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := report.WriteIndex(root); err == nil || !strings.Contains(err.Error(), "2026-11-29") {
		t.Errorf("a broken report.json: %v, want an error naming its night", err)
	}
}

// TestReportFilesAreReservedLeadNames: the report's files sit beside the
// lead folders, so the batch refuses a lead id that names one
// (batch.IsOwnName lists them; it cannot import this package).
func TestReportFilesAreReservedLeadNames(t *testing.T) {
	for _, name := range []string{report.JSONFile, report.HTMLFile, report.IndexFile} {
		if !batch.IsOwnName(name) {
			t.Errorf("batch.IsOwnName(%q) = false: a lead of that id would be a folder in the report's way", name)
		}
	}
}

// A failed night (its summary says why no lead ran) is marked failed in
// the index, and a night of a folder of leads files lists each file's
// report.
func TestWriteIndexFailedAndFolderNights(t *testing.T) {
	root := t.TempDir()
	failed := filepath.Join(root, "2026-12-02T020000Z")
	if err := os.MkdirAll(failed, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(failed, batch.SummaryFile), []byte(`{"run": "night-x", "error": "leads.csv holds no lead", "leads": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := report.Write(failed, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"a", "b"} {
		src := fixture(t)
		if _, err := report.Write(src, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, "2026-12-01T020000Z"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(src, filepath.Join(root, "2026-12-01T020000Z", part)); err != nil {
			t.Fatal(err)
		}
	}
	nights, err := report.WriteIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []report.Night{
		{Dir: "2026-12-02T020000Z", Run: "night-x", Error: "leads.csv holds no lead"},
		{Dir: "2026-12-01T020000Z/b", Run: "r1", Leads: 5, Verified: 2, Failed: 3, Pending: 2},
		{Dir: "2026-12-01T020000Z/a", Run: "r1", Leads: 5, Verified: 2, Failed: 3, Pending: 2},
	}
	if diff := cmp.Diff(want, nights); diff != "" {
		t.Errorf("nights (-want +got):\n%s", diff)
	}
	page, err := os.ReadFile(filepath.Join(root, report.IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<tr class="night failed">`) || !strings.Contains(string(page), "failed: leads.csv holds no lead") {
		t.Errorf("index.html does not mark the failed night:\n%s", page)
	}
	html, err := os.ReadFile(filepath.Join(failed, report.HTMLFile))
	if err != nil || !strings.Contains(string(html), "This run failed: no lead ran. leads.csv holds no lead") {
		t.Errorf("the failed night's report does not say why: %v", err)
	}
}
