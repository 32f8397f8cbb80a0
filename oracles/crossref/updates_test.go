package crossref_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles/crossref"
)

// TestWorkFlagsOfTheUpdateFixtures: the works of testdata/crossref_updates,
// built from Crossref's documented shapes (testdata/PROVENANCE.txt), carry
// the flags check turns into erratum, retracted and preprint.
func TestWorkFlagsOfTheUpdateFixtures(t *testing.T) {
	type flags struct{ Retracted, Notice, Erratum, Preprint bool }
	want := map[string]flags{
		"correction_notice.json": {Erratum: true},
		"retraction_notice.json": {Notice: true},
		"retracted_work.json":    {Retracted: true},
		"preprint.json":          {Preprint: true},
	}
	got := map[string]flags{}
	for file := range want {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "crossref_updates", file))
		if err != nil {
			t.Fatal(err)
		}
		w, err := crossref.ParseWork(b)
		if err != nil {
			t.Fatal(err)
		}
		r := w.Record()
		got[file] = flags{r.Retracted, r.RetractionNotice, r.Erratum, r.Preprint}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
}
