package check_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
)

// TestEveryInputForm: in each input form, a broken doi field is an invalid
// row with the DOI as written, and a fabricated reference without a DOI is
// a no_doi row that no search confirms; nothing is dropped.
func TestEveryInputForm(t *testing.T) {
	const broken = "10.1111bjhp.12807" // no slash
	fab := "A totally fabricated paper on the remission of quantum cats"
	tests := []struct{ name, text string }{
		{"refs.bib", "@article{broken,\n  title = {The role of psychological flexibility},\n  author = {Al-Abbadey, M.},\n  year = {2025},\n  doi = {" + broken + "}\n}\n" +
			"@article{fab,\n  title = {" + fab + "},\n  author = {Smith, J.},\n  journal = {Journal of Imaginary Results},\n  year = {2021}\n}\n"},
		{"refs.ris", "TY  - JOUR\nTI  - The role of psychological flexibility\nAU  - Al-Abbadey, M.\nPY  - 2025\nDO  - " + broken + "\nER  - \n" +
			"TY  - JOUR\nTI  - " + fab + "\nAU  - Smith, J.\nJO  - Journal of Imaginary Results\nPY  - 2021\nER  - \n"},
		{"refs.json", `[{"title":"The role of psychological flexibility","DOI":"` + broken + `","author":[{"family":"Al-Abbadey","given":"M."}],"issued":{"date-parts":[[2025]]}},` +
			`{"title":"` + fab + `","author":[{"family":"Smith","given":"J."}],"container-title":"Journal of Imaginary Results","issued":{"date-parts":[[2021]]}}]`},
		{"CITATION.cff", "cff-version: 1.2.0\nmessage: x\ntitle: tool\nreferences:\n- type: article\n  title: The role of psychological flexibility\n  doi: " + broken +
			"\n  authors:\n  - family-names: Al-Abbadey\n    given-names: M.\n- type: article\n  title: " + fab + "\n  year: 2021\n  authors:\n  - family-names: Smith\n    given-names: J.\n"},
		{"refs.md", "## References\n\n1. Al-Abbadey, M. (2025). The role of psychological flexibility. *Br J Health Psychol*. doi:" + broken + "\n" +
			"2. Smith, J. (2021). " + fab + ". *Journal of Imaginary Results*, *3*(2), 1–10.\n"},
		{"refs.txt", "References\n\nAl-Abbadey M. The role of psychological flexibility. Br J Health Psychol. 2025. doi:" + broken + ".\n\n" +
			"Smith J. " + fab + ". J Imag Res. 2021;3(2):1-10.\n"},
		{"refs.bbl", "\\begin{thebibliography}{2}\n\n\\bibitem{a}\nM.~Al-Abbadey.\n\\newblock The role of psychological flexibility.\n\\newblock {\\em Br. J. Health Psychol.}, 30(3):e12807, 2025.\n\\newblock doi:" + broken + ".\n\n" +
			"\\bibitem{b}\nJ.~Smith.\n\\newblock " + fab + ".\n\\newblock {\\em Journal of Imaginary Results}, 3(2):1--10, 2021.\n\n\\end{thebibliography}\n"},
	}
	c := labelledChecker(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(t.Context(), []check.Document{{Name: tt.name, Text: tt.text}})
			var got []string
			for _, r := range rep.DOIs {
				got = append(got, r.Verdict+" "+r.Locations[0].Raw)
			}
			if !slices.Contains(got, "invalid "+broken) {
				t.Errorf("rows %q: want the broken DOI invalid as written", got)
			}
			i := slices.IndexFunc(rep.DOIs, func(r check.Row) bool { return r.DOI == "" })
			if i < 0 || rep.DOIs[i].Verdict != check.VerdictNoDOI || rep.DOIs[i].SuggestedDOI != "" || rep.DOIs[i].Entry == nil ||
				!strings.Contains(rep.DOIs[i].Entry.Title, "quantum cats") {
				t.Errorf("rows %+v: want the fabricated reference no_doi, nothing suggested", rep.DOIs)
			}
			if len(rep.DOIs) != 2 || rep.Status() != check.NotVerified {
				t.Errorf("%d rows, status %v: want two rows, not verified", len(rep.DOIs), rep.Status())
			}
		})
	}
}
