package gates_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// corpusLedger is the embedded offline corpus as a ledger (every record
// with a DOI, cleaned as every path cleans it) and an oracle answering
// from the same records.
func corpusLedger(t *testing.T) (contract.Ledger, *fakeOracle) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "oracles", "snapshot", "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := europepmc.ParseResponse(data)
	if err != nil {
		t.Fatal(err)
	}
	var l contract.Ledger
	recs := map[string]oracles.Record{}
	for i, r := range resp.ResultList.Result {
		rec := r.Record()
		if rec.DOI == "" {
			continue
		}
		e := contract.Entry{ID: "S" + itoa(i+1), DOI: rec.DOI, Title: rec.Title, Abstract: rec.Abstract, PubTypes: rec.PubTypes, Year: rec.Year,
			Retracted: rec.Retracted, RetractionNotice: rec.RetractionNotice, Erratum: rec.Erratum, Preprint: rec.Preprint}
		e.Seal()
		l.Entries = append(l.Entries, e)
		recs[rec.DOI] = rec
	}
	return l, &fakeOracle{records: recs}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestHonestOfflineBriefsStillVerify: every brief the offline writer
// produced and the gate verified before these rules (for every topic that
// verified offline: testdata/honest_offline_briefs.json lists them, with
// how they were made) verifies still, title, heading and every
// whole-sentence claim.
func TestHonestOfflineBriefsStillVerify(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "honest_offline_briefs.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Briefs []struct {
			Topic string         `json:"topic"`
			Draft contract.Draft `json:"draft"`
		} `json:"briefs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Briefs) < 50 {
		t.Fatalf("%d briefs: the list is not the one this test expects", len(doc.Briefs))
	}
	ledger, oracle := corpusLedger(t)
	g := gates.New(oracle)
	claims := 0
	for _, b := range doc.Briefs {
		v, _ := g.Check(context.Background(), b.Draft, ledger, nil)
		if !v.Verified {
			t.Errorf("topic %q: the honest brief is refused: %+v", b.Topic, v.Failures)
		}
		claims += v.Claims
	}
	t.Logf("%d honest offline briefs, %d claims, verified", len(doc.Briefs), claims)
}

// TestIssueSentencesVerify: the three honest sentences issue 22 quotes,
// each a whole-sentence claim of its record.
func TestIssueSentencesVerify(t *testing.T) {
	ledger, oracle := corpusLedger(t)
	g := gates.New(oracle)
	for _, s := range []string{
		"Of the 9868 Victorians diagnosed with OG cancer between 2012 and 2021, 39.4% were metastatic at diagnosis.",
		"In 2010, the Moroccan Ministry of Health implemented a national plan for cancer care and control.",
		"We found that the presence of H₂S enhanced the antitumor efficacy of paclitaxel.",
	} {
		e, ok := entryHolding(ledger, s)
		if !ok {
			t.Fatalf("no corpus record holds %q", s)
		}
		d := draftOf(contract.Claim{ID: "c1", Text: s, Citations: []contract.Citation{{DOI: e.DOI, Quote: s}}})
		if v, _ := g.Check(context.Background(), d, ledger, nil); !v.Verified {
			t.Errorf("%q refused: %+v", s, v.Failures)
		}
	}
}

// TestFaithfulParaphrasesVerifyThroughTheGate: each faithful paraphrase,
// cited with its verbatim quote, passes every rule of the gate.
func TestFaithfulParaphrasesVerifyThroughTheGate(t *testing.T) {
	ledger, oracle := corpusLedger(t)
	g := gates.New(oracle)
	for _, p := range paraphrases {
		e, ok := entryHolding(ledger, p.quote)
		if !ok {
			t.Errorf("no corpus record holds %q", p.quote)
			continue
		}
		d := draftOf(contract.Claim{ID: "c1", Text: p.text, Citations: []contract.Citation{{DOI: e.DOI, Quote: p.quote}}})
		if v, _ := g.Check(context.Background(), d, ledger, nil); !v.Verified {
			t.Errorf("paraphrase %q refused: %+v", p.text, v.Failures)
		}
	}
}

func entryHolding(l contract.Ledger, quote string) (contract.Entry, bool) {
	for _, e := range l.Entries {
		if gates.ContainsQuote(e.Text(), quote) {
			return e, true
		}
	}
	return contract.Entry{}, false
}
