package bib

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInvalidDOIFields: a doi field that is no DOI is reported invalid as
// written, never dropped and never shortened to the DOI it starts with.
func TestInvalidDOIFields(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string // raw, invalid or "" for valid
	}{
		{"refs.bib", "@article{a, doi = {10.1111bjhp.12807}}\n@article{b, doi = {10.12/xyz}}\n@article{c,\n doi = {10.1002/hpja 70059}}\n@article{d, doi={10.1000/ok}}\n",
			[]string{"10.1111bjhp.12807 invalid", "10.12/xyz invalid", "10.1002/hpja 70059 invalid", "10.1000/ok valid"}},
		{"refs.ris", "TY  - JOUR\nDO  - 10.1097mpa.0000000000002489\nER  - \n", []string{"10.1097mpa.0000000000002489 invalid"}},
		{"refs.json", `[{"title":"T","DOI":"10.1000 /x"}]`, []string{"10.1000 /x invalid"}},
		{"refs.md", "## References\n\n1. Smith, J. (2021). A paper. Journal. doi:10.1111bjhp.12807.\n", []string{"10.1111bjhp.12807 invalid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range Parse(tt.name, []byte(tt.give)).DOIs {
				state := "valid"
				if f.Invalid != "" {
					state = "invalid"
				}
				got = append(got, f.Raw+" "+state)
			}
			if d := cmp.Diff(tt.want, got, entryOnly); d != "" {
				t.Errorf("DOIs (-want +got):\n%s", d)
			}
		})
	}
}

// TestReferenceLinesWithoutDOI: a reference line without a DOI is an entry
// when refline reads it; under a references heading a line it cannot read
// is an entry that says why; prose is nothing.
func TestReferenceLinesWithoutDOI(t *testing.T) {
	give := "# Notes\n\nSee Smith (2019) for more.\n\nWe thank the reviewers.\n\n## References\n\n" +
		"1. Smith, J. (2021). A totally fabricated paper on the remission of cancer. *Journal of Imaginary Results*, *3*(2), 1–10.\n" +
		"2. Some notes the author left here\n" +
		"3. Doe J, Roe R. Another title here. Lancet. 2019;12(3):45-67. doi:10.1000/x\n"
	var got []string
	for _, e := range Parse("refs.md", []byte(give)).Entries {
		got = append(got, e.Label+"|"+e.DOI+"|"+e.Title+"|"+e.Journal+"|"+e.Volume+"|"+e.Pages+"|"+e.Unread)
	}
	want := []string{
		"line 9||A totally fabricated paper on the remission of cancer|Journal of Imaginary Results|3|1–10|",
		"line 10||||||no author list, year and title in a known reference style",
		"line 11|10.1000/x|Another title here|Lancet|12|45-67|",
	}
	if d := cmp.Diff(want, got, entryOnly); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
}

// TestBBL reads \bibitem lists as BibTeX styles write them.
func TestBBL(t *testing.T) {
	give := `\begin{thebibliography}{2}
\providecommand{\natexlab}[1]{#1}

\bibitem[Lee et~al.(2010)Lee, Green, and Glover]{lee2010}
M.~S. Lee, R.~Green, and J.~N. Glover.
\newblock Comprehensive analysis of missense variations in the {BRCT} domain of
  {BRCA1}.
\newblock {\em Cancer Res.}, 70\penalty0 (12):\penalty0 4880--4890, 2010.
\newblock \doi{10.1158/0008-5472.CAN-09-4563}.

\bibitem{mudrak}
Benjamin Mudrak and Sarah Tegen.
\newblock Five years of {ChemRxiv}.
\newblock ChemRxiv preprint, 2023.

\bibitem{hand} A. Smith, B. Jones, ` + "``" + `A hand-written item,'' Journal of Things, 2019.
\end{thebibliography}
`
	doc := Parse("paper.bbl", []byte(give))
	type fields struct {
		Label, DOI, Title string
		Authors           []string
		Journal, Volume   string
		Issue, Pages      string
		Year              int
		Type              Type
		Line              int
	}
	var got []fields
	for _, e := range doc.Entries {
		got = append(got, fields{e.Label, e.DOI, e.Title, e.Authors, e.Journal, e.Volume, e.Issue, e.Pages, e.Year, e.Type, e.Line})
	}
	want := []fields{
		{"lee2010", "10.1158/0008-5472.can-09-4563", "Comprehensive analysis of missense variations in the BRCT domain of BRCA1",
			[]string{"M. S. Lee", "R. Green", "J. N. Glover"}, "Cancer Res.", "70", "12", "4880–4890", 2010, TypeArticle, 4},
		{"mudrak", "", "Five years of ChemRxiv", []string{"Benjamin Mudrak", "Sarah Tegen"}, "ChemRxiv preprint", "", "", "", 2023, TypePreprint, 11},
		{"hand", "", "A hand-written item", []string{"A. Smith", "B. Jones"}, "Journal of Things", "", "", "", 2019, "", 16},
	}
	if d := cmp.Diff(want, got, entryOnly); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
	if KindOf("paper.bbl") != BBL || BBL.String() != "bbl" {
		t.Errorf("KindOf(paper.bbl) = %v", KindOf("paper.bbl"))
	}
}

// TestBibTeXLaTeX: field values are decoded with the LaTeX table, @string
// macros expanded; a DOI is not decoded.
func TestBibTeXLaTeX(t *testing.T) {
	give := `@string{nr = "Nutrition " # {Reviews}}
@article{k, author = {{\"O}zt{\"u}rk Fincan, G{\"o}k{\c{c}}e and others}, title = {The {$\alpha$}-helix of \textit{C. elegans}},
 journal = nr, volume = 83, number = {7}, pages = {e1660--e1676}, issn = {0029-6643}, year = 2025, doi = {10.1002/(SICI)1097-4636(199704)34:1--X}}
`
	e := Parse("a.bib", []byte(give)).Entries[0]
	got := []string{e.Authors[0], e.Authors[1], e.Title, e.Journal, e.Volume, e.Issue, e.Pages, e.ISSN[0], e.RawDOI, string(e.Type)}
	want := []string{"Öztürk Fincan, Gökçe", "others", "The α-helix of C. elegans", "Nutrition Reviews", "83", "7", "e1660–e1676", "0029-6643", "10.1002/(SICI)1097-4636(199704)34:1--X", "article"}
	if d := cmp.Diff(want, got, entryOnly); d != "" {
		t.Errorf("entry (-want +got):\n%s", d)
	}
	if e.Line != 2 {
		t.Errorf("line %d, want 2", e.Line)
	}
}
