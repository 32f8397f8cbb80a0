package gates_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
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
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote, Detail: "“30%” (read as 30%) is in none of this claim's quotes"}}},
		{name: "doi in claim", draft: withText("Screening cut mortality by 20% (doi:10.1016/j.canep.2025.102866)."), want: []contract.Diagnostic{
			{ClaimID: "c1", Reason: contract.ReasonReferenceInText},
			// The DOI's digits are numbers its quote does not hold, too.
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote},
			{ClaimID: "c1", Reason: contract.ReasonNumberNotInQuote}}},
		{name: "url in heading", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "Results, see https://example.org", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText, Section: 1}}},
		// The diagnostic names the heading that holds the reference.
		{name: "url in second heading", draft: contract.Draft{Title: "T", Sections: []contract.Section{
			{Heading: "Background", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims},
			{Heading: "Results, see https://example.org", Claims: []contract.Claim{{ID: "c2", Text: "Screening cut mortality by 20%.", Citations: cite}}}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText, Section: 2, Detail: `heading of section 2 holds the URL "https://"; references come only from the citations`}}},
		{name: "author-year in title", draft: contract.Draft{Title: "Screening (Smith et al., 2020)", Sections: withText("Screening cut mortality by 20%.").Sections}, want: []contract.Diagnostic{
			{Reason: contract.ReasonReferenceInText}, {Reason: contract.ReasonNumberNotInQuote}}},
		{name: "number in heading its section's quotes hold", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "A 20% drop", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: nil},
		{name: "number in heading no quote holds", draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "A 93.4% drop", Claims: withText("Screening cut mortality by 20%.").Sections[0].Claims}}}, want: []contract.Diagnostic{
			{Reason: contract.ReasonNumberNotInQuote, Section: 1, Detail: "heading of section 1: “93.4%” (read as 93.4%) is in none of the section's quotes"}}},
		{name: "number in title no quote holds", draft: contract.Draft{Title: "Screening cuts mortality by 30%", Sections: withText("Screening cut mortality by 20%.").Sections}, want: []contract.Diagnostic{
			{Reason: contract.ReasonNumberNotInQuote, Detail: "title: “30%” (read as 30%) is in no quote of the draft"}}},
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

// TestGateLetsNeitherLeadNorYearBackANumber: the title may name no
// number of the lead ("type 2 diabetes", a date) that no quote or cited
// title holds, and a claim no year its quotes lack, not even the cited
// record's own: a reader takes them as findings.
func TestGateLetsNeitherLeadNorYearBackANumber(t *testing.T) {
	l := testLedger()
	l.Lead = contract.Lead{Topic: "type 2 diabetes", Since: "2021-01-01"}
	l.Entries[0].Year = 2021
	d := draftOf(contract.Claim{ID: "c1", Text: "Screening cut mortality by 20%.", Citations: []contract.Citation{{DOI: "10.1234/alpha", Quote: "Screening reduced mortality by 20%"}}})
	d.Title = "Evidence brief: type 2 diabetes since 2021"
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); v.Verified {
		t.Error("title with numbers only the lead holds verified")
	}
	d.Title = "Evidence brief: screening"
	d.Sections[0].Claims[0].Text = "A 2021 trial found 20% lower mortality."
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); v.Verified {
		t.Error("claim naming the record's year, which no quote holds, verified")
	}
}

// TestGateLetsTheCitedTitleBackANumber: a number in the title of a record
// the claim cites backs the claim (and the draft's title, and the heading
// of its section): "Alpha-2 trial" names the trial.
func TestGateLetsTheCitedTitleBackANumber(t *testing.T) {
	l := testLedger()
	l.Entries[0].Title = "The Alpha-2 trial"
	d := draftOf(contract.Claim{ID: "c1", Text: "In the Alpha-2 trial, screening cut mortality by 20%.", Citations: []contract.Citation{{DOI: "10.1234/alpha", Quote: "Screening reduced mortality by 20%"}}})
	d.Title = "Evidence brief: the Alpha-2 trial"
	d.Sections[0].Heading = "Alpha-2"
	o := knownOracle()
	o.records["10.1234/alpha"] = oracles.Record{DOI: "10.1234/alpha", Title: "The Alpha-2 trial"}
	if v, _ := gates.New(o).Check(context.Background(), d, l, nil); !v.Verified {
		t.Errorf("numbers of the cited title: failures %+v", v.Failures)
	}
	// The title that backs numbers is the oracle's, the one quotes are
	// checked against: a ledger edited to say Alpha-2 backs nothing.
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); v.Verified {
		t.Error("a number only the ledger's edited title holds verified")
	}
	// Where the oracle gives no title, the ledger's backs.
	o.records["10.1234/alpha"] = oracles.Record{DOI: "10.1234/alpha"}
	if v, _ := gates.New(o).Check(context.Background(), d, l, nil); !v.Verified {
		t.Errorf("the ledger's title where the oracle has none: failures %+v", v.Failures)
	}
	d.Sections[0].Heading = "Alpha-3"
	if v, _ := gates.New(knownOracle()).Check(context.Background(), d, l, nil); v.Verified {
		t.Error("a heading naming Alpha-3 verified")
	}
}
