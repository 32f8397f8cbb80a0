package collect

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/contract"
)

// TestFileDOIsAgreeWithSources feeds hostile files to both readers: the
// valid DOIs bib.Parse gives `check` are the DOIs parseSources gives
// `brief --sources`, wherever in the file they sit.
func TestFileDOIsAgreeWithSources(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"note.bib", "@article{a,\n title={A},\n doi={10.1000/A},\n note={see also doi:10.1000/note.1}\n}\n",
			[]string{"10.1000/a", "10.1000/note.1"}},
		{"url.bib", "@misc{b,\n title={B},\n url={https://doi.org/10.1000/url.2}\n}\n", []string{"10.1000/url.2"}},
		{"escaped.bib", "@article{c,\n doi={10.1000/a\\_b},\n abstract={cites 10.1000/abs.3 and 10.1111/x.12807\u20112}\n}\n",
			[]string{"10.1000/a_b", "10.1000/abs.3"}},
		{"note.json", `[{"DOI": "10.1000/J.1", "title": "J", "note": "10.1000/jn.1"}]`, []string{"10.1000/j.1", "10.1000/jn.1"}},
		{"n1.ris", "TY  - JOUR\nTI  - R\nDO  - 10.1000/ris.1\nN1  - erratum 10.1000/ris.erratum\nER  - \n", []string{"10.1000/ris.1", "10.1000/ris.erratum"}},
		{"CITATION.cff", "cff-version: 1.2.0\ndoi: 10.1000/cff.1\nreferences:\n  - doi: \"10.1000/cff.2\"\n", []string{"10.1000/cff.1", "10.1000/cff.2"}},
		{"refs.nbib", "PMID- 1\nTI  - A title\nLID - 10.1000/nbib.1 [doi]\n", []string{"10.1000/nbib.1"}},
		{"refs.enw", "%0 Journal Article\n%T A title\n%R 10.1000/enw.1\n", []string{"10.1000/enw.1"}},
		{"refs.bbl", "\\begin{thebibliography}{1}\n\\bibitem{k} A. Smith. T. \\emph{J}, 2019. \\doi{10.1000/bbl.1}\n\\end{thebibliography}\n", []string{"10.1000/bbl.1"}},
		{"refs.yaml", "references:\n- id: a\n  title: A\n  DOI: 10.1000/yaml.1\n", []string{"10.1000/yaml.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var checked []string
			for _, f := range bib.Parse(tt.name, []byte(tt.give)).DOIs {
				if f.Invalid == "" {
					checked = append(checked, f.DOI)
				}
			}
			docs, _, err := parseSources(tt.name, []byte(tt.give))
			if err != nil {
				t.Fatal(err)
			}
			var sources []string
			for _, d := range docs {
				if d.Record.DOI != "" {
					sources = append(sources, d.Record.DOI)
				}
			}
			sort.Strings(checked)
			sort.Strings(sources)
			if diff := cmp.Diff(tt.want, checked); diff != "" {
				t.Errorf("bib.Parse DOIs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, sources); diff != "" {
				t.Errorf("parseSources (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCollectNotesSkippedInvalidDOIs: a token check reports invalid is not
// a source, and the ledger says how many were skipped.
func TestCollectNotesSkippedInvalidDOIs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "refs.bib")
	give := "@article{a,\n title={Valid},\n abstract={Text.},\n doi={10.1000/ok.1},\n note={also 10.1111/bjhp.12807\u20112}\n}\n"
	if err := os.WriteFile(path, []byte(give), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := NewFileCollector(path, nil, testOptions(t)).Collect(context.Background(), contract.Lead{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Entries {
		got = append(got, e.DOI)
	}
	if diff := cmp.Diff([]string{"10.1000/ok.1"}, got); diff != "" {
		t.Errorf("ledger DOIs (-want +got):\n%s", diff)
	}
	want := "file:refs.bib: 1 invalid DOI token(s) skipped (citeloop check refs.bib lists them)"
	if !slices.Contains(l.Notes, want) {
		t.Errorf("notes %q lack %q", l.Notes, want)
	}
}

// brief --sources reads a file as check does (bib.Decode): UTF-16 and a
// CR-only file give their DOIs.
func TestSourcesDecodeAsCheck(t *testing.T) {
	utf16 := []byte{0xFF, 0xFE}
	for _, r := range "TY  - JOUR\r\nTI  - A\r\nDO  - 10.1000/u16.1\r\nER  - \r\n" {
		utf16 = append(utf16, byte(r), 0)
	}
	for name, data := range map[string][]byte{"u16.ris": utf16, "cr.ris": []byte("TY  - JOUR\rTI  - A\rDO  - 10.1000/cr.1\rER  - \r")} {
		f, err := readSources(name, data, nil)
		if err != nil || len(f.docs) != 1 || f.docs[0].Record.DOI == "" {
			t.Errorf("%s: %+v, %v; want one source with its DOI", name, f.docs, err)
		}
	}
}
