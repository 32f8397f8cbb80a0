package brief_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// textOracle confirms DOIs with the records given (title and abstract).
type textOracle map[string]oracles.Record

func (o textOracle) Name() string { return "epmc" }
func (o textOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	out := map[string]oracles.Result{}
	for _, d := range dois {
		r := o[d]
		out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "epmc", Record: &r}
	}
	return out
}

// TestBriefShowsSourceSpansPreprintsAndProvenance: in every format a quote
// is the source's own characters, a preprint is marked, a quote checked only
// against the user's file says so, and differing texts are noted.
func TestBriefShowsSourceSpansPreprintsAndProvenance(t *testing.T) {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1234/file", Title: "File only", Abstract: "The \u201cintervention\u201d arm \u2014 screened twice \u2014 did better."},
		{ID: "S2", DOI: "10.1234/ppr", Title: "Early results", Abstract: "Uptake rose to 10\u207b\u00b2 of invited adults in 2024.", Preprint: true},
		{ID: "S3", DOI: "10.1234/differs", Title: "Differs", Abstract: "Follow-up lasted five years in every cohort."},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	o := textOracle{
		"10.1234/file":    {DOI: "10.1234/file", Title: "File only"},
		"10.1234/ppr":     {DOI: "10.1234/ppr", Title: "Early results", Abstract: l.Entries[1].Abstract, Preprint: true},
		"10.1234/differs": {DOI: "10.1234/differs", Title: "Differs", Abstract: "Revised. Follow-up lasted five years in every cohort."},
	}
	d := contract.Draft{Title: "B", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
		{ID: "c1", Text: "Twice is better.", Citations: []contract.Citation{{DOI: "10.1234/file", Quote: `the "intervention" arm - screened twice - did better`}}},
		{ID: "c2", Text: "Uptake rose.", Citations: []contract.Citation{{DOI: "https://doi.org/10.1234/PPR", Quote: "uptake rose to 10⁻² of invited adults"}}},
		{ID: "c3", Text: "Five years.", Citations: []contract.Citation{{DOI: "10.1234/differs", Quote: "follow‐up lasted five years in every cohort"}}},
	}}}}
	res := verified(t, l, o, d)
	dir := t.TempDir()
	assemble(t, dir, res, brief.Markdown, brief.JSON, brief.HTML)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	md, js, html := read("brief.md"), read("brief.json"), read("brief.html")
	for name, doc := range map[string]string{"md": md, "json": js, "html": html} {
		for _, want := range []string{
			"\u201cintervention\u201d arm \u2014 screened twice \u2014 did better",
			"Uptake rose to 10\u207b\u00b2 of invited adults",
			"Follow-up lasted five years in every cohort",
			"checked against your sources file only",
			"differs from your sources file",
		} {
			if !strings.Contains(doc, want) {
				t.Errorf("brief.%s lacks %q", name, want)
			}
		}
		if !strings.Contains(doc, brief.PreprintMark) {
			t.Errorf("brief.%s lacks the preprint mark %q", name, brief.PreprintMark)
		}
		for _, typed := range []string{`the "intervention" arm - screened`, "follow‐up lasted"} {
			if strings.Contains(doc, typed) {
				t.Errorf("brief.%s shows the model's spelling %q", name, typed)
			}
		}
	}
	var doc struct {
		References []struct {
			DOI      string
			Preprint bool
		}
		Sections []struct {
			Claims []struct {
				Citations []struct {
					CheckedAgainst string `json:"checked_against"`
					TextDiffers    bool   `json:"text_differs"`
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, c := range doc.Sections[0].Claims {
		got = append(got, c.Citations[0].CheckedAgainst)
	}
	if strings.Join(got, ",") != "file,oracle,oracle" || !doc.Sections[0].Claims[2].Citations[0].TextDiffers || doc.Sections[0].Claims[1].Citations[0].TextDiffers {
		t.Errorf("provenance = %v %+v", got, doc.Sections[0].Claims)
	}
	if len(doc.References) != 3 || doc.References[0].Preprint || !doc.References[1].Preprint {
		t.Errorf("references = %+v", doc.References)
	}
}
