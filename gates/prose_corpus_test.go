package gates_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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

func TestCorpusSentencesHoldNoReference(t *testing.T) {
	brackets := 0
	for _, s := range corpusSentences(t) {
		if strings.ContainsAny(s, "[]") {
			brackets++
		}
		if ref := gates.ReferenceIn(s); ref != "" {
			t.Errorf("corpus sentence taken for a reference %q: %s", ref, s)
		}
	}
	if brackets < 3 {
		t.Errorf("only %d corpus sentences with brackets: the statistics-bracket check is not exercised", brackets)
	}
}
