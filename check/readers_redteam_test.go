package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
)

// The two real records the cases below describe, rightly and wrongly.
var (
	flexRecord = oracles.Record{DOI: "10.1111/bjhp.12807", Title: "The role of psychological flexibility in relation to health outcomes in people in remission from cancer",
		Authors: []string{"Al-Abbadey M", "Tomescu-Stachie S", "Kaklamanou D", "Jarrett N", "Merwood A", "Tyndall I", "McCracken L"},
		Journal: "British Journal of Health Psychology", Year: 2025}
	screenRecord = oracles.Record{DOI: "10.1002/hpja.70059", Title: "Co-designed culturally tailored cancer screening promotion program with Chinese-Australian: Using a community partnership approach",
		Authors: []string{"Kwok C", "Xu X"}, Journal: "Health Promotion Journal of Australia", Year: 2025}
)

// TestFabricatedInEveryForm: a fabricated reference is a failing row in
// every form a bibliography takes, wherever its file puts the DOI, and the
// same reference written rightly passes. Each pair is one class a
// black-box red team found exiting 0 (a DOI outside the doi field, YAML
// and JSON escapes, # concatenation, TeX comments and break commands,
// CSL JSON in an object, biblatex, amsrefs and harvard .bbl files, a
// hand-written \bibitem that cannot be read into fields).
func TestFabricatedInEveryForm(t *testing.T) {
	const fake, real = "Totally fabricated title", "Co-designed culturally tailored cancer screening promotion program with Chinese-Australian: Using a community partnership approach"
	forms := []struct {
		name, file string
		doc        func(title, author string) string
	}{
		{"eprint", "a.bib", func(ti, au string) string {
			return "@article{w, author={" + au + " and Xu, X.}, title={" + ti + "}, journal={Health Promotion Journal of Australia}, year={2025}, eprinttype={doi}, eprint={10.1002/hpja.70059}}\n"
		}},
		{"publisher URL", "a.bib", func(ti, au string) string {
			return "@article{w, author={" + au + " and Xu, X.}, title={" + ti + "}, journal={Health Promotion Journal of Australia}, year={2025}, url={https://onlinelibrary.wiley.com/doi/abs/10.1002/hpja.70059}}\n"
		}},
		{"concatenated", "a.bib", func(ti, au string) string {
			return "@string{s={59}}\n@article{w, author={" + au + " and Xu, X.}, title={" + ti + "}, journal={Health Promotion Journal of Australia}, year={2025}, doi={10.1002/hpja.700} # s}\n"
		}},
		{"CFF escape", "CITATION.cff", func(ti, au string) string {
			return "cff-version: 1.2.0\nreferences:\n  - type: article\n    title: \"" + ti + "\"\n    authors: [{family-names: " + strings.Split(au, ",")[0] + "}, {family-names: Xu}]\n    journal: Health Promotion Journal of Australia\n    year: 2025\n    doi: \"10.1002\\u002Fhpja.70059\"\n"
		}},
		{"CFF identifier url", "CITATION.cff", func(ti, au string) string {
			return "cff-version: 1.2.0\nreferences:\n  - type: article\n    title: \"" + ti + "\"\n    authors: [{family-names: " + strings.Split(au, ",")[0] + "}, {family-names: Xu}]\n    journal: Health Promotion Journal of Australia\n    year: 2025\n    identifiers: [{type: url, value: \"https://doi.org/10.1002/hpja.70059\"}]\n"
		}},
		{"CSL items", "a.json", func(ti, au string) string {
			return `{"items":[{"type":"article-journal","title":"` + ti + `","author":[{"family":"` + strings.Split(au, ",")[0] + `"},{"family":"Xu"}],"container-title":"Health Promotion Journal of Australia","issued":{"date-parts":[[2025]]},"DOI":"10.1002/hpja.70059"}]}`
		}},
		{"bbl % break", "a.bbl", func(ti, au string) string {
			return "\\begin{thebibliography}{1}\n\\bibitem{k}\n" + au + " and X. Xu.\n\\newblock " + ti + ".\n\\newblock \\emph{Health Promotion Journal of Australia}, 2025.\n\\newblock \\doi{10.1002/hpja.%\n70059}\n\\end{thebibliography}\n"
		}},
		{"bbl allowbreak", "a.bbl", func(ti, au string) string {
			return "\\begin{thebibliography}{1}\n\\bibitem{k}\n" + au + " and X. Xu.\n\\newblock " + ti + ".\n\\newblock \\emph{Health Promotion Journal of Australia}, 2025.\n\\newblock doi:10.1002/hpja.\\allowbreak{}70059\n\\end{thebibliography}\n"
		}},
		{"biblatex", "a.bbl", func(ti, au string) string {
			return "\\entry{k}{article}{}\n\\name{author}{2}{}{%\n{{hash=1}{family={" + strings.Split(au, ",")[0] + "}, given={C.}}}%\n{{hash=2}{family={Xu}, given={X.}}}%\n}\n\\field{journaltitle}{Health Promotion Journal of Australia}\n\\field{title}{" + ti + "}\n\\field{year}{2025}\n\\verb{doi}\n\\verb 10.1002/hpja.70059\n\\endverb\n\\endentry\n"
		}},
		{"amsrefs", "a.bbl", func(ti, au string) string {
			return "\\bib{k}{article}{\n author={" + au + "},\n author={Xu, X.},\n title={" + ti + "},\n journal={Health Promotion Journal of Australia},\n date={2025},\n doi={10.1002/hpja.70059},\n}\n"
		}},
		{"hand-written bibitem", "a.tex", func(ti, au string) string {
			return "\\begin{thebibliography}{9}\n\\bibitem{b} " + strings.Split(au, ",")[0] + " and Xu, " + ti + ", \\emph{Health Promot. J. Austr.} (2025), \\url{https://doi.org/10.1002/hpja.70059}.\n\\end{thebibliography}\n"
		}},
	}
	c := checker([]oracles.Record{flexRecord, screenRecord})
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			for _, tt := range []struct {
				title, author string
				want          check.Status
			}{{real, "Kwok, C.", check.AllFound}, {fake, "Kwok, C.", check.NotVerified}, {real, "Smith, J.", check.NotVerified}} {
				doc := f.doc(tt.title, tt.author)
				rep := c.Check(context.Background(), []check.Document{{Name: f.file, Text: doc}})
				if rep.Status() != tt.want || len(rep.DOIs) != 1 {
					t.Errorf("%s by %s: status %v with rows %+v, want %v and one row\n%s", tt.title[:10], tt.author, rep.Status(), rep.DOIs, tt.want, doc)
					continue
				}
				if row := rep.DOIs[0]; row.DOI != screenRecord.DOI || row.Entry == nil {
					t.Errorf("%s by %s: row %+v, want %s compared with its entry", tt.title[:10], tt.author, row, screenRecord.DOI)
				}
			}
		})
	}
}

