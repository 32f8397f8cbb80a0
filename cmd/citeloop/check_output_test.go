package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// outputFixture checks one file of four DOIs (found, not found, retracted,
// unknown) from inside its folder, so paths print relative.
func outputFixture(t *testing.T, args ...string) (int, string) {
	t.Helper()
	long := "Charges ride the spin wave: a very long title that goes on and on well past eighty columns"
	known := map[string]string{
		doiA:    crossrefWork(doiA, long, false),
		doiRetr: crossrefWork(doiRetr, "A retracted paper", true),
		doiB:    crossrefWork(doiB, "Methylphenidate", false),
	}
	srv, _ := fakeCrossrefServer(t, known, map[string]bool{doiB: true})
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	if err := os.MkdirAll(filepath.Join(dir, "paper"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "paper"), "refs,1.bib", "@article{a, doi = {10.1038/NNANO.2014.279}}\n"+
		"@article{b, doi = {10.1371/notarealdoi}}\n@article{c, doi = {10.1234/retracted.1}}\n"+
		"@article{d, doi = {10.1371/journal.pone.0033693}}\n")
	t.Chdir(dir)
	code, stdout, _, _ := runCheckCLI(t, nil, "", append([]string{"--config", cfg, "check"}, append(args, filepath.Join("paper", "refs,1.bib"))...)...)
	return code, stdout
}

// TestCheckTableFits: --width (a terminal's width by default) fits the
// table, wrapping what does not fit; piped, with no width, every row is one
// line and nothing is cut; the summary names the oracle that could not
// answer and why.
func TestCheckTableFits(t *testing.T) {
	code, out := outputFixture(t, "--width", "80")
	if code != exitNotVerified {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line of %d columns: %q", w, l)
		}
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"10.1038/NNANO.2014.279", "paper/refs,1.bib:1", "well past eighty columns", "4 references in 1 file(s): 1 found, 1 not_found, 1 retracted, 1 unknown",
		"crossref could not answer: crossref: lookup 1 DOIs"} {
		if !strings.Contains(flat, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	_, piped := outputFixture(t)
	if lines := strings.Split(strings.TrimRight(piped, "\n"), "\n"); len(lines) != 7 || !strings.Contains(piped, "on and on well past eighty columns") {
		t.Errorf("piped: want a header, four rows, the summary and the cause on one line each, nothing cut:\n%s", piped)
	}
	_, problems := outputFixture(t, "--only-problems")
	if strings.Contains(problems, "NNANO") || !strings.Contains(problems, "notarealdoi") || !strings.Contains(problems, "4 references in 1 file(s)") {
		t.Errorf("--only-problems:\n%s", problems)
	}
}

// TestCheckFormats: --format picks check's writer (check's tests specify
// each one's content: the GitHub golden, CSV, SARIF against its schema),
// and --json is --format json with the exit code in it.
func TestCheckFormats(t *testing.T) {
	tests := []struct {
		args []string
		want func(string) bool
	}{
		{[]string{"--format", "github"}, func(out string) bool {
			return strings.HasPrefix(out, "::error file=paper/refs%2C1.bib,line=2,title=citeloop%3A not_found::") && strings.Count(out, "\n") == 3
		}},
		{[]string{"--format", "csv"}, func(out string) bool {
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			return err == nil && len(recs) == 5 && recs[0][0] == "doi" && recs[2][1] == "not_found"
		}},
		{[]string{"--format", "sarif"}, func(out string) bool {
			var log struct {
				Version string `json:"version"`
				Runs    []struct {
					Results []json.RawMessage `json:"results"`
				} `json:"runs"`
			}
			return json.Unmarshal([]byte(out), &log) == nil && log.Version == "2.1.0" && len(log.Runs) == 1 && len(log.Runs[0].Results) == 3
		}},
		{[]string{"--json"}, func(out string) bool {
			var rep checkReport
			return json.Unmarshal([]byte(out), &rep) == nil && rep.ExitCode == exitNotVerified && len(rep.DOIs) == 4
		}},
		{[]string{"--format", "json", "--only-problems"}, func(out string) bool {
			var rep checkReport
			return json.Unmarshal([]byte(out), &rep) == nil && len(rep.DOIs) == 3 && rep.Summary["found"] == 1
		}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out := outputFixture(t, tt.args...)
			if code != exitNotVerified || !tt.want(out) {
				t.Errorf("exit %d, output:\n%s", code, out)
			}
		})
	}
	code, _, _, err := runCheckCLI(t, nil, "", "check", "--format", "xml", "-")
	if code != exitUsage || err == nil || !strings.Contains(err.Error(), "--format") {
		t.Errorf("--format xml: exit %d (%v), want a usage error", code, err)
	}
}
