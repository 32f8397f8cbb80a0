package report_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/batch/report"
)

var update = flag.Bool("update", false, "rewrite the files in testdata/compat")

// The report and the outcome files it reads stay byte for byte what they
// were when testdata/compat was recorded.
func TestReportFilesKeepTheirBytes(t *testing.T) {
	dir := fixture(t)
	if _, err := report.Write(dir, time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	names := []string{report.JSONFile, report.HTMLFile, batch.SummaryFile}
	for _, key := range []string{"a-ok", "b-same", "c-cap", "d-oracle", "e-<script>"} {
		names = append(names, filepath.Join(key, batch.OutcomeFile))
	}
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "compat", strings.NewReplacer("/", "_", "<", "", ">", "").Replace(name))
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
}
