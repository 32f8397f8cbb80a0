package collect

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestMarkdownSourcesReadLikeCheck: one reader per file kind. A Markdown
// file given to --sources yields exactly the DOIs `check` extracts from it,
// and its prose is not counted as records without a DOI.
func TestMarkdownSourcesReadLikeCheck(t *testing.T) {
	give := "# References\n\nSome prose about screening.\n\n" +
		"1. Kwok C, Xu X (2025). Co-Designed... https://doi.org/10.1002/hpja.70059\n" +
		"2. Another (2024). doi:10.1002/HPJA.70052.\n" +
		"3. Same again: https://dx.doi.org/10.1002/hpja.70059\n" +
		"4. A broken one: 10.1111/bjhp.12807\u20112\n"
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "bibliographies", "*.md"))
	if len(paths) < 2 {
		t.Fatalf("found %d Markdown fixtures, want testdata/bibliographies' ones", len(paths))
	}
	files := map[string]string{"inline.md": give}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(data)
	}
	for name, text := range files {
		t.Run(name, func(t *testing.T) {
			docs, _, err := parseSources(name, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, d := range docs {
				got = append(got, d.Record.DOI)
			}
			for _, f := range extract.Extract(text) {
				if f.Invalid == "" {
					want = append(want, f.DOI)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("--sources DOIs differ from check's (-check +sources):\n%s", diff)
			}
		})
	}
	docs, _, _ := parseSources("inline.md", []byte(give))
	if len(docs) != 2 {
		t.Errorf("inline.md: %d records, want the 2 distinct valid DOIs", len(docs))
	}
}
