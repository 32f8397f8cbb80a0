package compare

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"
)

// corpusRecords are the real records of testdata/corpus with a title and
// authors.
func corpusRecords(t *testing.T) []Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "europepmc-core.json"))
	if err != nil {
		t.Fatal(err)
	}
	var resp struct {
		ResultList struct {
			Result []struct {
				Title      string `json:"title"`
				AuthorList struct {
					Author []struct {
						FullName string `json:"fullName"`
					} `json:"author"`
				} `json:"authorList"`
			} `json:"result"`
		} `json:"resultList"`
	}
	if err := json.Unmarshal(data, &resp); err != nil {
		t.Fatal(err)
	}
	var out []Record
	for _, r := range resp.ResultList.Result {
		var authors []string
		for _, a := range r.AuthorList.Author {
			authors = append(authors, a.FullName)
		}
		if r.Title != "" && len(authors) >= 3 {
			out = append(out, Record{Title: r.Title, Authors: authors})
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d corpus records", len(out))
	}
	return out
}

// typographic rewrites a title the ways a bibliography does without
// changing a word of it.
func typographic(t *rapid.T, title string) string {
	ws := strings.Fields(title)
	for i, w := range ws {
		switch rapid.IntRange(0, 6).Draw(t, "op") {
		case 0:
			ws[i] = strings.ToUpper(w)
		case 1:
			ws[i] = strings.ToLower(w)
		case 2:
			r := []rune(strings.ToLower(w))
			if len(r) > 0 {
				r[0] = unicode.ToUpper(r[0])
			}
			ws[i] = string(r)
		case 3:
			ws[i] = "{" + w + "}"
		case 4:
			ws[i] = strings.NewReplacer("e", "é", "a", "á").Replace(w)
		}
	}
	sep := rapid.SampledFrom([]string{" ", "  ", " \n "}).Draw(t, "sep")
	s := strings.Join(ws, sep)
	if rapid.Bool().Draw(t, "stop") {
		s = "The " + s
	}
	s = strings.TrimRight(s, ".")
	if rapid.Bool().Draw(t, "dot") {
		s += "."
	}
	return s
}

func TestTitlesTypographicVariantsMatch(t *testing.T) {
	recs := corpusRecords(t)
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(recs).Draw(t, "record")
		v := typographic(t, r.Title)
		if o := compareTitle(v, r.Title); o.mismatch != nil {
			t.Fatalf("%q against %q: %s", v, r.Title, o.mismatch.Why)
		}
	})
}

func TestTitlesWithAWordChangedMismatch(t *testing.T) {
	recs := corpusRecords(t)
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(recs).Draw(t, "record")
		other := rapid.SampledFrom(recs).Draw(t, "other")
		ws := strings.Fields(r.Title)
		ow := strings.Fields(other.Title)
		i := rapid.IntRange(0, len(ws)-1).Draw(t, "word")
		repl := rapid.SampledFrom(ow).Draw(t, "with")
		old, _ := words(ws[i])
		nw, _ := words(repl)
		if len(old) != 1 || len(nw) != 1 || letterPairs.Replace(old[0]) == letterPairs.Replace(nw[0]) || strings.Contains(r.Title, repl) {
			t.Skip("not a content word, or the same word")
		}
		ws[i] = repl
		v := strings.Join(ws, " ")
		if o := compareTitle(v, r.Title); o.mismatch == nil {
			t.Fatalf("%q passes for %q", v, r.Title)
		}
	})
}

func TestAuthorListsProperties(t *testing.T) {
	recs := corpusRecords(t)
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(recs).Draw(t, "record")
		n := len(r.Authors)
		// The first k authors and "et al." match.
		k := rapid.IntRange(1, n).Draw(t, "k")
		cut := append(append([]string{}, r.Authors[:k]...), "et al.")
		if o := compareAuthors(cut, r.Authors, Options{}.withDefaults()); o.mismatch != nil {
			t.Fatalf("the first %d and et al.: %s", k, o.mismatch.Why)
		}
		// Any one author left out, with no et al., does not.
		drop := rapid.IntRange(0, n-1).Draw(t, "drop")
		short := append(append([]string{}, r.Authors[:drop]...), r.Authors[drop+1:]...)
		if o := compareAuthors(short, r.Authors, Options{}.withDefaults()); o.mismatch == nil {
			t.Fatalf("author %d left out passes", drop+1)
		}
		// Two authors of different family names swapped do not.
		i, j := rapid.IntRange(0, n-1).Draw(t, "i"), rapid.IntRange(0, n-1).Draw(t, "j")
		if parseName(r.Authors[i]).same(parseName(r.Authors[j])) {
			t.Skip("the same name")
		}
		swapped := append([]string{}, r.Authors...)
		swapped[i], swapped[j] = swapped[j], swapped[i]
		if o := compareAuthors(swapped, r.Authors, Options{}.withDefaults()); o.mismatch == nil {
			t.Fatalf("authors %d and %d swapped pass", i+1, j+1)
		}
	})
}
