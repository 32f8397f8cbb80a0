package extract_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
)

func dois(fs []extract.Found) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.DOI
	}
	return out
}

func TestExtract(t *testing.T) {
	const sici = "10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-4"
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"bare", "see 10.1234/abc for details", []string{"10.1234/abc"}},
		{"sentence end", "Nature 2020. 10.1038/s41586-020-2649-2.", []string{"10.1038/s41586-020-2649-2"}},
		{"doi prefix", "doi: 10.1093/nar/gkr972. Epub 2011 Nov 12.", []string{"10.1093/nar/gkr972"}},
		{"DOI prefix upper", "DOI:10.1093/NAR/GKR972;", []string{"10.1093/nar/gkr972"}},
		{"https link", "<https://doi.org/10.5281/zenodo.5171937>", []string{"10.5281/zenodo.5171937"}},
		{"dx link percent", "http://dx.doi.org/10.1002/%28SICI%291097-4636%28199812%2943%3A4%3C448%3A%3AAID-JBM14%3E3.0.CO%3B2-4", []string{sici}},
		{"sici bare with period", "doi: 10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4. PMID: 1", []string{sici}},
		{"sici in parens", "(10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4)", []string{sici}},
		{"parenthesised doi kept", "doi={10.1016/s0169-7439(01)00155-1}", []string{"10.1016/s0169-7439(01)00155-1"}},
		{"unbalanced paren cut", "(doi:10.1234/abc), and", []string{"10.1234/abc"}},
		{"markdown link", "[10.1126/science.adp1853](https://doi.org/10.1126/science.adp1853).", []string{"10.1126/science.adp1853"}},
		{"markdown link with paren doi", "[x](https://doi.org/10.1016/S0169-5347(00)01874-7));", []string{"10.1016/s0169-5347(00)01874-7"}},
		{"bibtex quotes", `doi = "10.1234/Quoted",`, []string{"10.1234/quoted"}},
		{"bibtex leading space", "doi = { 10.7717/peerj.5518},", []string{"10.7717/peerj.5518"}},
		{"bibtex escaped hash", "doi={10.1002/(SICI)1099-128X(199701)11:1<73::AID-CEM435>3.0.CO;2-%23}", []string{"10.1002/(sici)1099-128x(199701)11:1<73::aid-cem435>3.0.co;2-#"}},
		{"ris", "DO  - 10.1016/S0169-5347(00)01874-7\r\nUR  - http://dx.doi.org/10.1016/S0169-5347(00)01874-7\r\n", []string{"10.1016/s0169-5347(00)01874-7"}},
		{"csl json", `{"DOI":"DOI 10.1093/molbev/msp169","URL":"https://doi.org/10.1093\/molbev\/msp169"}`, []string{"10.1093/molbev/msp169"}},
		{"cff", "doi: 10.21105/joss.03900\n  value: 10.32614/CRAN.package.cffr\n", []string{"10.21105/joss.03900", "10.32614/cran.package.cffr"}},
		{"publisher url view suffix", "UR  - https://www.frontiersin.org/articles/10.3389/feart.2021.636777/full", []string{"10.3389/feart.2021.636777"}},
		{"doi as a query parameter", "https://example.org/cite?doi=10.1234/abc&format=bib", []string{"10.1234/abc"}},
		{"publisher url query", "https://onlinelibrary.wiley.com/doi/10.1111/mms.12721?af=R", []string{"10.1111/mms.12721"}},
		{"html anchor", `<a href="https://doi.org/10.1234/a">10.1234/a</a>`, []string{"10.1234/a"}},
		{"colon doi", "https://doi.org/10.1093/acprof:oso/9780199641178.001.0001.", []string{"10.1093/acprof:oso/9780199641178.001.0001"}},
		{"smart quotes", "“10.1234/abc”", []string{"10.1234/abc"}},
		{"dedup first seen", "10.1234/B 10.1234/a https://doi.org/10.1234/b", []string{"10.1234/b", "10.1234/a"}},
		{"short registrant is not a doi", "doi:10.1.1.530.4789 and v110.1234/x and 10.123/x", nil},
		{"no suffix", "10.1234/ and 10.1234", nil},
		{"pdf break after 10.", "doi:10. 1016/j.neunet.2009.07.025.", []string{"10.1016/j.neunet.2009.07.025"}},
		{"pdf break after slash", "doi:10.1109/ ICSMC.1991.169910.", []string{"10.1109/icsmc.1991.169910"}},
		{"pdf break after dot", "doi:10.1016/j. neunet.2009.08.007.", []string{"10.1016/j.neunet.2009.08.007"}},
		{"pdf break after paren", "doi:10.1016/0893-6080(90) 90085-Y.", []string{"10.1016/0893-6080(90)90085-y"}},
		{"page number not joined", "doi:10.1109/TNN.2006.875988. 55", []string{"10.1109/tnn.2006.875988"}},
		{"next sentence not joined", "doi:10.1016/j.neunet.2009.03.013. Goal-Directed Neural", []string{"10.1016/j.neunet.2009.03.013"}},
		{"lowercase word without period not joined", "doi:10.1234/abc. see also", []string{"10.1234/abc"}},
		{"quote injection cut", `10.1/x" OR "cancer 10.1234/x" OR "y`, []string{"10.1234/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := dois(extract.Extract(tt.give))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

func TestExtractLineAndRaw(t *testing.T) {
	give := "title\r\n\r\ndoi={10.1002/(SICI)1099-128X(199701)11:1<73::AID-CEM435>3.0.CO;2-%23}\nsee doi:10.1109/ ICSMC.1991.169910.\n"
	want := []extract.Found{
		{DOI: "10.1002/(sici)1099-128x(199701)11:1<73::aid-cem435>3.0.co;2-#", Raw: "10.1002/(SICI)1099-128X(199701)11:1<73::AID-CEM435>3.0.CO;2-%23", Line: 3},
		{DOI: "10.1109/icsmc.1991.169910", Raw: "10.1109/ICSMC.1991.169910", Line: 4},
	}
	if diff := cmp.Diff(want, extract.Extract(give)); diff != "" {
		t.Errorf("Extract (-want +got):\n%s", diff)
	}
}

// TestExtractBibliographies runs over real reference lists. Counts and the
// tricky DOIs were checked by reading each file (see PROVENANCE.txt there).
func TestExtractBibliographies(t *testing.T) {
	tests := []struct {
		give    string
		want    int
		has     []string
		hasNot  []string
		wantRaw map[string]string
	}{
		{give: "AdaptiveResonanceLib_CITATIONS.txt", want: 147, has: []string{
			"10.1007/978-3-540-45226-3_1",   // "doi:10. 1007/..."
			"10.1109/ijcnn.2003.1223710",    // "IJCNN.2003. 1223710."
			"10.1016/0893-6080(91)90045-7",  // "(91) 90045-7."
			"10.1016/s0893-6080(96)00018-4", // "10.1016/ S0893-..."
			"10.1109/tnn.2006.875988",       // followed by " 55"
			"10.1016/j.neunet.2009.03.013",  // followed by " Goal-Directed"
			"10.1016/s0019-9958(65)90241-x", // "(65) 90241-X."
			"10.1016/0925-2312(95)00077-1",
		}, hasNot: []string{"10.1016/j", "10.1109/tnn.2006.875988.55"}},
		{give: "Glycoproteomics_Graph_Tool_README.md", want: 11, has: []string{
			"10.1002/(sici)1098-1004(200001)15:1<57::aid-humu12>3.0.co;2-g",
			"10.1186/gb-2012-13-1-r5", "10.1093/bib/bbae561",
		}},
		{give: "HVI_Johannesburg_references.ris", want: 10, has: []string{"10.3389/feart.2021.636777", "10.1029/2018gl080306"},
			hasNot: []string{"10.3389/feart.2021.636777/full"}},
		{give: "IKPLS_paper.bib", want: 16, has: []string{
			"10.1002/(sici)1099-128x(199701)11:1<73::aid-cem435>3.0.co;2-#",
			"10.1016/s0169-7439(01)00155-1", "10.48550/arxiv.2401.13185",
		}},
		{give: "ProgressReport2019_references.ris", want: 33, has: []string{
			"10.1016/s0169-5347(00)01874-7", "10.1016/s0006-3207(02)00361-0", "10.1080/0028825x.2004.9512892",
		}},
		{give: "RandomForestsGLS_paper.bib", want: 9, has: []string{"10.7717/peerj.5518", "10.1023/a:1010933404324"}},
		{give: "cetacean_mutation_rate_bibliography.json", want: 21, has: []string{"10.1093/molbev/msp169", "10.1093/molbev/msx116", "10.3389/fmars.2025.1562045"},
			hasNot: []string{"10.1.1.530.4789"}},
		{give: "cffr_CITATION.cff", want: 14, has: []string{"10.5281/zenodo.5171937", "10.32614/cran.package.usethis", "10.21105/joss.03900"}},
		{give: "ssalib_paper.bib", want: 17, has: []string{
			"10.1175/1520-0442(1996)009<3373:mcsdio>2.0.co;2",
			"10.6339/jds.2007.05(2).396", "10.1093/acprof:oso/9780199641178.001.0001",
		}},
		{give: "zombi2_references.md", want: 44, has: []string{"10.1126/science.adp1853", "10.1098/rstb.1994.0068"}},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bibliographies", tt.give))
			if err != nil {
				t.Fatal(err)
			}
			got := extract.Extract(string(b))
			if len(got) != tt.want {
				t.Errorf("got %d DOIs, want %d", len(got), tt.want)
			}
			set := map[string]bool{}
			for _, f := range got {
				set[f.DOI] = true
				if n, err := doi.Normalize(f.DOI); err != nil || n != f.DOI {
					t.Errorf("%q does not normalise to itself: %q, %v", f.DOI, n, err)
				}
				if f.Line < 1 {
					t.Errorf("%q: line %d", f.DOI, f.Line)
				}
			}
			for _, d := range tt.has {
				if !set[d] {
					t.Errorf("missing %q", d)
				}
			}
			for _, d := range tt.hasNot {
				if set[d] {
					t.Errorf("unexpected %q", d)
				}
			}
		})
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"doi:10. 1016/j. neunet.2009.08.007.",
		"10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4.",
		"https://doi.org/10.1002/%28SICI%29%3C",
		`{"DOI":"10.1234\/x%zz"}`,
		"[10.1234/a](https://doi.org/10.1234/a))",
		"10.1234/\xff\x00",
		"10.0000/0\u20130",
		`/scitation.org/doi/10.1063/1.881498?234saf=34 10.1007/978-3-030-02671-4\_7`,
		"https://www.biorxiv.org/content/10.1101/087619v3.full url=doi.org/10.1/x?y",
		"see http://dx.doi.org/10.1000/%28doi:10./ ok",
	} {
		f.Add(s)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "bibliographies", "*"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		seen := map[string]bool{}
		for _, got := range extract.Extract(s) {
			if got.Invalid != "" {
				// A whole token reported as invalid: it must not
				// normalise, and it is what the document says, less the
				// spaces of a repaired PDF line break and JSON's "\/".
				tooLong := strings.Contains(got.Invalid, "too long") && len(got.Raw) <= extract.MaxShown
				if _, err := doi.Normalize(got.DOI); (err == nil && !tooLong) || !strings.Contains(strings.ReplaceAll(strings.ReplaceAll(s, `\/`, "/"), " ", ""), got.Raw) {
					t.Fatalf("Extract reported %q as invalid (%s)", got.DOI, got.Invalid)
				}
				continue
			}
			n, err := doi.Normalize(got.DOI)
			if err != nil {
				t.Fatalf("Extract returned %q: %v", got.DOI, err)
			}
			if n != got.DOI {
				t.Fatalf("Extract returned %q, not normalised (%q)", got.DOI, n)
			}
			if seen[got.DOI] {
				t.Fatalf("duplicate %q", got.DOI)
			}
			seen[got.DOI] = true
		}
	})
}

