package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"
	"github.com/santhosh-tekuri/jsonschema/v6"
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

func TestCheckTableFits80Columns(t *testing.T) {
	code, out := outputFixture(t)
	if code != exitNotVerified {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if w := runewidth.StringWidth(l); w > 80 {
			t.Errorf("line of %d columns: %q", w, l)
		}
	}
	for _, want := range []string{"10.1038/NNANO.2014.279", "paper/refs,1.bib:1", "Charges ride the s…", "4 DOIs in 1 file(s): 1 found, 1 not_found, 1 retracted, 1 unknown"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	_, problems := outputFixture(t, "--only-problems")
	if strings.Contains(problems, "NNANO") || !strings.Contains(problems, "notarealdoi") || !strings.Contains(problems, "4 DOIs in 1 file(s)") {
		t.Errorf("--only-problems:\n%s", problems)
	}
}

// TestCheckGitHubGolden: the workflow commands, exactly.
func TestCheckGitHubGolden(t *testing.T) {
	code, out := outputFixture(t, "--format", "github")
	if code != exitNotVerified {
		t.Fatalf("exit %d\n%s", code, out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	want := []string{
		"::error file=paper/refs%2C1.bib,line=2,title=citeloop%3A not_found::DOI 10.1371/notarealdoi: not_found (crossref)",
		"::error file=paper/refs%2C1.bib,line=3,title=citeloop%3A retracted::DOI 10.1234/retracted.1: retracted (crossref): A retracted paper",
		"::warning file=paper/refs%2C1.bib,line=4,title=citeloop%3A unknown::DOI 10.1371/journal.pone.0033693: unknown (crossref): ",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d:\n got %q\nwant %q...", i+1, lines[i], want[i])
		}
		if strings.ContainsAny(lines[i], "\r") {
			t.Errorf("line %d keeps a raw CR", i+1)
		}
	}
}

func TestCheckCSV(t *testing.T) {
	_, out := outputFixture(t, "--format", "csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for _, r := range recs {
		got = append(got, []string{r[0], r[1], r[4], r[5]})
	}
	want := [][]string{
		{"doi", "verdict", "file", "line"},
		{"10.1038/nnano.2014.279", "found", "paper/refs,1.bib", "1"},
		{"10.1371/notarealdoi", "not_found", "paper/refs,1.bib", "2"},
		{"10.1234/retracted.1", "retracted", "paper/refs,1.bib", "3"},
		{"10.1371/journal.pone.0033693", "unknown", "paper/refs,1.bib", "4"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("csv (-want +got):\n%s", diff)
	}
}

// TestCheckSARIFValidates: --format sarif is valid against the SARIF 2.1.0
// schema (testdata/sarif, see PROVENANCE.txt) and holds one result per
// problem citation.
func TestCheckSARIFValidates(t *testing.T) {
	schemaPath, err := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	schemaBytes, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	_, out := outputFixture(t, "--format", "sarif")
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaBytes))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("sarif is not JSON: %v\n%s", err, out)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("sarif does not validate: %v", err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
						Region           struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range log.Runs[0].Results {
		l := r.Locations[0].PhysicalLocation
		got = append(got, r.RuleID+" "+r.Level+" "+l.ArtifactLocation.URI+" "+string(rune('0'+l.Region.StartLine)))
	}
	want := []string{"not_found error paper/refs%2C1.bib 2", "retracted error paper/refs%2C1.bib 3", "unknown warning paper/refs%2C1.bib 4"}
	if diff := cmp.Diff(want, got); log.Version != "2.1.0" || diff != "" {
		t.Errorf("version %q; results (-want +got):\n%s", log.Version, diff)
	}
}

// TestCheckSARIFSchemaRejectsBrokenLog: the validation above can fail.
func TestCheckSARIFSchemaRejectsBrokenLog(t *testing.T) {
	schemaDoc, err := func() (any, error) {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
		if err != nil {
			return nil, err
		}
		return jsonschema.UnmarshalJSON(bytes.NewReader(b))
	}()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("s.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	broken, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[{"level":"fatal","message":{"text":"x"}}]}]}`))
	if sch.Validate(broken) == nil {
		t.Error("a log without driver name and with level fatal validated")
	}
}
