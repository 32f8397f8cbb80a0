package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/oracles"
)

// The reference lines below describe screenRecord (Kwok C, Xu X. 2025.
// Health Promotion Journal of Australia) rightly, and a made-up paper
// ("Smith J … lung cancer … 2018") with its DOI wrongly.
const (
	kwokTitle = "Co-designed culturally tailored cancer screening promotion program with Chinese-Australian: Using a community partnership approach"
	screenDOI = "10.1002/hpja.70059"
)

// rt4Rows checks one document against screenRecord and flexRecord.
func rt4Rows(t *testing.T, name, text string) []check.Row {
	t.Helper()
	c := checker([]oracles.Record{flexRecord, screenRecord})
	return c.Check(context.Background(), []check.Document{{Name: name, Text: text}}).DOIs
}

// rowOf is the row of doi, or nil.
func rowOf(rows []check.Row, doi string) *check.Row {
	for i := range rows {
		if rows[i].DOI == doi {
			return &rows[i]
		}
	}
	return nil
}

// TestMarkupAroundAReference (A1): whatever markup a list wraps a
// reference in, the reference is read (or compared by its text), so a
// wrong one is a mismatch and a right one passes.
func TestMarkupAroundAReference(t *testing.T) {
	right := "Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI
	wrong := "Smith J. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9. doi:" + screenDOI
	wraps := []struct{ name, open, close string }{
		{"bullet •", "• ", ""}, {"white bullet ◦", "◦ ", ""}, {"square ▪", "▪ ", ""}, {"triangle ‣", "‣ ", ""},
		{"en dash", "– ", ""}, {"(1)", "(1) ", ""}, {"1 and a space", "1 ", ""}, {"12 and a space", "12 ", ""},
		{"bold number", "**1.** ", ""}, {"bold number after", "**1**. ", ""}, {"footnote", "[^1]: ", ""}, {"named footnote", "[^kwok2025]: ", ""},
		{"done task", "- [x] ", ""}, {"open task", "- [ ] ", ""}, {"blockquote", "> ", ""}, {"nested blockquote", "> > ", ""},
		{"table row", "| 1 | ", " |"}, {"table row without number", "| ", " |"}, {"li", "<li>", "</li>"}, {"p", "<p>", "</p>"},
		{"br after", "", "<br>"}, {"li with attribute", `<li class="ref">`, "</li>"}, {"italic whole", "*", "*"},
		{"number in brackets with bullet", "- [1] ", ""}, {"tab after number", "1.\t", ""},
	}
	for _, w := range wraps {
		t.Run(w.name, func(t *testing.T) {
			for _, tt := range []struct {
				give, want string
			}{{right, "found"}, {wrong, "mismatch"}} {
				rows := rt4Rows(t, "refs.md", "# References\n\n"+w.open+tt.give+w.close+"\n")
				row := rowOf(rows, screenDOI)
				if row == nil || row.Verdict != tt.want || row.Entry == nil {
					t.Errorf("%q: row %+v, want %s compared with its entry", w.open+tt.give+w.close, row, tt.want)
				}
			}
		})
	}
}

