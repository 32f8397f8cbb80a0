package offline_test

import (
	"context"
	"testing"

	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// TestExtractiveWriterProseOnTheCorpus: every claim the offline writer
// makes from the embedded corpus, on many topics, passes the gate's prose
// checks (numbers in quotes, no references, no hidden characters), and the
// offline skeptic with the gate verifies the draft.
func TestExtractiveWriterProseOnTheCorpus(t *testing.T) {
	corpus, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	gate := gates.New(snapshot.NewOracle(corpus))
	prose := map[contract.Reason]bool{
		contract.ReasonNumberNotInQuote: true, contract.ReasonReferenceInText: true,
		contract.ReasonHiddenCharacters: true, contract.ReasonBlankText: true,
	}
	claims, numbered := 0, 0
	for _, topic := range []string{"cancer screening", "cancer", "survival", "prostate cancer", "breast cancer", "bladder cancer", "pancreatic cancer", "mental health", "AI", "paclitaxel", "time-restricted eating TRE", "RNA", "SHS"} {
		c := collect.NewSearchCollector(snapshot.NewOracle(corpus), collect.Options{MaxSources: 30, MaxTotalChars: 1 << 20})
		lead := contract.Lead{Topic: topic, AnyTopicWord: true}
		ledger, err := c.Collect(context.Background(), lead)
		if err != nil {
			t.Fatalf("%s: collect: %v", topic, err)
		}
		w := offline.ExtractiveWriter{MaxClaims: 100, MaxPerSource: 100, MaxQuoteWords: contract.MaxQuoteWords, ReferenceIn: gates.ReferenceIn} // as the engine builds it: the ClinVar record's abstract names its URL
		res, err := w.Write(context.Background(), contract.WriteRequest{Lead: lead, Ledger: ledger, Iteration: 1})
		if err != nil || res.Draft.Refused {
			t.Fatalf("%s: write: %v (refused %v)", topic, err, res.Draft.Refused)
		}
		v, _ := gate.Check(context.Background(), res.Draft, ledger, nil)
		for _, f := range v.Failures {
			if prose[f.Reason] {
				t.Errorf("%s: claim %s fails %s: %s", topic, f.ClaimID, f.Reason, f.Detail)
			}
		}
		for _, cl := range res.Draft.Claims() {
			claims++
			if len(gates.NumbersIn(cl.Text)) > 0 {
				numbered++
			}
		}
	}
	if claims < 100 || numbered < 30 {
		t.Errorf("%d claims, %d with numbers: too few to say anything", claims, numbered)
	}
	t.Logf("%d offline claims checked, %d with numbers", claims, numbered)
}

// TestExtractiveWriterSkipsSentencesTheGateWouldReject: abstract sentences
// citing references (by the gate's rule, which the engine passes in) or
// holding hidden characters are never claims.
func TestExtractiveWriterSkipsSentencesTheGateWouldReject(t *testing.T) {
	l := contract.Ledger{Entries: []contract.Entry{{ID: "S1", DOI: "10.1002/hpja.70052", Title: "Screening",
		Abstract: "Results: Screening uptake rose in rural areas as earlier shown (Smith et al., 2020). " +
			"Screening uptake rose in rural areas after the\u200b education sessions. " +
			"Screening uptake rose in rural areas as reported in [3] and [4]. " +
			"Screening uptake rose in rural areas after co-designed education sessions."}}}
	res, err := offline.ExtractiveWriter{ReferenceIn: gates.ReferenceIn}.Write(context.Background(), contract.WriteRequest{Lead: contract.Lead{Topic: "screening uptake rural"}, Ledger: l, Iteration: 1})
	if err != nil {
		t.Fatal(err)
	}
	claims := res.Draft.Claims()
	if len(claims) != 1 || claims[0].Text != "Screening uptake rose in rural areas after co-designed education sessions." {
		t.Errorf("claims = %+v, want only the plain sentence", claims)
	}
}
