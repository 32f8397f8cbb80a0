package gates

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// corpusEntries returns the offline corpus as ledger entries, its text
// cleaned as the collector cleans it.
func corpusEntries(t testing.TB) []contract.Entry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		ResultList struct {
			Result []struct {
				DOI          string `json:"doi"`
				Title        string `json:"title"`
				AbstractText string `json:"abstractText"`
			} `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(data, &page); err != nil {
		t.Fatal(err)
	}
	var out []contract.Entry
	for _, r := range page.ResultList.Result {
		out = append(out, contract.Entry{DOI: r.DOI, Title: europepmc.CleanText(r.Title), Abstract: europepmc.CleanText(r.AbstractText)})
	}
	return out
}

// sentences splits text after ". ", "! " and "? ".
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(text); i++ {
		if strings.IndexByte(".!?", text[i]) >= 0 && text[i+1] == ' ' {
			out = append(out, strings.TrimSpace(text[start:i+1]))
			start = i + 2
		}
	}
	return append(out, strings.TrimSpace(text[start:]))
}

// variants are typographic respellings of a quote a reader would call the
// same text.
func variants(q string) map[string]string {
	curly := strings.NewReplacer(`'`, "\u2019", `"`, "\u201c")
	dashes := strings.NewReplacer("-", "\u2011", "\u2013", "-", "\u2014", "-")
	invisible := func(s string) string {
		var b strings.Builder
		for i, r := range s {
			b.WriteRune(r)
			if i%7 == 3 && unicode.IsLetter(r) {
				b.WriteString("\u200b")
			}
		}
		return b.String()
	}
	return map[string]string{
		"verbatim":  q,
		"curly":     curly.Replace(q),
		"dashes":    dashes.Replace(q),
		"nbsp":      strings.ReplaceAll(q, " ", "\u00a0"),
		"thin":      strings.ReplaceAll(q, " ", "\u2009 "),
		"newlines":  strings.ReplaceAll(q, " ", "\n"),
		"invisible": invisible(q),
		"upper":     strings.ToUpper(q),
		"padded":    "  " + q + "\t",
	}
}

// TestCorpusSentencesVerify: every sentence of 5 to 40 words of every
// abstract of the offline corpus verifies, verbatim and respelled, and its
// span is the sentence itself.
func TestCorpusSentencesVerify(t *testing.T) {
	rules := DefaultRules()
	checked := 0
	for _, e := range corpusEntries(t) {
		src := NewSource(e.Title, e.Abstract)
		for _, s := range sentences(e.Abstract) {
			if n, _ := words(Fold(s).Text); n < rules.MinWords || n > rules.MaxWords {
				continue
			}
			for name, q := range variants(s) {
				checked++
				span, p := src.Match(rules, q)
				if !p.OK() {
					t.Errorf("%s: %s sentence refused (%s): %q", e.DOI, name, p.Detail, q)
					continue
				}
				if got := span.Of(src.Text); got != s {
					t.Errorf("%s: %s span %q, want %q", e.DOI, name, got, s)
				}
			}
		}
	}
	t.Logf("%d quotes checked", checked)
	if checked < 500 {
		t.Errorf("only %d quotes checked; the corpus was not read", checked)
	}
}
