package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles/all"
)

// embeddedCoverage is the coverage of the embedded corpus under the
// default configuration: what the README states.
func embeddedCoverage(t testing.TB) coverage {
	t.Helper()
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	c, err := offlineCoverage(context.Background(), configs.Default(), all.Backends(), off)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var spaces = regexp.MustCompile(`\s+`)

// checkCoverageStated fails unless doc (README.md, say) states the
// embedded corpus's coverage exactly as the generator says it today, line
// breaks aside: "holds 30 records, mostly from 2025 (25) and about cancer
// (21 titles); topics that work offline: ...". A change to the corpus, the
// writer, the skeptic or the gate that changes the coverage then fails the
// doc's test, not a reader.
func checkCoverageStated(t testing.TB, name, doc string) {
	t.Helper()
	want := strings.TrimPrefix(embeddedCoverage(t).Sentence(), "the offline corpus ")
	if !strings.Contains(spaces.ReplaceAllString(doc, " "), want) {
		t.Errorf("%s does not state the offline corpus's coverage as generated; want it to say:\n%s", name, want)
	}
}

// TestOfflineCoverage: the embedded corpus's coverage is computed from it,
// and every topic it lists verifies offline with claims that are findings,
// never a background, aim or methods sentence or a fragment, by the
// writer's own classifier.
func TestOfflineCoverage(t *testing.T) {
	c := embeddedCoverage(t)
	if c.Records != 34 || c.Year != "2025" || c.Word != "cancer" { // 30 search records and 4 derived from recorded full texts
		t.Errorf("coverage %+v, want 34 records mostly from 2025 about cancer", c)
	}
	if len(c.Topics) < 3 || !strings.Contains(strings.Join(c.Topics, ","), "breast cancer") {
		t.Fatalf("topics that work offline %q, want at least 3 with breast cancer", c.Topics)
	}
	checkCoverageStated(t, "the generator's own sentence", "It "+strings.TrimPrefix(c.Sentence(), "the offline corpus "))

	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	off, _ := engine.EmbeddedOffline()
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off, Formats: []brief.Format{brief.Markdown}})
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range c.Topics {
		res, _, err := b.RunLead(context.Background(), contract.Lead{Topic: topic})
		if err != nil || res.Reason != contract.Verified {
			t.Errorf("%s: ended %s (%s), %v", topic, res.Reason, res.Detail, err)
			continue
		}
		for _, cl := range res.Draft.Claims() {
			for _, ct := range cl.Citations {
				e, _ := res.Ledger.ByDOI(ct.DOI)
				kind := contract.Reason("")
				for _, s := range offline.Classify(e.Abstract) {
					if strings.Contains(s.Text, ct.Quote) {
						kind = contract.Reason(s.Kind)
					}
				}
				if kind != contract.Reason(offline.Finding) {
					t.Errorf("%s: claim %s quotes a %q sentence: %q", topic, cl.ID, kind, ct.Quote)
				}
			}
		}
	}
}

// TestOfflineDemoShowsTheLoop: through the CLI, the offline brief on
// "breast cancer" draws the rule skeptic's objections on pass 1, the
// extractive writer repairs or drops the objected claims, and pass 2
// verifies; an offline refusal states the corpus's coverage.
func TestOfflineDemoShowsTheLoop(t *testing.T) {
	out := filepath.Join(t.TempDir(), "brief")
	a, stdout, stderr := testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", out}); err != nil {
		t.Fatalf("brief: %v\n%s\n%s", err, stdout, stderr)
	}
	if !strings.Contains(stdout.String(), "verified on pass 2") {
		t.Errorf("stdout %q, want verified on pass 2", stdout)
	}
	data, err := os.ReadFile(filepath.Join(out, "brief.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Metrics contract.Metrics `json:"metrics"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	its := doc.Metrics.Iterations
	if len(its) != 2 || its[0].Objections == 0 || its[1].Objections != 0 {
		t.Fatalf("iterations %+v, want objections on pass 1 and none on pass 2", its)
	}
	md, _ := os.ReadFile(filepath.Join(out, "brief.md"))
	for _, want := range []string{"# Sourced brief: breast cancer", "## Claims with verified quotes", "(a study in China)", "writer: offline/extractive"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("brief.md lacks %q", want)
		}
	}
	if strings.Contains(string(md), "&lt;") || strings.Contains(string(md), "Verified by") {
		t.Errorf("brief.md holds a raw entity or the old overclaim:\n%s", md)
	}

	a, stdout, _ = testApp(nil)
	err = runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "lung cancer", "--out", filepath.Join(t.TempDir(), "lung")})
	if exitCode(err) != exitRefused {
		t.Fatalf("lung cancer: exit %d (%v), want refused", exitCode(err), err)
	}
	want := embeddedCoverage(t).Sentence()
	if !strings.Contains(stdout.String(), want[1:]) || !strings.Contains(stdout.String(), "topics that work offline: ") {
		t.Errorf("the refusal does not state the coverage %q:\n%s", want, stdout)
	}
}