func BenchmarkExtract(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "bibliographies", "*"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no bibliographies: %v", err)
	}
	var texts []string
	size := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(data))
		size += len(data)
	}
	b.SetBytes(int64(size))
	n := 0
	for b.Loop() {
		n = 0
		for _, s := range texts {
			n += len(extract.Extract(s))
		}
	}
	b.ReportMetric(float64(n), "dois/op")
}

// TestExtractNeverCutsAtAForeignCharacter: a DOI ends only where a
// character cannot belong to it; a token with another character is
// reported whole as invalid, never as a shorter DOI found.
func TestExtractNeverCutsAtAForeignCharacter(t *testing.T) {
	type row struct{ DOI, Invalid string }
	tests := []struct {
		give string
		want []row
	}{
		{give: "see 10.1111/bjhp.12807\u20112 here", want: []row{{DOI: "10.1111/bjhp.12807\u20112", Invalid: "x"}}},
		{give: "(10.1111/bjhp.12807\u2013x)", want: []row{{DOI: "10.1111/bjhp.12807\u2013x", Invalid: "x"}}},
		{give: "10.1111/bjhp.12807\u00a0next", want: []row{{DOI: "10.1111/bjhp.12807"}}},
		{give: "\u201c10.1111/bjhp.12807\u201d", want: []row{{DOI: "10.1111/bjhp.12807"}}},
		{give: "\u00ab10.1111/bjhp.12807\u00bb and \u300810.1234/abc\u3009", want: []row{{DOI: "10.1111/bjhp.12807"}, {DOI: "10.1234/abc"}}},
		{give: "10.1111/bjhp.12807\u2026 and 10.1234/abc\u3002", want: []row{{DOI: "10.1111/bjhp.12807"}, {DOI: "10.1234/abc"}}},
		{give: "10.1111/bjhp.12807\u2009thin", want: []row{{DOI: "10.1111/bjhp.12807"}}},
	}
	for _, tt := range tests {
		var got []row
		for _, f := range extract.Extract(tt.give) {
			r := row{DOI: f.DOI}
			if f.Invalid != "" {
				r.Invalid = "x"
			}
			got = append(got, r)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
}
