package gates_test

import (
	"testing"

	"github.com/citeloop/citeloop/gates"
)

// shapeCase is one sentence for a reference shape: want is the reference
// ReferenceIn finds in it ("" for none).
type shapeCase struct{ give, want string }

func checkShapes(t *testing.T, tests []shapeCase) {
	t.Helper()
	for _, tt := range tests {
		if got := gates.ReferenceIn(tt.give); got != tt.want {
			t.Errorf("ReferenceIn(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestReferenceShapeHost: a host name whose suffix is an ICANN public
// suffix, with or without a scheme, in any case; not an abbreviation, a
// decimal or two sentences run together.
func TestReferenceShapeHost(t *testing.T) {
	checkShapes(t, []shapeCase{
		// Hostile.
		{"Details at https://example.org/paper", "https://"},
		{"Details at www.thelancet.com", "www.t"},
		{"Details at pubmed.ncbi.nlm.nih.gov/12345678", "pubmed.ncbi.nlm.nih.gov"},
		{"Guidance is on nice.org.uk for all.", "nice.org.uk"},
		{"See WHO.INT for the data.", "WHO.INT"},
		{"Data came from clinicaltrials.gov registries.", "clinicaltrials.gov"},
		{"Data are at zenodo.org and figshare.com", "zenodo.org"},
		{"The registry (cancer-registry.health) lists it.", "cancer-registry.health"},
		{"Read it at bit.ly now", "bit.ly"},
		{"See ftp : //x", "ftp : //"},
		{"Read it at example[.]com today", "example[.]com"},
		{"Data at who (dot) int show it", "who (dot) int"},
		{"Mail smith@example.org for data", "example.org"},
		{"See hxxps://example.org", "hxxps://"},
		// Honest: abbreviations, decimals, run-together sentences, names.
		{"Patients, e.g. those aged 65, were screened, i.e. most of them.", ""},
		{"Survival was 3.5 times higher in St. Louis than in N.Y. hospitals.", ""},
		{"The rates fell.Health services grew.", ""},
		{"Strains of E. coli and S. aureus were isolated.", ""},
		{"Version 2.0 of the tool ran on 1.5 GB.", ""},
		{"It was the dot com bubble of the 1990s.", ""},
		{"Values (mean [SD]) were reported.", ""},
	})
}

// TestReferenceShapeIdentifier: DOIs, PMIDs, PMCIDs, arXiv ids and journal
// locators.
func TestReferenceShapeIdentifier(t *testing.T) {
	checkShapes(t, []shapeCase{
		{"Screening reduced mortality (doi:10.1016/j.canep.2025.102866).", "10.1016/j.canep.2025.102866"},
		{"See DOI 10.1097/cm9.0000000000003667 for details", "10.1097/cm9.0000000000003667"},
		{"Survival improved (doi: 10. 1016)", "doi: 10. 1"},
		{"Survival improved https://doi.org/10.1111/bjhp.12807", "10.1111/bjhp.12807"},
		{"As reported (PMID: 20516115).", "PMID: 2"},
		{"As reported (PMID 20516115).", "PMID 2"},
		{"As reported in PubMed 20516115.", "PubMed 20516115"},
		{"Full text in PMC7654321.", "PMC7654321"},
		{"Full text (PMCID: PMC7654321).", "PMCID: PMC7654321"},
		{"Preprint arXiv:2101.01234 agrees", "arXiv:2101.01234"},
		{"Preprint arXiv hep-th/9901001 agrees", "arXiv hep-th/9901001"},
		{"Smith J, Lee K. Screening. Lancet. 2020;395(10223):497-506.", "2020;395(10223):497"},
		{"It appeared in Cancer 2019; 125:1-9.", "2019; 125:1"},
		// Honest.
		{"The ratio was 2020:1 in the cohort; 35 of 40 responded.", ""},
		{"Screening (n = 1,234) reduced mortality by 20%.", ""},
	})
}

// TestReferenceShapeEtAl: "et al." and its kin, whatever the spaces.
func TestReferenceShapeEtAl(t *testing.T) {
	checkShapes(t, []shapeCase{
		{"As Smith et al. showed, mortality fell.", "et al"},
		{"As Smith\u00a0et\u00a0al. showed, mortality fell.", "et\u00a0al"},
		{"As Smith et.al showed, mortality fell.", "et.al"},
		{"Hayes and colleagues (2025) found it.", "and colleagues"},
		{"Hayes and his colleagues found it.", "and his colleagues"},
		{"Hayes & co-workers found it.", "& co-workers"},
		{"Hayes and coworkers found it.", "and coworkers"},
		{"Hayes and co-authors found it.", "and co-authors"},
		{"Hayes and collaborators found it.", "and collaborators"},
		// Honest.
		{"Nurses and their patients were interviewed.", ""},
		{"The team included colleagues from three sites.", ""},
	})
}

// TestReferenceShapeBrackets: a bracket of reference numbers (integers of
// one to three digits or their ranges) is a reference mark whatever it
// follows; a bracket with decimals, percentages or words, a bracket of
// years and an enumeration are not. (A bracket a quote holds passes: see
// the gate's tests.)
func TestReferenceShapeBrackets(t *testing.T) {
	checkShapes(t, []shapeCase{
		{"Mortality fell [1].", "[1]"},
		{"Mortality fell [2,3].", "[2,3]"},
		{"Mortality fell [2, 3; 7].", "[2, 3; 7]"},
		{"Mortality fell [12–14].", "[12–14]"},
		{"Mortality fell [12-14].", "[12-14]"},
		{"Mortality fell [ref. 4].", "[ref. 4]"},
		{"Mortality fell ［3］.", "［3］"},
		{"Mortality fell in 2019 [3].", "[3]"},
		{"Mortality fell (refs. 3, 4).", "(refs. 3, 4)"},
		{"Mortality fell (ref 3).", "(ref 3)"},
		{"Mortality fell, as in ref. 3, by half.", "ref. 3"},
		{"Mortality fell as reference 12 shows.", "reference 12"},
		{"Mortality fell [1,\u00a02].", "[1,\u00a02]"},
		{"Mortality fell (1, 2).", "(1, 2)"},
		{"Mortality fell (1–3, 5).", "(1–3, 5)"},
		{"Mortality fell {4}.", "{4}"},
		{"Median age was 64 [61–68] years.", "[61–68]"},
		{"Mortality fell by 12% [105].", "[105]"},
		{"Mortality fell by 12% [0].", "[0]"},
		// Honest.
		{"Survival was 64% [61%; 68%] at 28 months.", ""},
		{"The odds ratio was 1.16 [95% CI 0.95–1.43].", ""},
		{"The hazard ratio was 1.16 [0.95-1.43].", ""},
		{"Risk rose in stage [II] disease.", ""},
		{"Patients aged 50–74 years (2010–2019) were screened.", ""},
		{"Survival increased from 14% to 22% (2004-2019).", ""},
		{"Incidence rose from 2000 to 2019 (p < 0.001).", ""},
		{"Mortality fell (HR 0.80, 95% CI 0.70-0.91).", ""},
		{"Women (aged 50 to 69) were invited.", ""},
		{"The reference range was 3 to 5 mmol/L.", ""},
		{"Referral rates rose 3-fold.", ""},
		{"The aims were: (1) to screen and (2) to treat.", ""},
		// A "list" after a word is reference marks in disguise.
		{"The aims were (1) to screen and (2) to treat.", "(1)"},
		{"Survival rose (1) and fell (2) later.", "(1)"},
		{"Survival rose (2) as shown.", "(2)"},
		{"Two aims: (1) screening uptake and (2) survival.", ""},
	})
}

// TestReferenceShapeAuthorYear: a capitalised name followed within three
// tokens of connectors or names by a year, whatever the hyphens; a
// sentence's first word only before a bracketed year; a month, a function
// word or a date is no name.
func TestReferenceShapeAuthorYear(t *testing.T) {
	checkShapes(t, []shapeCase{
		{"Mortality fell (Smith and Lee, 2019).", "Lee, 2019"},
		{"Mortality fell (Smith & Lee 2019; Doe 2018a).", "Smith & Lee 2019"},
		{"Mortality fell (see van der Berg 2017).", "Berg 2017"},
		{"Smith and Lee (2019) found lower mortality.", "Lee (2019"},
		{"Müller (2021) found lower mortality.", "Müller (2021"},
		{"Mortality fell [Smith 2020; Lee 2021].", "Smith 2020"},
		{"As Hayes and Strosahl 2025 showed, flexibility helps.", "Hayes and Strosahl 2025"},
		{"As O\u2019Brien-Smith 2019 showed, it helps.", "O\u2019Brien-Smith 2019"},
		{"As Smith\u2011Jones (2020) showed, it helps.", "Smith\u2011Jones (2020"},
		{"As J. Smith, 2020 showed, it helps.", "Smith, 2020"},
		{"As Hayes’ 2025 study showed, it helps.", "Hayes’ 2025"},
		{"As Hayes's 2025 study showed, it helps.", "Hayes's 2025"},
		// Honest: dates, first words, function words in titles.
		{"In 2010, the Moroccan Ministry of Health implemented a national plan for cancer care and control.", ""},
		{"Recruitment took place from May to July 2023 and between Sept and Nov 2023.", ""},
		{"Since 2019 the programme has grown.", ""},
		{"A Comparative Analysis Between 2012-2016 and 2017-2021.", ""},
		{"Of the 9868 Victorians diagnosed with OG cancer between 2012 and 2021, 39.4% were metastatic at diagnosis.", ""},
		{"COVID-19 delayed screening in 2020.", ""},
		{"", ""},
	})
}

// TestProseBacked: a title passes the prose rules backed by quotes.
func TestProseBacked(t *testing.T) {
	quotes := []string{"Screening for type 2 diabetes cut mortality by 20% in 2019."}
	tests := []struct {
		give string
		want bool
	}{
		{"Evidence brief: type 2 diabetes", true},
		{"Evidence brief: type 1 diabetes", false},
		{"Evidence brief: a 20% drop", true},
		{"Evidence brief (Smith et al., 2020)", false},
		{"Evidence brief: see www.example.org", false},
		{"Evidence brief \u202e", false},
		{"Evidence brief: diabetes 💉", false},
		{"Evidence brief: H₂S", false},
	}
	for _, tt := range tests {
		if got := gates.ProseBacked(tt.give, quotes); got != tt.want {
			t.Errorf("ProseBacked(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}