// TestStylesReadOrComparedByText (A1): a reference in a style refline does not
// read, or reads only in part, that cites a DOI is still compared: by its
// fields where they read, else by its text.
func TestStylesReadOrComparedByText(t *testing.T) {
	tests := []struct{ name, right, wrong string }{
		{"GB/T 7714",
			"[1] KWOK C, XU X. " + kwokTitle + "[J]. Health Promotion Journal of Australia, 2025, 36(3): e70059. DOI:" + screenDOI + ".",
			"[1] SMITH J, JONES K. Factors driving lung cancer survival rates[J]. Annals of Oncology, 2018, 12(3): 1-9. DOI:" + screenDOI + "."},
		{"ACS",
			"Kwok, C.; Xu, X. " + kwokTitle + ". Health Promot. J. Austr. 2025, 36, e70059. DOI: " + screenDOI,
			"Smith, J.; Jones, K. Factors Driving Lung Cancer Survival Rates. Ann. Oncol. 2018, 12, 1–9. DOI: " + screenDOI},
		{"AIP, no title",
			"C. Kwok and X. Xu, Health Promot. J. Austr. 36, e70059 (2025). https://doi.org/" + screenDOI,
			"J. Smith and K. Jones, Ann. Oncol. 12, 1 (2018). https://doi.org/" + screenDOI},
		{"German u. a.",
			"Kwok C, Xu X u. a. (2025) " + kwokTitle + ". Health Promot J Austr 36:e70059. https://doi.org/" + screenDOI,
			"Smith J, Jones K u. a. (2018) Factors driving lung cancer survival rates. Ann Oncol 12:1–9. https://doi.org/" + screenDOI},
		{"French et coll.",
			"Kwok C, Xu X et coll. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI,
			"Smith J, Jones K et coll. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9. doi:" + screenDOI},
		{"Spanish y col.",
			"Kwok C, Xu X y col. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI,
			"Smith J, Jones K y col. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9. doi:" + screenDOI},
		{"Japanese full-width punctuation",
			"Kwok C, Xu X：" + kwokTitle + "．Health Promot J Austr，36：e70059，2025．doi:" + screenDOI,
			"Smith J, Jones K：Factors driving lung cancer survival rates．Ann Oncol，12：1-9，2018．doi:" + screenDOI},
		{"NLM Internet",
			"Kwok C, Xu X. " + kwokTitle + " [Internet]. Health Promot J Austr. 2025 [cited 2026 Jan 5];36(3):e70059. Available from: https://doi.org/" + screenDOI,
			"Smith J. Factors driving lung cancer survival rates [Internet]. Ann Oncol. 2018 [cited 2020 May 1];12:1-9. Available from: https://doi.org/" + screenDOI},
		{"AMA without periods",
			"Kwok C Xu X " + kwokTitle + " Health Promot J Austr 2025 36 e70059 doi:" + screenDOI,
			"Smith J Factors driving lung cancer survival rates Ann Oncol 2018 12 1-9 doi:" + screenDOI},
		{"APA n.d.",
			"Kwok, C., & Xu, X. (n.d.). " + kwokTitle + ". Health Promotion Journal of Australia. https://doi.org/" + screenDOI,
			"Smith, J. (n.d.). Factors driving lung cancer survival rates. Annals of Oncology. https://doi.org/" + screenDOI},
		{"APA in press",
			"Kwok, C., & Xu, X. (in press). " + kwokTitle + ". Health Promotion Journal of Australia. https://doi.org/" + screenDOI,
			"Smith, J. (in press). Factors driving lung cancer survival rates. Annals of Oncology. https://doi.org/" + screenDOI},
		{"APA forthcoming",
			"Kwok, C., & Xu, X. (forthcoming). " + kwokTitle + ". Health Promotion Journal of Australia. https://doi.org/" + screenDOI,
			"Smith, J. (forthcoming). Factors driving lung cancer survival rates. Annals of Oncology. https://doi.org/" + screenDOI},
		{"Vancouver forthcoming",
			"Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. Forthcoming. doi:" + screenDOI,
			"Smith J. Factors driving lung cancer survival rates. Ann Oncol. Forthcoming. doi:" + screenDOI},
		{"DOI first",
			"https://doi.org/" + screenDOI + " Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025.",
			"https://doi.org/" + screenDOI + " Smith J. Factors driving lung cancer survival rates. Ann Oncol. 2018."},
		{"bare DOI first",
			screenDOI + " Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025.",
			screenDOI + " Smith J. Factors driving lung cancer survival rates. Ann Oncol. 2018."},
		{"Vancouver with & before the last author",
			"Kwok C & Xu X. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI,
			"Smith J & Jones K. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9. doi:" + screenDOI},
		{"initials first",
			"C Kwok, X Xu. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI,
			"J Smith, K Jones. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9. doi:" + screenDOI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []struct{ give, want string }{{tt.right, "found"}, {tt.wrong, "mismatch"}} {
				rows := rt4Rows(t, "refs.md", "# References\n\n"+c.give+"\n")
				row := rowOf(rows, screenDOI)
				if row == nil || row.Verdict != c.want || row.Entry == nil {
					t.Errorf("%q: row %+v, want %s compared with its entry", c.give, row, c.want)
				}
			}
		})
	}
}

