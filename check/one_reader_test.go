package check_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/collect"
)

// TestOneReaderPerFileKind reads every BibTeX, RIS, CSL JSON and CFF file
// of testdata/bibliographies as `brief --sources` does and as `check` does:
// the normalised DOIs --sources reads are the DOIs check reports, less the
// tokens check reports invalid (which --sources skips). The oracle knows
// none of them: a row is a DOI read, whatever its verdict.
func TestOneReaderPerFileKind(t *testing.T) {
	c := checker(nil)
	files, err := filepath.Glob(filepath.Join("..", "testdata", "bibliographies", "*"))
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, path := range files {
		switch strings.ToLower(filepath.Ext(path)) {
		case ".bib", ".ris", ".json", ".cff":
		default:
			continue
		}
		tested++
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(path)
			docs, err := collect.ParseReferences(name, data)
			if err != nil {
				t.Fatal(err)
			}
			sources := map[string]bool{}
			for _, d := range docs {
				if d.Record.DOI != "" {
					sources[d.Record.DOI] = true
				}
			}
			rep := c.Check(context.Background(), []check.Document{{Name: name, Text: string(data)}})
			checked := map[string]bool{}
			for _, row := range rep.DOIs {
				if row.DOI != "" && row.Verdict != check.VerdictInvalid {
					checked[row.DOI] = true
				}
			}
			if len(sources) == 0 {
				t.Fatalf("--sources reads no DOI in %s", name)
			}
			if diff := cmp.Diff(keys(checked), keys(sources)); diff != "" {
				t.Errorf("%s: DOIs of check (-) and --sources (+) differ:\n%s", name, diff)
			}
		})
	}
	if tested < 4 {
		t.Fatalf("tested %d files, want every .bib, .ris, .json and .cff", tested)
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
