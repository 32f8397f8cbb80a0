package agents_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

// TestRepairFixesTheTitleAndHeadings: a title and a heading the gate
// faulted (diagnostics without a claim id) are sent with their problems
// and the claims of the heading's section, and the answer's title and
// headings replace them; every claim stays byte-identical.
func TestRepairFixesTheTitleAndHeadings(t *testing.T) {
	l := loadLedger(t)
	prev, _, _ := repairCase(t, l)
	prev.Title = "Evidence brief: type 2 diabetes"
	prev.Sections[1].Heading = "15-Year Survival"
	diags := []contract.Diagnostic{
		{Reason: contract.ReasonNumberNotInQuote, Detail: "title: “2” (read as 2) is in no quote of the draft"},
		{Reason: contract.ReasonNumberNotInQuote, Section: 2, Detail: "heading of section 2: “15-Year” (read as 15 yr) is in none of the section's quotes"},
	}
	answer := contract.Draft{Title: "Evidence brief: diabetes", Sections: []contract.Section{{Heading: "Clinical findings", Claims: []contract.Claim{}}}}
	srv := newFake(t, geminiText(mustJSON(answer), "STOP"))
	res, err := agents.NewWriter(newGemini(t, srv.URL, "m")).Write(context.Background(),
		contract.WriteRequest{Ledger: l, Iteration: 2, Previous: &prev, Diagnostics: diags})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	want := prev
	want.Title = "Evidence brief: diabetes"
	want.Sections = []contract.Section{prev.Sections[0], {Heading: "Clinical findings", Claims: prev.Sections[1].Claims}}
	if diff := cmp.Diff(want, res.Draft); diff != "" {
		t.Errorf("merged draft (-want +got):\n%s", diff)
	}
	user := userText(t, srv.body(0))
	for _, s := range []string{"<failed_prose>", `"title": "Evidence brief: type 2 diabetes"`, `"heading": "15-Year Survival"`, `"section": 2`,
		"number_not_in_quote", prev.Sections[1].Claims[0].Text} {
		if !strings.Contains(user, s) {
			t.Errorf("repair prompt lacks %q", s)
		}
	}
	if strings.Contains(user, "<failed_claims>") || strings.Contains(user, prev.Sections[0].Claims[0].Text) {
		t.Errorf("repair prompt sends claims nobody faulted:\n%s", user)
	}
}

// TestRepairKeepsWhatWasNotAskedFor: the answer's title and headings are
// ignored unless the gate faulted them; a blank answer keeps a faulted
// title and drops a faulted heading.
func TestRepairKeepsWhatWasNotAskedFor(t *testing.T) {
	l := loadLedger(t)
	prev, diags, _ := repairCase(t, l)
	fixedC2 := contract.Claim{ID: "C2", Text: "Mental comorbidity is common in patients with cancer.", Citations: []contract.Citation{{DOI: l.Entries[1].DOI, Quote: quote(l.Entries[1], 8)}}}
	run := func(diags []contract.Diagnostic, answer contract.Draft) contract.Draft {
		srv := newFake(t, geminiText(mustJSON(answer), "STOP"))
		res, err := agents.NewWriter(newGemini(t, srv.URL, "m")).Write(context.Background(),
			contract.WriteRequest{Ledger: l, Iteration: 2, Previous: &prev, Diagnostics: diags})
		if err != nil {
			t.Fatalf("Write: %v", err)
		}
		return res.Draft
	}
	got := run(diags, contract.Draft{Title: "Injected", Sections: []contract.Section{{Heading: "Injected", Claims: []contract.Claim{fixedC2}}}})
	if got.Title != prev.Title || got.Sections[0].Heading != prev.Sections[0].Heading || got.Sections[1].Heading != prev.Sections[1].Heading {
		t.Errorf("a claim repair changed the title or a heading: %q, %q, %q", got.Title, got.Sections[0].Heading, got.Sections[1].Heading)
	}
	blank := run([]contract.Diagnostic{{Reason: contract.ReasonReferenceInText}, {Reason: contract.ReasonReferenceInText, Section: 1}},
		contract.Draft{Title: " ", Sections: []contract.Section{{Heading: "", Claims: []contract.Claim{}}}})
	if blank.Title != prev.Title || blank.Sections[0].Heading != "" || blank.Sections[1].Heading != prev.Sections[1].Heading {
		t.Errorf("blank answer: title %q, headings %q and %q", blank.Title, blank.Sections[0].Heading, blank.Sections[1].Heading)
	}
}

// TestRepairMatchesIdsByTheOneIdRule: a diagnostic naming "c2", an
// objection naming " c4 " and an answer returning "c2" reach claims "C2"
// and "C4" (contract.FoldID), and the fix keeps the draft's id.
func TestRepairMatchesIdsByTheOneIdRule(t *testing.T) {
	l := loadLedger(t)
	prev, _, _ := repairCase(t, l)
	diags := []contract.Diagnostic{{ClaimID: "c2", DOI: "10.9999/fake.1", Reason: contract.ReasonNotInSources}}
	objs := []contract.Objection{{ClaimID: " c4 ", Kind: contract.KindOverclaim, Detail: "cell lines, not a cure"}}
	fixed := contract.Claim{ID: "c2", Text: "Mental comorbidity is common in patients with cancer.", Citations: []contract.Citation{{DOI: l.Entries[1].DOI, Quote: quote(l.Entries[1], 8)}}}
	srv := newFake(t, geminiText(mustJSON(contract.Draft{Title: "", Sections: []contract.Section{{Heading: "", Claims: []contract.Claim{fixed}}}}), "STOP"))
	res, err := agents.NewWriter(newGemini(t, srv.URL, "m")).Write(context.Background(),
		contract.WriteRequest{Ledger: l, Iteration: 2, Previous: &prev, Diagnostics: diags, Objections: objs})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	want := fixed
	want.ID = "C2"
	got := res.Draft.Sections[0].Claims
	if len(got) != 2 || !cmp.Equal(got[1], want) {
		t.Errorf("section 1 claims = %+v, want C1 and the fix of C2 as C2", got)
	}
	if n := len(res.Draft.Sections); n != 2 || len(res.Draft.Sections[1].Claims) != 1 {
		t.Errorf("C4, objected to and not fixed, should be dropped: %+v", res.Draft.Sections)
	}
	user := userText(t, srv.body(0))
	for _, s := range []string{`"C2"`, `"C4"`, "not_in_sources", "overclaim"} {
		if !strings.Contains(user, s) {
			t.Errorf("repair prompt lacks %q", s)
		}
	}
}
