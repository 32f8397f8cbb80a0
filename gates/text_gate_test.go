package gates_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// TestGateChecksProse runs drafts whose citations all pass through the
// gate: only their prose is wrong, and the verdict must say how.
func TestGateChecksProse(t *testing.T) {
	quote := "Screening reduced mortality by 20%"
	cite := []contract.Citation{{DOI: "10.1234/alpha", Quote: quote}}
	withText := func(text string) contract.Draft {
		return draftOf(contract.Claim{ID: "c1", Text: text, Citations: cite})
	}
	tests := []struct {
		name  string
		draft contract.Draft
		want  []contract.Diagnostic
	}{
		{name: "faithful claim", draft: withText("Screening cut mortality by 20 %."), want: nil},
		{name: "number not in quote", draft: withText("Screening cut mortality by 30%."), want: []contract.Diagnostic{
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote, Detail: "the number 30% is in none of this claim's quotes"}}},
		{name: "doi in claim", draft: withText("Screening cut mortality by 20% (doi:10.1016/j.canep.2025.102866)."), want: []contract.Diagnostic{
			{ClaimID: "c1", Reason: contract.ReasonReferenceInText},
			// The DOI's digits are numbers its quote does not hold, too.
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote},
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote}}},
		{name: "url in heading", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "Results, see https://example.org", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText}}},
		// The diagnostic names the heading that holds the reference.
		{name: "url in second heading", draft: contract.Draft{Title: "T", Sections: []contract.Section{
			{Heading: "Background", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims},
			{Heading: "Results, see https://example.org", Claims: []contract.Claim{{ID: "c2", Text: "Screening cut mortality by 20%.", Citations: cite}}}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText, Detail: `heading of section 2 holds the reference "https://"; references come only from the citations`}}},
		{name: "author-year in title", draft: contract.Draft{Title: "Screening (Smith et al., 2020)", Sections: withText("Screening cut mortality by 20%.").Sections}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText}, {Reason: contract.ReasonNumberNotInQuote}}},
		{name: "number in heading its section's quotes hold", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "A 20% drop", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: nil},
		{name: "number in heading no quote holds", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "A 93.4% drop", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonNumberNotInQuote, Detail: "heading of section 1: the number 93.4% is in none of the section's quotes"}}},
		{name: "number in title no quote holds", draft: contract.Draft{Title: "Screening cuts mortality by 30%", Sections: withText("Screening cut mortality by 20%.").Sections}, want: []contract.Diagnostic{
			{Reason: contract.ReasonNumberNotInQuote, Detail: "title: the number 30% is in no quote of the draft nor in the lead"}}},
		{name: "number in title a quote holds", draft: contract.Draft{Title: "Screening cuts mortality by 20%", Sections: withText("Screening cut mortality by 20%.").Sections}, want: nil},
		{name: "rtl override in claim", draft: withText("Screening cut mortality by \u202e%02\u202c."), want: []contract.Diagnostic{
			// A reader sees "20%"; the gate checks "02", which is not 20.
			{ClaimID: "c1", Reason: contract.ReasonHiddenCharacters},
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote}}},
		{name: "zero-width space in title", draft: contract.Draft{Title: "T\u200b", Sections: withText("Screening cut mortality by 20%.").Sections}, want: []contract.Diagnostic{
			{Reason: contract.ReasonHiddenCharacters}}},
		{name: "blank claim", draft: withText(" \u00a0 "), want: []contract.Diagnostic{
			{ClaimID: "c1", Reason: contract.ReasonBlankText}}},
		{name: "blank and hidden claim", draft: withText(" \u200b "), want: []contract.Diagnostic{
			{ClaimID: "c1", Reason: contract.ReasonHiddenCharacters}, {ClaimID: "c1", Reason: contract.ReasonBlankText}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, proof := gates.New(knownOracle()).Check(context.Background(), tt.draft, testLedger(), nil)
			if diff := cmp.Diff(tt.want, v.Failures, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(contract.Diagnostic{}, "Detail")); diff != "" {
				t.Errorf("failures (-want +got):\n%s", diff)
			}
			if tt.want != nil && tt.want[0].Detail != "" && v.Failures[0].Detail != tt.want[0].Detail {
				t.Errorf("detail = %q, want %q", v.Failures[0].Detail, tt.want[0].Detail)
			}
			if v.Verified != (len(tt.want) == 0) || proof.IsZero() == v.Verified {
				t.Errorf("verified = %v, proof zero = %v, want verified %v", v.Verified, proof.IsZero(), len(tt.want) == 0)
			}
		})
	}
}

// TestGateAllowsTheLeadInTheTitle: the title may name what the user asked
// for ("type 2 diabetes", a date) even if no quote holds it.
func TestGateAllowsTheLeadInTheTitle(t *testing.T) {
	l := testLedger()
	l.Lead = contract.Lead{Topic: "type 2 diabetes", Since: "2021-01-01"}
	d := draftOf(contract.Claim{ID: "c1", Text: "Screening cut mortality by 20%.", Citations: []contract.Citation{{DOI: "10.1234/alpha", Quote: "Screening reduced mortality by 20%"}}})
	d.Title = "Evidence brief: type 2 diabetes since 2021"
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); !v.Verified {
		t.Errorf("title naming the lead: failures %+v", v.Failures)
	}
	d.Title = "Evidence brief: type 3 diabetes since 2021"
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); v.Verified {
		t.Error("title with a number neither quotes nor lead hold verified")
	}
}

// TestGateCountsThePublicationYear: a claim may name the year of the
// record it cites, but no other year its quote lacks; a record whose year
// is unknown (0) supports no number, not even 0.
func TestGateCountsThePublicationYear(t *testing.T) {
	quote := "Screening reduced mortality by 20%"
	for _, tt := range []struct {
		recordYear int
		year       string
		want       bool
	}{{2021, "2021", true}, {2021, "2019", false}, {0, "0", false}} {
		l := testLedger()
		l.Entries[0].Year = tt.recordYear
		d := draftOf(contract.Claim{ID: "c1", Text: "A " + tt.year + " trial found 20% lower mortality.", Citations: []contract.Citation{{DOI: "10.1234/ALPHA", Quote: quote}}})
		v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil)
		if v.Verified != tt.want {
			t.Errorf("record of %d, claim naming %s: verified = %v, want %v (failures %+v)", tt.recordYear, tt.year, v.Verified, tt.want, v.Failures)
		}
	}
}
