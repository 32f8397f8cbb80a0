package compare

import (
	"strings"
	"testing"
)

// clinvar is a real record (testdata/europepmc-fulltext PMC5753237).
var clinvar = Record{
	Title: "ClinVar: improving access to variant interpretations and supporting evidence",
	Authors: []string{"Landrum MJ", "Lee JM", "Benson M", "Brown GR", "Chao C", "Chitipiralla S", "Gu B", "Hart J",
		"Hoffman D", "Jang W", "Karapetyan K", "Katz K", "Liu C", "Maddipatla Z", "Malheiro A", "McDaniel K", "Ovetsky M",
		"Riley G", "Zhou G", "Holmes JB", "Kattman BL", "Maglott DR"},
	Venue: "Nucleic Acids Research", VenueAbbrevs: []string{"Nucleic Acids Res"}, ISSN: []string{"0305-1048", "1362-4962"},
	Year: 2018, OtherYears: []Year{{2017, "online-first date"}}, Volume: "46", Issue: "D1", Pages: "D1062-D1067",
}

var suspension = Record{
	Title:   "Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM)",
	Authors: []string{"Rauch S", "Lechner R", "Strapazzon G", "Mortimer RB", "Ellerton J", "Skaiaa SC", "Huber T", "Brugger H", "Pasquier M"},
	Venue:   "Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine", Year: 2023, Volume: "31", Issue: "1", Pages: "95",
}

var tumour = Record{
	Title:   "Tumor microenvironment and the anemia of non-small-cell lung cancer: a randomized phase III trial of IL-6 blockade with α-interferon",
	Authors: []string{"Müller H", "van der Berg J", "O'Brien K", "Smith-Jones A"},
	Venue:   "Journal of Clinical Oncology", Year: 2021, Volume: "39", Issue: "4", Pages: "123-129",
}

var preprint = Record{
	Title: "A preprint about yeast", Authors: []string{"Doe-Ray A", "Ng B"}, Venue: "bioRxiv", Year: 2020, Preprint: true,
}

