package gates_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
)

// TestQuoteRulesReadAsAReader: the quote rule reads text as the number
// grammar does, so what the number rule calls equal the quote rule does
// too, and a quote may not start or end inside a number.
func TestQuoteRulesReadAsAReader(t *testing.T) {
	const src = "Approximately 75 000 men receive a diagnosis of prostate cancer in Baden-Württemberg each year. " +
		"The 5-year relative survival for all cancers combined was 51.7 %, with p = 4 × 10⁻¹² in the model. " +
		"Incidence was 1,234 per year (p <.05) overall. In total we enrolled 75 000 men."
	tests := []struct {
		name, give string
		ok         bool
	}{
		{"grouping by comma", "Approximately 75,000 men receive a diagnosis", true},
		{"grouping by nothing", "Approximately 75000 men receive a diagnosis", true},
		{"grouping by thin space", "Approximately 75\u2009000 men receive a diagnosis", true},
		{"grouping by a line break", "Approximately 75\n000 men receive a diagnosis", true},
		{"space before percent", "for all cancers combined was 51.7%", true},
		{"space around comparison", "Incidence was 1,234 per year (p < .05) overall", true},
		{"grouping the other way", "Incidence was 1 234 per year", true},
		{"decomposed letter", "prostate cancer in Baden-Wu\u0308rttemberg each year", true},
		{"composed letter", "prostate cancer in Baden-Württemberg each year", true},
		{"ends inside a space-grouped number", "In total we enrolled 75", false},
		{"the whole space-grouped number", "In total we enrolled 75 000", true},
		{"starts inside a space-grouped number", "000 men receive a diagnosis of prostate", false},
		{"ends before an exponent", "combined was 51.7 %, with p = 4", false},
		{"ends inside an exponent", "combined was 51.7 %, with p = 4 × 10", false},
		{"starts inside an exponent", "10⁻¹² in the model. Incidence", false},
		{"starts after a comparison sign", ".05) overall and more words", false},
		{"decimal mark is not grouping", "Approximately 75.000 men receive a diagnosis", false},
		{"whole exponent", "with p = 4 × 10⁻¹² in the model", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, p := gates.MatchQuote(src, tt.give)
			if p.OK() != tt.ok {
				t.Errorf("MatchQuote(%q) ok = %v (%s), want %v", tt.give, p.OK(), p.Detail, tt.ok)
			}
		})
	}
	// The source itself in NFD matches a composed quote, and the span
	// indexes the text as given.
	nfd := "Men in Baden-Wu\u0308rttemberg receive a diagnosis each year."
	span, p := gates.MatchQuote(nfd, "in Baden-Württemberg receive a diagnosis")
	if !p.OK() || span.Of(nfd) != "in Baden-Wu\u0308rttemberg receive a diagnosis" {
		t.Errorf("NFD source: span %q, %v", span.Of(nfd), p)
	}
}

// TestOneReaderViewOnEveryPath: a record whose abstract holds a doubly
// escaped entity reads the same in the sources file (cleaned twice on its
// way) and from the oracle (cleaned once): a quote of what the writer was
// shown verifies against both.
func TestOneReaderViewOnEveryPath(t *testing.T) {
	raw := "Adults aged &amp;#8805;65 years were screened every second year in the trial."
	once := contract.CleanText(raw) // what an oracle cleaning once gives
	l := contract.Ledger{Entries: []contract.Entry{{ID: "S1", DOI: "10.1234/alpha", Title: "Alpha trial", Abstract: contract.CleanText(once)}}}
	l.Entries[0].Seal()
	oracle := &fakeOracle{records: map[string]oracles.Record{"10.1234/alpha": {DOI: "10.1234/alpha", Title: "Alpha trial", Abstract: raw}}}
	shown := l.Entries[0].Text()
	if want := "Alpha trial\n\nAdults aged ≥65 years were screened every second year in the trial."; shown != want {
		t.Fatalf("the writer is shown %q, want %q", shown, want)
	}
	d := draftOf(contract.Claim{ID: "c1", Text: "Adults aged ≥65 years were screened.", Citations: []contract.Citation{{DOI: "10.1234/alpha", Quote: "Adults aged ≥65 years were screened every second year"}}})
	v, _ := gates.New(oracle).Check(context.Background(), d, l, nil)
	if !v.Verified {
		t.Errorf("quote of the reader's view refused: %+v", v.Failures)
	}
	if len(v.Quotes) != 1 || v.Quotes[0].CheckedAgainst != gates.CheckedOracle {
		t.Errorf("quotes = %+v, want one checked against the oracle", v.Quotes)
	}
}