// A DOI cited twice in a Markdown list, rightly on one line and for
// another paper on the next, is one row with both places, the wrong
// entry's first: the table and a GitHub annotation point at it.
func TestMismatchPointsAtTheWrongEntry(t *testing.T) {
	for _, wrongFirst := range []bool{false, true} {
		right := "1. Kwok C, Xu X. Co-designed culturally tailored cancer screening promotion program with Chinese-Australian: using a community partnership approach. Health Promot J Austr. 2025. doi:10.1002/hpja.70059\n"
		wrong := "1. Smith J. A fabricated paper about lungs. Ann Oncol. 2018;12:1-9. doi:10.1002/hpja.70059\n"
		lines, wantLine := right+wrong, 4
		if wrongFirst {
			lines, wantLine = wrong+right, 3
		}
		rep := checker([]oracles.Record{screenRecord}).Check(context.Background(), []check.Document{{Name: "refs.md", Text: "## References\n\n" + lines}})
		if len(rep.DOIs) != 1 || rep.DOIs[0].Verdict != check.VerdictMismatch || len(rep.DOIs[0].Locations) != 2 || rep.DOIs[0].Locations[0].Line != wantLine {
			t.Errorf("wrong entry first %v: rows %+v, want one mismatch at lines %d and the other", wrongFirst, rep.DOIs, wantLine)
		}
	}
}

// A DOI an entry writes beside its own names a related paper or fails:
// the same work (a version), a notice naming it, or a reference the
// entry's text names with its own title.
func TestDOIsBesideTheEntrysOwn(t *testing.T) {
	erratum := oracles.Record{DOI: "10.5555/erratum.1", Title: "Erratum: " + screenRecord.Title, PubTypes: []string{"Published Erratum"}, Year: 2025}
	bare := oracles.Record{DOI: "10.5555/erratum.2", Title: "Erratum", PubTypes: []string{"Published Erratum"}, Year: 2025}
	version := oracles.Record{DOI: "10.5555/preprint.3", Title: screenRecord.Title, Year: 2024}
	entry := func(url string) string {
		return "@article{k, author={Kwok, C. and Xu, X.}, title={" + screenRecord.Title + "}, journal={Health Promotion Journal of Australia}, year={2025}, doi={10.1002/hpja.70059}, url={https://doi.org/" + url + "}}\n"
	}
	c := checker([]oracles.Record{flexRecord, screenRecord, erratum, bare, version})
	for _, tt := range []struct {
		beside string
		want   string
	}{{flexRecord.DOI, check.VerdictMismatch}, {erratum.DOI, check.VerdictFound}, {bare.DOI, check.VerdictFound}, {version.DOI, check.VerdictFound}} {
		rep := c.Check(context.Background(), []check.Document{{Name: "refs.bib", Text: entry(tt.beside)}})
		var row *check.Row
		for i := range rep.DOIs {
			if rep.DOIs[i].DOI == tt.beside {
				row = &rep.DOIs[i]
			}
		}
		if row == nil || row.Verdict != tt.want || tt.want == check.VerdictMismatch && (row.Entry == nil || row.Entry.Label != "k") {
			t.Errorf("beside %s: rows %+v, want %s", tt.beside, rep.DOIs, tt.want)
		}
	}
}