func TestHonestEntriesMatch(t *testing.T) {
	tests := []struct {
		name string
		e    Entry
		r    Record
		note string
	}{
		{"as the record", Entry{Title: clinvar.Title, Authors: clinvar.Authors, Venue: clinvar.Venue, Year: 2018}, clinvar, ""},
		{"BibTeX names and et al.", Entry{Title: "{ClinVar}: Improving Access to Variant Interpretations and Supporting Evidence",
			Authors: []string{"Landrum, Melissa J.", "Lee, Jennifer M.", "others"}, Venue: "Nucleic Acids Res.", Year: 2018, Volume: "46", Issue: "D1", Pages: "D1062--D1067"}, clinvar, ""},
		{"online-first year", Entry{Title: clinvar.Title, Authors: []string{"M. J. Landrum", "et al."}, Year: 2017}, clinvar, "online-first"},
		{"ISSN for the venue", Entry{Title: clinvar.Title, Venue: "NAR Online", ISSN: []string{"1362-4962"}}, clinvar, "ISSN"},
		{"the venue by its acronym", Entry{Title: clinvar.Title, Venue: "NAR"}, clinvar, ""},
		{"subtitle left out", Entry{Title: "Suspension syndrome", Authors: suspension.Authors}, suspension, "subtitle"},
		{"abbreviated venue", Entry{Title: suspension.Title, Venue: "Scand J Trauma Resusc Emerg Med", Pages: "95"}, suspension, ""},
		{"British spelling, Greek spelt, numerals, hyphens", Entry{
			Title:   "Tumour micro-environment and the anaemia of non small cell lung cancer: a randomised phase 3 trial of IL6 blockade with alpha-interferon",
			Authors: []string{"Mueller, H.", "Berg, J. van der", "O’Brien, Kevin", "Smith Jones, A."}, Venue: "J Clin Oncol", Year: 2021, Pages: "123–9", Volume: "Vol. 39", Issue: "No. 4"}, tumour, ""},
		{"HTML and LaTeX markup", Entry{Title: `Tumor microenvironment and the anemia of non-small-cell lung cancer: a randomized phase {III} trial of {IL}-6 blockade with $\alpha$-interferon`}, tumour, ""},
		{"HTML markup", Entry{Title: `Tumor microenvironment and the anemia of <i>non-small-cell</i> lung cancer: a randomized phase III trial of IL-6 blockade with &alpha;-interferon`}, tumour, ""},
		{"a preprint cited as one", Entry{Title: preprint.Title, Authors: []string{"Doe-Ray, Anna", "Ng, B."}, Venue: "bioRxiv", Year: 2020, Kind: KindPreprint}, preprint, ""},
		{"a name family first", Entry{Authors: []string{"Wei Wang", "Li Na"}}, Record{Authors: []string{"Wang Wei", "Na Li"}}, ""},
		{"a group author", Entry{Authors: []string{"{World Health Organization}"}}, Record{Authors: []string{"World Health Organization"}}, ""},
		{"a family name in capitals after initials", Entry{Authors: []string{"A. K. C. TOKO KOUTOGUI"}}, Record{Authors: []string{"TOKO KOUTOGUI, Abdoul kafid Chabi"}}, ""},
		{"a family name that is a particle word", Entry{Authors: []string{"Das, P."}}, Record{Authors: []string{"Das, Parimal"}}, ""},
		{"a given name that looks like a particle", Entry{Authors: []string{"Tuan, L. K."}}, Record{Authors: []string{"Tuan, Le Khanh"}}, ""},
		{"a record venue's parenthesis", Entry{Venue: "Br Med J"}, Record{Venue: "Br Med J (Clin Res Ed)"}, ""},
		{"a record venue's subtitle", Entry{Venue: "Gastric Cancer"}, Record{Venue: "Gastric cancer : official journal of the International Gastric Cancer Association"}, ""},
		{"a middle name between initials", Entry{Authors: []string{"M. Thomas P. Gilbert"}}, Record{Authors: []string{"Gilbert, M. Thomas P."}}, ""},
		{"initials then a family name of two words", Entry{Authors: []string{"A. T. López Jiménez"}}, Record{Authors: []string{"López Jiménez, Ana Teresa"}}, ""},
		{"pages with a letter, the last shortened", Entry{Pages: "e1660-76"}, Record{Pages: "e1660-e1676"}, ""},
		{"a preprint server named for a preprint whose record names its publisher", Entry{Venue: "ChemRxiv preprint", Kind: KindPreprint},
			Record{Venue: "American Chemical Society (ACS)", Preprint: true}, ""},
		{"an -rxiv server not in the list", Entry{Venue: "EcoEvoRxiv"}, Record{Venue: "California Digital Library (CDL)", Preprint: true}, ""},
		{"the preprint's own venue, no kind", Entry{Venue: "Open Res Europe"}, Record{Venue: "Open Res Europe", Preprint: true}, ""},
		{"a long consortium list cut without et al.", Entry{Authors: clinvar.Authors[:5]}, Record{Authors: append(append([]string{}, clinvar.Authors...), clinvar.Authors...)}, "first 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Compare(tt.e, tt.r, Options{})
			if !res.OK() {
				t.Fatalf("mismatch: %s", res.Why())
			}
			if tt.note != "" && !strings.Contains(strings.Join(res.Notes, "|"), tt.note) {
				t.Errorf("notes = %q, want one saying %q", res.Notes, tt.note)
			}
		})
	}
}

