package gates_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// corpusFiles are the real Europe PMC core responses the prose checks are
// tried on: the offline corpus and the recorded responses with abstracts.
var corpusFiles = []string{
	"../oracles/snapshot/corpus/europepmc-core.json",
	"../testdata/corpus/europepmc-core.json",
	"../testdata/europepmc/pyEuropePMC__search_cancer_core.json",
	"../testdata/europepmc/europepmc-evidence-mcp__search_retracted_core.json",
	"../testdata/adversarial/sources/default.json",
}

// sentenceEnd splits abstracts into sentences at ". " before a capital.
var sentenceEnd = regexp.MustCompile(`[.!?]\s+`)

// corpusSentences returns every sentence of every abstract and title in
// the corpus files, keyed by file.
func corpusSentences(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, path := range corpusFiles {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("read corpus %s: %v", path, err)
		}
		resp, err := europepmc.ParseResponse(data)
		if err != nil {
			t.Fatalf("parse corpus %s: %v", filepath.Base(path), err)
		}
		for _, r := range resp.ResultList.Result {
			rec := r.Record()
			out = append(out, rec.Title)
			for _, s := range sentenceEnd.Split(rec.Abstract, -1) {
				if s = strings.TrimSpace(s); s != "" {
					out = append(out, s)
				}
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d corpus sentences: the corpus files are not what this test expects", len(out))
	}
	return out
}

// TestCorpusSentencesHoldNoReference: no sentence of a real abstract or
// title, stated whole as a claim quoting itself from its record, fails a
// prose rule (references, characters, notation): the rules refuse what a
// writer adds, not what sources say. Judged with no quote and no source
// (ReferenceIn), only the sentences listed here show a reference shape: a
// place named before a year, and a copyright line.
func TestCorpusSentencesHoldNoReference(t *testing.T) {
	strictOnly := map[string]bool{"Healthy China 2030": true, "RSNA, 2025": true}
	prose := map[contract.Reason]bool{contract.ReasonReferenceInText: true, contract.ReasonDisallowedCharacter: true,
		contract.ReasonMixedScript: true, contract.ReasonNotationNotInQuote: true, contract.ReasonHiddenCharacters: true}
	ledger, oracle := corpusLedger(t)
	g := gates.New(oracle)
	brackets := 0
	for _, s := range corpusSentences(t) {
		if strings.ContainsAny(s, "[]") {
			brackets++
		}
		if ref := gates.ReferenceIn(s); ref != "" && !strictOnly[ref] {
			t.Errorf("corpus sentence taken for a reference %q: %s", ref, s)
		}
		e, ok := entryHolding(ledger, s)
		if !ok {
			continue // a record without a DOI, or a sentence too long to quote
		}
		d := draftOf(contract.Claim{ID: "c1", Text: s, Citations: []contract.Citation{{DOI: e.DOI, Quote: s}}})
		v, _ := g.Check(context.Background(), d, ledger, nil)
		for _, f := range v.Failures {
			if prose[f.Reason] {
				t.Errorf("corpus sentence fails %s (%s): %s", f.Reason, f.Detail, s)
			}
		}
	}
	if brackets < 3 {
		t.Errorf("only %d corpus sentences with brackets: the statistics-bracket check is not exercised", brackets)
	}
}
