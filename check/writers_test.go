package check_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"
	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// fourRows checks one file citing four DOIs: found (with a title past 80
// columns), not found, retracted, unknown.
func fourRows(t *testing.T) check.Report {
	t.Helper()
	fake := oracletest.NewFake("crossref", []oracles.Record{
		{DOI: "10.1038/nnano.2014.279", Title: "Charges ride the spin wave: a very long title that goes on and on well past eighty columns"},
		{DOI: "10.1234/retracted.1", Title: "A retracted paper", Retracted: true},
		{DOI: "10.1371/journal.pone.0033693", Title: "Methylphenidate"},
	}, nil)
	c := check.New(downOracle{fake, map[string]bool{"10.1371/journal.pone.0033693": true}}, nil, check.Options{})
	text := "@article{a, doi = {10.1038/NNANO.2014.279}}\n@article{b, doi = {10.1371/notarealdoi}}\n" +
		"@article{c, doi = {10.1234/retracted.1}}\n@article{d, doi = {10.1371/journal.pone.0033693}}\n"
	return c.Check(context.Background(), []check.Document{{Name: filepath.Join("paper", "refs,1.bib"), Text: text}})
}

// TestWriteTextFits: on a terminal the table fits its width and wraps
// what does not fit, a DOI never cut; piped, each row is one line and
// nothing is cut; the summary counts every verdict and says why an oracle
// could not answer.
func TestWriteTextFits(t *testing.T) {
	rep := fourRows(t)
	for _, width := range []int{60, 80, 120} {
		var b strings.Builder
		if err := rep.WriteText(&b, width); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if w := runewidth.StringWidth(l); w > width && !strings.Contains(l, "10.") && !strings.Contains(l, "could not answer") {
				t.Errorf("width %d: line of %d columns: %q", width, w, l)
			}
		}
		for _, want := range []string{"DOI", "VERDICT", "WHERE", "TITLE", "10.1038/NNANO.2014.279", "paper/refs,1.bib:1", "eighty",
			"4 references in 1 file(s): 1 found, 1 not_found, 1 retracted, 1 unknown", "crossref could not answer: crossref: 503"} {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
				t.Errorf("width %d: table lacks %q:\n%s", width, want, out)
			}
		}
	}
	var b strings.Builder
	if err := rep.WriteText(&b, 0); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 1+4+2 || !strings.Contains(lines[1], "well past eighty columns") {
		t.Errorf("piped: want a header, one line per row, the summary and the cause, the title whole:\n%s", b.String())
	}
	b.Reset()
	if err := rep.OnlyProblems().WriteText(&b, 80); err != nil {
		t.Fatal(err)
	}
	if p := b.String(); strings.Contains(p, "NNANO") || !strings.Contains(p, "notarealdoi") || !strings.Contains(p, "4 references in 1 file(s)") {
		t.Errorf("only problems:\n%s", p)
	}
}