// TestTwoDOIsOneReference (A2): a reference line citing two DOIs is
// compared by its first; the other is a row of its own. Two references run
// together each get their own.
func TestTwoDOIsOneReference(t *testing.T) {
	flexDOI := flexRecord.DOI
	wrong := "Smith J, Jones K. Factors driving lung cancer survival rates. Ann Oncol. 2018;12:1-9."
	right := "Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059."
	flexAPA := "Al-Abbadey, M., Tomescu-Stachie, S., Kaklamanou, D., Jarrett, N., Merwood, A., Tyndall, I., & McCracken, L. (2025). The role of psychological flexibility in relation to health outcomes in people in remission from cancer. British Journal of Health Psychology."
	tests := []struct {
		name, give string
		want       map[string]string // DOI → verdict
	}{
		// A DOI written beside the reference's own must name a related
		// paper: flexRecord is none of screenRecord's, so each is a
		// mismatch naming the entry.
		{"two DOIs, wrong reference", wrong + " doi:" + screenDOI + " doi:" + flexDOI, map[string]string{screenDOI: "mismatch", flexDOI: "mismatch"}},
		{"two DOIs, right reference", right + " doi:" + screenDOI + " doi:" + flexDOI, map[string]string{screenDOI: "found", flexDOI: "mismatch"}},
		{"erratum in, another paper", wrong + " doi:" + screenDOI + " Erratum in: doi:" + flexDOI, map[string]string{screenDOI: "mismatch", flexDOI: "mismatch"}},
		{"comment in, DOI labels", wrong + " DOI: " + screenDOI + ". Comment in: DOI: " + flexDOI + ".", map[string]string{screenDOI: "mismatch", flexDOI: "mismatch"}},
		{"link text one DOI, target another", wrong + " [doi:" + screenDOI + "](https://doi.org/" + flexDOI + ")", map[string]string{screenDOI: "mismatch", flexDOI: "mismatch"}},
		{"unread line with two DOIs", "[1] SMITH J. Factors driving lung cancer survival rates[J]. Annals of Oncology, 2018, 12: 1-9. DOI:" + screenDOI + ". DOI:" + flexDOI + ".",
			map[string]string{screenDOI: "mismatch", flexDOI: "mismatch"}},
		{"see also, the other reference named", right + " doi:" + screenDOI + " See also: " + flexAPA + " doi:" + flexDOI, map[string]string{screenDOI: "found", flexDOI: "found"}},
		{"two APA references run together, first wrong", "Smith, J. (2018). Factors driving lung cancer survival rates. Annals of Oncology, 12, 1–9. https://doi.org/" + screenDOI + " " + flexAPA + " https://doi.org/" + flexDOI,
			map[string]string{screenDOI: "mismatch", flexDOI: "found"}},
		{"two Vancouver references run together, second wrong", right + " doi:" + screenDOI + " " + wrong + " doi:" + flexDOI,
			map[string]string{screenDOI: "found", flexDOI: "mismatch"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := rt4Rows(t, "refs.md", "# References\n\n"+tt.give+"\n")
			for d, want := range tt.want {
				row := rowOf(rows, d)
				if row == nil || row.Verdict != want || want == "mismatch" && row.Entry == nil {
					t.Errorf("%s: row %+v, want %s", d, row, want)
				}
			}
		})
	}
}

