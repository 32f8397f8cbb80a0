package agents

import (
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
)

// TestSourceBlocksShowPassages: a source with full-text passages shows each
// with its section and kind, and the note about passages comes first; a
// prompt without passages is as it was.
func TestSourceBlocksShowPassages(t *testing.T) {
	e := contract.Entry{ID: "S1", DOI: "10.1234/ft", Title: "Trial", Abstract: "Screening helped.",
		Passages: []contract.Passage{{Section: "body › 3 Results", Kind: "results", Text: "Mortality fell by 20% in the screened arm."}}}
	var b strings.Builder
	writeSources(&b, []contract.Entry{e})
	got := b.String()
	for _, want := range []string{passagesNote, "Screening helped.\n<passage section=\"body › 3 Results\" kind=\"results\">\nMortality fell by 20% in the screened arm.\n</passage>\n</source>"} {
		if !strings.Contains(got, want) {
			t.Errorf("source blocks lack %q:\n%s", want, got)
		}
	}
	b.Reset()
	writeSources(&b, []contract.Entry{{ID: "S1", DOI: "10.1234/ok", Title: "Fine"}})
	if strings.Contains(b.String(), "passage") {
		t.Errorf("a prompt without passages mentions them:\n%s", b.String())
	}
}

// TestQuoteSectionsForTheSkeptic: the skeptic is told where each quote is.
func TestQuoteSectionsForTheSkeptic(t *testing.T) {
	e := contract.Entry{ID: "S1", DOI: "10.1234/ft", Title: "Trial", Abstract: "Screening helped many people.",
		Passages: []contract.Passage{{Section: "body › 1 Introduction", Kind: "background", Text: "Cancer is a leading cause of death."}}}
	claims := []contract.Claim{{ID: "c1", Citations: []contract.Citation{{DOI: e.DOI, Quote: "cancer is a  leading cause"}, {DOI: e.DOI, Quote: "Screening helped"}, {DOI: e.DOI, Quote: "invented"}}}}
	var b strings.Builder
	writeQuoteSections(&b, []contract.Entry{e}, claims)
	for _, want := range []string{
		`<quote claim="c1" citation="1">body › 1 Introduction (background)</quote>`,
		`<quote claim="c1" citation="2">abstract</quote>`,
		`<quote claim="c1" citation="3">not found in the text shown</quote>`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("quote sections lack %s:\n%s", want, b.String())
		}
	}
}

// TestRepairPassages: a repair shows, beside the lead's passages, those
// chosen for the failed claim, once each, on a copy of the entry.
func TestRepairPassages(t *testing.T) {
	lead := contract.Passage{Section: "body › 1 Introduction", Kind: "background", Text: "Cancer is common."}
	e := contract.Entry{ID: "S1", DOI: "10.1234/ft", Passages: []contract.Passage{lead},
		FullText: &contract.FullText{Status: contract.FullTextChecked}}
	var asked string
	f := func(_ contract.Entry, about string) []contract.Passage {
		asked = about
		return []contract.Passage{lead, {Section: "table 2", Kind: "table", Text: "Mortality by arm."}}
	}
	failed := []failedClaim{{Claim: contract.Claim{ID: "c1", Text: "Mortality fell.", Citations: []contract.Citation{{DOI: e.DOI, Quote: "mortality fell in the arm"}}}}}
	got := withRepairPassages([]contract.Entry{e}, failed, f)
	if len(got[0].Passages) != 2 || got[0].Passages[1].Section != "table 2" {
		t.Errorf("passages %+v", got[0].Passages)
	}
	if len(e.Passages) != 1 {
		t.Error("the ledger's entry was changed")
	}
	if !strings.Contains(asked, "Mortality fell.") || !strings.Contains(asked, "mortality fell in the arm") {
		t.Errorf("asked about %q, want the claim and its quote", asked)
	}
	if got := withRepairPassages([]contract.Entry{e}, failed, nil); len(got[0].Passages) != 1 {
		t.Errorf("without the option: %+v", got[0].Passages)
	}
}
