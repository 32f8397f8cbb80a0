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