// TestEveryReferenceARow (A3, B7, C2): every reference of a list has a
// row, labelled with the line its first character is on, however the list
// runs its references together.
func TestEveryReferenceARow(t *testing.T) {
	apaRight := "Kwok, C., & Xu, X. (2025). " + kwokTitle + ". Health Promotion Journal of Australia, 36(3), e70059. https://doi.org/" + screenDOI
	tests := []struct {
		name, file, give string
		want             []string // verdict@line per reference, in order of lines
	}{
		{"APA no-DOI line after a DOI line", "r.txt", "References\n\n" + apaRight + "\nNobody, A. (2020). A fabricated paper about screening. The Lancet, 395, 100–110.\n",
			[]string{"found@3", "no_doi@4"}},
		{"Vancouver no-DOI line after a DOI line", "r.txt", "References\n\nKwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI + "\nNobody A. A fabricated paper about screening. Lancet. 2020;395:100-110.\n",
			[]string{"found@3", "no_doi@4"}},
		{"Harvard no-DOI line after a DOI line", "r.md", "# References\n\n" + apaRight + "\nNobody, A., 2020. A fabricated paper about screening. The Lancet 395, 100–110.\n",
			[]string{"found@3", "no_doi@4"}},
		{"run on in one line", "r.md", "# References\n\n" + apaRight + " Nobody, A. (2020). A fabricated paper about screening. The Lancet, 395, 100–110.\n",
			[]string{"found@3", "no_doi@3"}},
		{"numbered 1 and a space", "r.txt", "References\n1 Kwok C, Xu X. " + kwokTitle + ". Health Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI + "\n2 Nobody A. A fabricated paper about screening. Lancet. 2020;395:100-110.\n",
			[]string{"found@2", "no_doi@3"}},
		{"PDF-wrapped Vancouver", "r.txt", "REFERENCES\n\nNobody A. A fabricated paper with no DOI about breast cancer\nscreening. Lancet. 2020;395:100-110.\nKwok C, Xu X. Co-designed culturally tailored cancer screening promotion\nprogram with Chinese-Australian: using a community partnership approach.\nHealth Promot J Austr. 2025;36(3):e70059. doi:" + screenDOI + "\nOther B. Another fabricated paper. Cancer. 2019;12:1-9.\n",
			[]string{"no_doi@3", "found@5", "no_doi@8"}},
		{"PDF-wrapped APA, DOIs on continuation lines (B7)", "r.txt", "References\n\nKwok, C., & Xu, X. (2025). Co-designed culturally tailored cancer screening promotion\nprogram with Chinese-Australian: Using a community partnership approach. Health\nPromotion Journal of Australia, 36(3), e70059. https://doi.org/" + screenDOI + "\nAl-Abbadey, M., Tomescu-Stachie, S., Kaklamanou, D., Jarrett, N., Merwood, A., Tyndall, I., &\nMcCracken, L. (2025). The role of psychological flexibility in relation to health outcomes in\npeople in remission from cancer. British Journal of Health Psychology.\nhttps://doi.org/" + flexRecord.DOI + "\n",
			[]string{"found@3", "found@6"}},
		{"in press, forthcoming, n.d. without DOIs", "r.md", "# References\n\nNobody, B. (in press). Another fabricated paper about outcomes. *Nature Medicine*.\n\nNobody C. A third fabricated paper on screening. Lancet Oncol. Forthcoming.\n\nNobody, D. (n.d.). A fourth fabricated paper. *The Lancet*.\n\nNobody, E. (forthcoming). A fifth fabricated paper. *Cancer*.\n",
			[]string{"no_doi@3", "no_doi@5", "no_doi@7", "no_doi@9"}},
		{"no heading, styles refline does not read", "r.txt", "SMITH J, JONES K. A fabricated paper on lung cancer[J]. Annals of Oncology, 2018, 12(3): 1-9.\n\nSmith, J.; Jones, K. A Fabricated Paper on Lung Cancer. Ann. Oncol. 2018, 12, 1-9.\n",
			[]string{"not_checked@1", "not_checked@3"}},
		{"labels after a run of lines", "r.txt", "References\n\nNobody, A. (2020). A fabricated paper. The Lancet, 395, 100–110.\n" + strings.TrimSuffix(apaRight, "https://doi.org/"+screenDOI) + "\nOther, B. (2019). Another invented paper. Cancer, 12, 1–9.\n",
			[]string{"no_doi@3", "no_doi@4", "no_doi@5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range rt4Rows(t, tt.file, tt.give) {
				// The reference's line: its entry's label ("line 5"), the
				// row's place when it has no DOI.
				at := ""
				if r.Entry != nil {
					at = strings.TrimPrefix(r.Entry.Label, "line ")
				}
				if r.DOI == "" && (len(r.Locations) == 0 || itoa(r.Locations[0].Line) != at) {
					t.Errorf("row %+v: its place is not its label's line", r)
				}
				got = append(got, r.Verdict+"@"+at)
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("rows %v, want %v", got, tt.want)
			}
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestHonestReferencesPass (B1, B2, B3, C4): honest references in MLA 9,
// with a venue whose name holds a comma or a parenthesis, or with a DOI a
// PDF line break cut, pass.
func TestHonestReferencesPass(t *testing.T) {
	trauma := oracles.Record{DOI: "10.1186/s13049-023-01164-z", Title: "Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM)",
		Authors: []string{"Rauch S", "Lechner R", "Paal P"}, Journal: "Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine", Year: 2023, Volume: "31", Pages: "3"}
	cej := oracles.Record{DOI: "10.1097/cej.0000000000000979", Title: "Second-hand smoke and bladder cancer risk among nonsmokers: a systematic review and a meta-analysis",
		Authors: []string{"Carreras G", "Lugo A"}, Journal: "European journal of cancer prevention : the official journal of the European Cancer Prevention Organisation (ECP)", Year: 2025}
	lancet := oracles.Record{DOI: "10.1016/s0140-6736(24)02600-x", Title: "Global burden of a made-up condition", Authors: []string{"Roth G", "Vos T"}, Journal: "Lancet (London, England)", Year: 2024, Volume: "404", Pages: "1-9"}
	mla := oracles.Record{DOI: "10.1097/mpa.0000000000002489", Title: "Factors Driving Pancreatic Cancer Survival Rates", Authors: []string{"Rahib L", "Coffin T", "Kenner B"}, Journal: "Pancreas", Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536"}
	c := checker([]oracles.Record{trauma, cej, lancet, mla, screenRecord})
	tests := []struct{ name, give string }{
		{"MLA, et al. and e-pages", `Rahib, Lola, et al. "Factors Driving Pancreatic Cancer Survival Rates." *Pancreas*, vol. 54, no. 6, 2025, pp. e530-e536, https://doi.org/10.1097/mpa.0000000000002489.`},
		{"MLA, three authors", `Rahib, Lola, Tom Coffin, and Beth Kenner. "Factors Driving Pancreatic Cancer Survival Rates." *Pancreas*, vol. 54, no. 6, 2025, pp. e530–e536. doi:10.1097/mpa.0000000000002489.`},
		{"APA venue with a comma", "Rauch, S., Lechner, R., & Paal, P. (2023). Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM). Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine. https://doi.org/10.1186/s13049-023-01164-z"},
		{"APA venue with a comma, italic, numbers", "Rauch, S., Lechner, R., & Paal, P. (2023). Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM). *Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine*, *31*, 3. https://doi.org/10.1186/s13049-023-01164-z"},
		{"Harvard venue with a comma", "Rauch, S., Lechner, R. and Paal, P. (2023) 'Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM)', Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine, 31, p. 3. doi:10.1186/s13049-023-01164-z."},
		{"Chicago venue with a comma", `Rauch, S., R. Lechner, and P. Paal. "Suspension Syndrome: A Scoping Review and Recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM)." Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine 31 (2023): 3. https://doi.org/10.1186/s13049-023-01164-z.`},
		{"APA venue with a parenthesis", "Carreras, G., & Lugo, A. (2025). Second-hand smoke and bladder cancer risk among nonsmokers: a systematic review and a meta-analysis. *European Journal of Cancer Prevention : The Official Journal of the European Cancer Prevention Organisation (ECP)*. https://doi.org/10.1097/cej.0000000000000979"},
		{"APA venue with a parenthesis holding a comma", "Roth, G., & Vos, T. (2024). Global burden of a made-up condition. *Lancet (London, England)*, *404*, 1–9. https://doi.org/10.1016/s0140-6736(24)02600-x"},
		{"DOI cut after its dot", "Kwok, C., & Xu, X. (2025). " + kwokTitle + ". Health Promotion Journal of Australia, 36(3), e70059. https://doi.org/10.1002/hpja.\n70059"},
		{"DOI cut after its slash", "Kwok, C., & Xu, X. (2025). " + kwokTitle + ". Health Promotion Journal of Australia, 36(3), e70059. https://doi.org/10.1002/\nhpja.70059"},
		{"DOI cut mid-suffix", "Kwok, C., & Xu, X. (2025). " + kwokTitle + ". Health Promotion Journal of Australia, 36(3), e70059. doi:10.1002/hpja.700\n59"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(context.Background(), []check.Document{{Name: "refs.md", Text: "# References\n\n" + tt.give + "\n"}})
			if len(rep.DOIs) != 1 || rep.DOIs[0].Verdict != "found" || rep.DOIs[0].Entry == nil {
				t.Errorf("rows %+v, want one found row compared with its entry", rep.DOIs)
			}
		})
	}
}