func TestFabricatedEntriesMismatch(t *testing.T) {
	tests := []struct {
		name  string
		e     Entry
		r     Record
		field Field
		why   string
	}{
		{"one word substituted", Entry{Title: strings.Replace(clinvar.Title, "evidence", "data", 1)}, clinvar, Title, "“data” for “evidence”"},
		{"Visual for Image", Entry{Title: "Image analysis of cells"}, Record{Title: "Visual analysis of cells"}, Title, "“image” for “visual”"},
		{"Study for Analysis", Entry{Title: "A study of survival in lung cancer"}, Record{Title: "An analysis of survival in lung cancer"}, Title, "for"},
		{"a word added", Entry{Title: "ClinVar: improving public access to variant interpretations and supporting evidence"}, clinvar, Title, "adds “public”"},
		{"a word dropped", Entry{Title: "ClinVar: improving access to variant interpretations and evidence"}, clinvar, Title, "leaves out “supporting”"},
		{"a number changed", Entry{Title: strings.Replace(tumour.Title, "III", "II", 1)}, tumour, Title, ""},
		{"two of five authors", Entry{Authors: []string{"Rauch S", "Lechner R"}}, suspension, Authors, "no “et al.”"},
		{"authors swapped in", Entry{Authors: []string{"Rauch S", "Lechner R", "Strapazzon G", "Mortimer RB", "Ellerton J", "Skaiaa SC", "Huber T", "Brugger H", "Landrum MJ"}}, suspension, Authors, "author 9"},
		{"authors reordered", Entry{Authors: []string{"Lechner R", "Rauch S", "et al."}}, suspension, Authors, "is author 1, the record's author 2"},
		{"other initials", Entry{Authors: []string{"Rauch, K.", "et al."}}, suspension, Authors, "other initials"},
		{"a placeholder", Entry{Authors: []string{"Author, A.", "et al."}}, suspension, Authors, "placeholder"},
		{"a placeholder Doe", Entry{Authors: []string{"Doe, J.", "Smith, A."}}, Record{Authors: []string{"Doe J", "Smith A"}}, Authors, "placeholder"},
		{"more authors than the record", Entry{Authors: append(append([]string{}, suspension.Authors...), "Extra Z")}, suspension, Authors, "10 authors, the record 9"},
		{"another journal", Entry{Venue: "Nature Medicine"}, clinvar, Venue, "Nature Medicine"},
		{"a journal's ISSN that is not the record's", Entry{Venue: "Nucleic Acids Research", ISSN: []string{"0028-0836"}}, clinvar, Venue, "ISSN"},
		{"a preprint cited as a journal article", Entry{Title: preprint.Title, Venue: "Cell", Kind: KindArticle}, preprint, Venue, "preprint"},
		{"another preprint server", Entry{Venue: "medRxiv", Kind: KindPreprint}, preprint, Venue, "medRxiv"},
		{"a preprint cited with a volume and no venue", Entry{Volume: "3", Pages: "1-9", Kind: KindArticle}, preprint, Venue, "preprint"},
		{"pages with a letter, another last page", Entry{Pages: "e1660-77"}, Record{Pages: "e1660-e1676"}, Pages, ""},
		{"a year off by one with no second date", Entry{Year: 2024}, suspension, YearOf, "2024, the record 2023"},
		{"a year two off the online-first date", Entry{Year: 2016}, clinvar, YearOf, "2016"},
		{"another volume", Entry{Volume: "45"}, clinvar, Volume, ""},
		{"another issue", Entry{Issue: "D2"}, clinvar, Issue, ""},
		{"other pages", Entry{Pages: "D1062-D1070"}, clinvar, Pages, ""},
		{"another first page", Entry{Pages: "96"}, suspension, Pages, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Compare(tt.e, tt.r, Options{})
			if res.OK() {
				t.Fatalf("no mismatch; notes %q", res.Notes)
			}
			m := res.Mismatches[0]
			if m.Field != tt.field {
				t.Errorf("field = %s, want %s (%s)", m.Field, tt.field, res.Why())
			}
			if !strings.Contains(m.Why, tt.why) {
				t.Errorf("why = %q, want it to say %q", m.Why, tt.why)
			}
		})
	}
	if m := Compare(Entry{Venue: "Cell", Kind: KindArticle}, preprint, Options{}).Mismatches[0]; m.Kind != PreprintAsPublished {
		t.Errorf("kind = %q, want %q", m.Kind, PreprintAsPublished)
	}
}