// TestWriteGitHubGolden: the workflow commands, exactly.
func TestWriteGitHubGolden(t *testing.T) {
	var b strings.Builder
	if err := fourRows(t).WriteGitHub(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	want := []string{
		"::error file=paper/refs%2C1.bib,line=2,title=citeloop%3A not_found::DOI 10.1371/notarealdoi: not_found (crossref)",
		"::error file=paper/refs%2C1.bib,line=3,title=citeloop%3A retracted::DOI 10.1234/retracted.1: retracted (crossref): A retracted paper",
		"::warning file=paper/refs%2C1.bib,line=4,title=citeloop%3A unknown::DOI 10.1371/journal.pone.0033693: unknown (crossref): ",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), b.String())
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

func TestWriteCSV(t *testing.T) {
	var b strings.Builder
	if err := fourRows(t).WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
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

// sarifSchema compiles the SARIF 2.1.0 schema of testdata/sarif (see
// PROVENANCE.txt).
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestWriteSARIFValidates: the log is valid SARIF 2.1.0 and holds one
// result per problem citation.
func TestWriteSARIFValidates(t *testing.T) {
	var b strings.Builder
	if err := fourRows(t).WriteSARIF(&b, "devel"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("sarif is not JSON: %v\n%s", err, out)
	}
	if err := sarifSchema(t).Validate(inst); err != nil {
		t.Errorf("sarif does not validate: %v", err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID              string            `json:"ruleId"`
				Level               string            `json:"level"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				Locations           []struct {
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
	seen := map[string]bool{}
	for _, r := range log.Runs[0].Results {
		fp := r.PartialFingerprints["citeloopReference/v1"]
		if len(fp) != 24 || seen[fp] {
			t.Errorf("result %s: partialFingerprints %v, want a distinct citeloopReference/v1", r.RuleID, r.PartialFingerprints)
		}
		seen[fp] = true
		l := r.Locations[0].PhysicalLocation
		got = append(got, r.RuleID+" "+r.Level+" "+l.ArtifactLocation.URI+" "+string(rune('0'+l.Region.StartLine)))
	}
	want := []string{"not_found error paper/refs%2C1.bib 2", "retracted error paper/refs%2C1.bib 3", "unknown warning paper/refs%2C1.bib 4"}
	if diff := cmp.Diff(want, got); log.Version != "2.1.0" || diff != "" {
		t.Errorf("version %q; results (-want +got):\n%s", log.Version, diff)
	}
}

// TestSARIFFingerprintsStable: a result's fingerprint does not change when
// its line does, so code scanning tracks the alert across runs, and the
// log validates with go-sarif's own schema check too.
func TestSARIFFingerprintsStable(t *testing.T) {
	rep := fourRows(t)
	var a, b strings.Builder
	if err := rep.WriteSARIF(&a, "devel"); err != nil {
		t.Fatal(err)
	}
	for i := range rep.DOIs {
		for j := range rep.DOIs[i].Locations {
			rep.DOIs[i].Locations[j].Line += 7
		}
	}
	if err := rep.WriteSARIF(&b, "devel"); err != nil {
		t.Fatal(err)
	}
	fps := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if strings.Contains(l, "citeloopReference/v1") {
				out = append(out, strings.TrimSpace(l))
			}
		}
		return out
	}
	if got, want := fps(b.String()), fps(a.String()); len(got) != 3 || !cmp.Equal(got, want) {
		t.Errorf("fingerprints after the lines moved %q, before %q", got, want)
	}
	log, err := sarif.FromString(a.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := log.Validate(); err != nil {
		t.Errorf("go-sarif validation: %v", err)
	}
}

// TestSARIFSchemaRejectsBrokenLog: the validation above can fail.
func TestSARIFSchemaRejectsBrokenLog(t *testing.T) {
	broken, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[{"level":"fatal","message":{"text":"x"}}]}]}`))
	if sarifSchema(t).Validate(broken) == nil {
		t.Error("a log without driver name and with level fatal validated")
	}
}

// TestRelativeTo: paths inside the folder print relative to it; others,
// and standard input, as given.
func TestRelativeTo(t *testing.T) {
	dir := t.TempDir()
	rep := check.Report{Files: []string{filepath.Join(dir, "a", "refs.bib"), "/elsewhere/x.md", "<stdin>"}, DOIs: []check.Row{{
		Locations: []check.Location{{File: filepath.Join(dir, "a", "refs.bib")}, {File: "/elsewhere/x.md"}, {File: "<stdin>"}},
	}}}
	got := rep.RelativeTo(dir)
	want := []string{filepath.Join("a", "refs.bib"), "/elsewhere/x.md", "<stdin>"}
	if diff := cmp.Diff(want, got.Files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	for i, l := range got.DOIs[0].Locations {
		if l.File != want[i] {
			t.Errorf("location %d: %q, want %q", i, l.File, want[i])
		}
	}
	if rep.DOIs[0].Locations[0].File == got.DOIs[0].Locations[0].File {
		t.Error("RelativeTo changed the report it was called on")
	}
}
