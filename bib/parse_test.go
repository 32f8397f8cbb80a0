package bib

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/doi"
)

// TestParseDOIs: a bibliography's DOIs are what extraction finds anywhere
// in it, then the DOI of every entry extraction missed; a Markdown file's
// are extraction's alone, its reference lines adding none.
func TestParseDOIs(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string
	}{
		{"note.bib", "@article{a,\n title={A},\n doi={10.1000/A},\n note={see also doi:10.1000/note.1}\n}\n", []string{"10.1000/a", "10.1000/note.1"}},
		{"sici.bib", "@article{s,\n doi={10.1002/(SICI)1097-4636(199704)34:1%3C1::AID-JBM1%3E3.0.CO;2-H}\n}\n", nil},
		{"refs.md", "1. Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/A\n", []string{"10.1234/a"}},
		{"refs.ris", "TY  - JOUR\nDO  - 10.1000/ris.1\nER  - \n", []string{"10.1000/ris.1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := Parse(tt.name, []byte(tt.give))
			var got []string
			for _, f := range doc.DOIs {
				got = append(got, f.DOI)
			}
			if tt.want == nil {
				// The entry's DOI, whatever extraction made of the field.
				for _, e := range doc.Entries {
					if e.DOI == "" || !slices.Contains(got, e.DOI) {
						t.Errorf("entry %+v: its DOI is not among %q", e, got)
					}
				}
				return
			}
			if diff := cmp.Diff(tt.want, got, entryOnly); diff != "" {
				t.Errorf("DOIs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestKindOf(t *testing.T) {
	for name, want := range map[string]Kind{
		"a.bib": BibTeX, "A.BIBTEX": BibTeX, "a.ris": RIS, "a.json": CSLJSON, "CITATION.cff": CFF,
		"a.md": Text, "a.txt": Text, "a.jsonl": Text, "<stdin>": Text,
	} {
		if got := KindOf(name); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestParseErr: a file that is not what its kind says has Err and no
// entries, but its DOIs all the same.
func TestParseErr(t *testing.T) {
	for _, tt := range []struct {
		kind Kind
		give string
	}{
		{CSLJSON, `[{"DOI": "10.1000/a"`},
		{JSONLines, "{\"doi\": \"10.1000/a\"}\nnot json 10.1000/b\n"},
		{CFF, "references: [\n  doi: 10.1000/a\n"},
	} {
		doc := ParseAs(tt.kind, "f", []byte(tt.give))
		if doc.Err == nil || len(doc.Entries) != 0 || len(doc.DOIs) == 0 {
			t.Errorf("%v %q: Err %v, %d entries, %d DOIs; want an Err, no entry, the DOIs", tt.kind, tt.give, doc.Err, len(doc.Entries), len(doc.DOIs))
		}
	}
}

// FuzzParse: parsing never panics, every entry's DOI is normalised, and a
// bibliography's entry DOIs are all among its DOIs.
func FuzzParse(f *testing.F) {
	f.Add("refs.bib", "@article{a, title={T {\\\"o}}, doi = \"10.1002/x\", year=2020}")
	f.Add("refs.ris", "TY  - JOUR\nDO  - 10.1088/1748-9326/ab28b0\nER  - \n")
	f.Add("refs.json", `[{"DOI":"DOI 10.1/abcd","issued":{"date-parts":[[2020]]}}]`)
	f.Add("CITATION.cff", "references:\n- title: A\n  doi: 10.1/x\n")
	f.Add("refs.md", "Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a\n")
	f.Add("paper.bbl", "\\bibitem[A(2010)]{a}\nM.~S. Lee.\n\\newblock Title of it.\n\\newblock {\\em J.}, 70\\penalty0 (12):\\penalty0 1--9, 2010.\n\\bibitem{b} x")
	f.Add("paper.bbl", "\\bibitem{b}\nA.\n\\newblock T.\n\\newblock \\emph{")
	f.Add("refs.md", "# References\n\n1. Smith, J. (2021). A paper. J. doi:10.1111bjhp.12807. Jones, K., & Lee, A. (2020). B c. D.\n")
	f.Fuzz(func(t *testing.T, name, data string) {
		doc := Parse(name, []byte(data))
		cited := map[string]bool{}
		for _, d := range doc.DOIs {
			cited[d.DOI] = true
		}
		for _, e := range doc.Entries {
			if e.DOI == "" {
				continue
			}
			if n, err := doi.Normalize(e.DOI); err != nil || n != e.DOI {
				t.Fatalf("entry DOI %q is not normalised (%q, %v)", e.DOI, n, err)
			}
			if (doc.Kind == BibTeX || doc.Kind == RIS || doc.Kind == CSLJSON) && !cited[e.DOI] {
				t.Fatalf("entry DOI %q is not among the document's DOIs", e.DOI)
			}
		}
	})
}
