package gates_test

import (
	"fmt"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// MatchQuote returns the exact span of the source a quote matched, which a
// brief shows instead of the model's spelling, or why it does not verify.
func ExampleMatchQuote() {
	text := "Time-point 2 (n = 266; 80% retention rate) took place in Sept\u00a0and Nov 2023."
	span, p := gates.MatchQuote(text, "n = 266; 80% retention rate) took place")
	fmt.Printf("%q %v\n", span.Of(text), p.OK())
	_, p = gates.MatchQuote(text, "0% retention rate) took place in Sept")
	fmt.Println(p.Reason)
	_, p = gates.MatchQuote(text, "retention")
	fmt.Println(p.Reason)
	// Output:
	// "n = 266; 80% retention rate) took place" true
	// quote_not_found
	// quote_too_short
}

// An Index folds every ledger entry once; match any number of citations.
func ExampleIndex() {
	ledger := contract.Ledger{Entries: []contract.Entry{{ID: "S1", DOI: "10.1234/a", Title: "Screening", Abstract: "The patient\u00b4s scree\u200bning rose by 41%."}}}
	idx := gates.NewIndex(ledger)
	src, _ := idx.Source("10.1234/a")
	span, p := src.Match(gates.DefaultRules(), "the patient's screening rose by 41%")
	fmt.Printf("%q %v\n", span.Of(src.Text), p.OK())
	// Output:
	// "The patient´s scree\u200bning rose by 41%" true
}
