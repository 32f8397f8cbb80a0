package agents_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

// repairCase is a four-claim draft in two sections where the gate rejected
// C2 (a DOI not in the sources) and the skeptic objected to C4.
func repairCase(t *testing.T, l contract.Ledger) (contract.Draft, []contract.Diagnostic, []contract.Objection) {
	t.Helper()
	e := l.Entries
	d := contract.Draft{Title: "Cancer care", Sections: []contract.Section{
		{Heading: "Psychology", Claims: []contract.Claim{
			{ID: "C1", Text: "Psychological flexibility relates to health outcomes.", Citations: []contract.Citation{{DOI: e[0].DOI, Quote: quote(e[0], 8)}}},
			{ID: "C2", Text: "Psychosocial care halves mortality.", Citations: []contract.Citation{{DOI: "10.9999/fake.1", Quote: "psychosocial care halves mortality"}}},
		}},
		{Heading: "Clinical", Claims: []contract.Claim{
			{ID: "C3", Text: "Active surveillance is used for localized prostate cancer.", Citations: []contract.Citation{{DOI: e[2].DOI, Quote: quote(e[2], 6)}}},
			{ID: "C4", Text: "Hydrogen sulfide cures cancer.", Citations: []contract.Citation{{DOI: e[4].DOI, Quote: quote(e[4], 6)}}},
		}},
	}}
	diags := []contract.Diagnostic{{ClaimID: "C2", DOI: "10.9999/fake.1", Reason: contract.ReasonNotInSources, Detail: "DOI is not in the ledger"}}
	objs := []contract.Objection{{ClaimID: "C4", Kind: contract.KindOverclaim, Detail: "the source reports an effect in cell lines, not a cure"}}
	return d, diags, objs
}

// userText extracts the user turn of a captured Gemini request.
func userText(t *testing.T, body []byte) string {
	t.Helper()
	var req struct {
		Contents []struct {
			Parts []struct{ Text string } `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Contents) == 0 || len(req.Contents[0].Parts) == 0 {
		t.Fatalf("no user text in request: %v", err)
	}
	return req.Contents[0].Parts[0].Text
}

func TestRepairSendsOnlyFailedClaimsAndMerges(t *testing.T) {
	l := loadLedger(t)
	prev, diags, objs := repairCase(t, l)
	fixedC2 := contract.Claim{ID: "C2", Text: "Mental comorbidity is common in patients with cancer.", Citations: []contract.Citation{{DOI: l.Entries[1].DOI, Quote: quote(l.Entries[1], 8)}}}
	answer := contract.Draft{Title: "ignored", Sections: []contract.Section{{Heading: "ignored", Claims: []contract.Claim{
		fixedC2,
		// C4 is left out (cannot be supported); C9 was never asked for.
		{ID: "C9", Text: "An injected claim.", Citations: []contract.Citation{}},
	}}}}
	srv := newFake(t, geminiText(mustJSON(answer), "STOP"))
	w := agents.NewWriter(newGemini(t, srv.URL, "m"))
	res, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l, Iteration: 2, Previous: &prev, Diagnostics: diags, Objections: objs})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	want := contract.Draft{Title: "Cancer care", Sections: []contract.Section{
		{Heading: "Psychology", Claims: []contract.Claim{prev.Sections[0].Claims[0], fixedC2}},
		{Heading: "Clinical", Claims: []contract.Claim{prev.Sections[1].Claims[0]}},
	}}
	if diff := cmp.Diff(want, res.Draft); diff != "" {
		t.Errorf("merged draft (-want +got):\n%s", diff)
	}
	// Untouched claims are byte-identical.
	for _, i := range [][2]int{{0, 0}, {1, 0}} {
		if got, want := mustJSON(res.Draft.Sections[i[0]].Claims[i[1]]), mustJSON(prev.Sections[i[0]].Claims[i[1]]); got != want {
			t.Errorf("untouched claim changed: %s != %s", got, want)
		}
	}
	user := userText(t, srv.body(0))
	for _, s := range []string{`"C2"`, `"C4"`, "not_in_sources", "10.9999/fake.1", "overclaim", "cell lines"} {
		if !strings.Contains(user, s) {
			t.Errorf("repair prompt lacks %q", s)
		}
	}
	for _, s := range []string{prev.Sections[0].Claims[0].Text, prev.Sections[1].Claims[0].Text} {
		if strings.Contains(user, s) {
			t.Errorf("repair prompt re-sends an untouched claim: %q", s)
		}
	}
}

func TestRepairLeavingNoClaimRefuses(t *testing.T) {
	l := loadLedger(t)
	prev := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
		{ID: "C1", Text: "x", Citations: []contract.Citation{{DOI: "10.9999/fake", Quote: "q"}}},
	}}}}
	srv := newFake(t, geminiText(`{"title":"","sections":[],"refused":true,"missing":"no source on x"}`, "STOP"))
	res, err := agents.NewWriter(newGemini(t, srv.URL, "m")).Write(context.Background(), contract.WriteRequest{
		Ledger: l, Previous: &prev, Diagnostics: []contract.Diagnostic{{ClaimID: "C1", DOI: "10.9999/fake", Reason: contract.ReasonNotInSources}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Draft.Refused || res.Draft.Missing == "" || len(res.Draft.Claims()) != 0 {
		t.Errorf("draft = %+v, want refused with nothing left", res.Draft)
	}
}

// TestRepairPromptIsSmallerThanFirstPass measures prompt tokens (the fake
// reports request bytes / 4) of a first pass and of repair passes.
func TestRepairPromptIsSmallerThanFirstPass(t *testing.T) {
	l := loadLedger(t)
	prev, _, _ := repairCase(t, l)
	answer := geminiText(`{"title":"","sections":[],"refused":true,"missing":"no source supports these claims"}`, "STOP")
	tokens := func(req contract.WriteRequest) int {
		srv := newFake(t, answer)
		res, err := agents.NewWriter(newGemini(t, srv.URL, "m")).Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return res.Usage.PromptTokens
	}
	first := tokens(contract.WriteRequest{Ledger: l})
	quoteFix := tokens(contract.WriteRequest{Ledger: l, Previous: &prev, Diagnostics: []contract.Diagnostic{
		{ClaimID: "C3", DOI: l.Entries[2].DOI, Reason: contract.ReasonQuoteNotFound, Quote: "x"},
	}})
	fabricated := tokens(contract.WriteRequest{Ledger: l, Previous: &prev, Diagnostics: []contract.Diagnostic{
		{ClaimID: "C2", DOI: "10.9999/fake.1", Reason: contract.ReasonNotInSources},
	}})
	t.Logf("prompt tokens: first pass %d, repair of one quote %d (%.0f%%), repair of one fabricated DOI %d (%.0f%%)",
		first, quoteFix, 100*float64(quoteFix)/float64(first), fabricated, 100*float64(fabricated)/float64(first))
	if quoteFix >= first/2 {
		t.Errorf("quote repair sends %d tokens, want under half of the first pass's %d", quoteFix, first)
	}
	if fabricated >= first*3/2 {
		t.Errorf("fabricated-DOI repair sends %d tokens, want well under 1.5x the first pass's %d", fabricated, first)
	}
}
