package gates_test

import (
	"testing"

	"github.com/citeloop/citeloop/gates"
)

func TestReferenceIn(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		// DOIs, URLs and identifiers.
		{give: "Screening reduced mortality (doi:10.1016/j.canep.2025.102866).", want: "10.1016/j.canep.2025.102866"},
		{give: "See DOI 10.1097/cm9.0000000000003667 for details", want: "10.1097/cm9.0000000000003667"},
		{give: "Survival improved (doi: 10. 1016)", want: "doi: 10. 1"},
		{give: "Survival improved https://doi.org/10.1111/bjhp.12807", want: "10.1111/bjhp.12807"},
		{give: "Details at https://example.org/paper", want: "https://"},
		{give: "Details at www.thelancet.com", want: "www.thelancet."},
		{give: "Details at pubmed.ncbi.nlm.nih.gov/12345678", want: "pubmed.ncbi.nlm.nih.gov/"},
		{give: "As reported (PMID: 20516115).", want: "PMID: 2"},
		{give: "As reported (PMID 20516115).", want: "PMID 2"},
		{give: "Full text in PMC7654321.", want: "PMC7654321"},
		{give: "Full text (PMCID: PMC7654321).", want: "PMCID: PMC7654321"},
		{give: "Preprint arXiv:2101.01234 agrees", want: "arXiv:2101.01234"},
		// Reference brackets.
		{give: "Mortality fell [1].", want: "[1]"},
		{give: "Mortality fell [2,3].", want: "[2,3]"},
		{give: "Mortality fell [2, 3; 7].", want: "[2, 3; 7]"},
		{give: "Mortality fell [12–14].", want: "[12–14]"},
		{give: "Mortality fell [12-14].", want: "[12-14]"},
		{give: "Mortality fell [ref. 4].", want: "[ref. 4]"},
		{give: "Mortality fell ［3］.", want: "［3］"},
		{give: "Mortality fell in 2019 [3].", want: "[3]"},
		{give: "Mortality fell (refs. 3, 4).", want: "(refs. 3"},
		{give: "Mortality fell (ref 3).", want: "(ref 3"},
		{give: "Mortality fell [1,\u00a02].", want: "[1, 2]"},
		{give: "As Smith\u00a0et\u00a0al. showed, mortality fell.", want: "et al"},
		// Author–year citations.
		{give: "Mortality fell (Smith et al., 2020).", want: "(Smith et al., 2020)"},
		{give: "Mortality fell (Smith and Lee, 2019).", want: "(Smith and Lee, 2019)"},
		{give: "Mortality fell (Smith & Lee 2019; Doe 2018a).", want: "(Smith & Lee 2019; Doe 2018a)"},
		{give: "Mortality fell (see van der Berg 2017).", want: "(see van der Berg 2017)"},
		{give: "Smith and Lee (2019) found lower mortality.", want: "Smith and Lee (2019)"},
		{give: "Smith et al. (2020) found lower mortality.", want: "Smith et al. (2020)"},
		{give: "Müller (2021) found lower mortality.", want: "Müller (2021)"},
		{give: "Mortality fell [Smith 2020; Lee 2021].", want: "[Smith 2020; Lee 2021]"},
		{give: "As Smith et al. showed, mortality fell.", want: "et al"},
		// Not references.
		{give: "Survival was 64% [61%; 68%] at 28 months.", want: ""},
		{give: "The odds ratio was 1.16 [95% CI 0.95–1.43].", want: ""},
		{give: "The hazard ratio was 1.16 [0.95-1.43].", want: ""},
		{give: "Median age was 64 [61–68] years.", want: ""},
		{give: "Median age was 64 [61, 68] years.", want: ""},
		{give: "Risk rose in stage [II] disease.", want: ""},
		{give: "Patients aged 50–74 years (2010–2019) were screened.", want: ""},
		{give: "Incidence rose from 2000 to 2019 (p < 0.001).", want: ""},
		{give: "COVID-19 delayed screening in 2020.", want: ""},
		{give: "Screening (n = 1,234) reduced mortality by 20%.", want: ""},
		{give: "Mortality fell (HR 0.80, 95% CI 0.70-0.91).", want: ""},
		{give: "Women (aged 50 to 69) were invited.", want: ""},
		{give: "The 10.5 percent figure held at 10.1 years.", want: ""},
		{give: "", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			if got := gates.ReferenceIn(tt.give); got != tt.want {
				t.Errorf("ReferenceIn(%q) = %q, want %q", tt.give, got, tt.want)
			}
		})
	}
}

// TestReferenceInBracketsAfterNumbers: after a number, a bracket of two or
// more numbers is an interval, but a bracket of a single number is a
// reference mark whatever its digits (zeros and nines included); and every
// bracket in the prose is judged, so an interval first does not hide a
// reference mark later.
func TestReferenceInBracketsAfterNumbers(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		{give: "Mortality fell by 12% [105].", want: "[105]"},
		{give: "Mortality fell by 12% [9].", want: "[9]"},
		{give: "Mortality fell by 12% [0].", want: "[0]"},
		{give: "Median age was 64 [190].", want: "[190]"},
		{give: "Median age was 64 [61–68] years [3].", want: "[3]"},
		{give: "Survival was 64% [61%; 68%] and 12% [9, 15], as shown [4].", want: "[4]"},
		{give: "Median age was 64 [60–69] and 70 [90, 99] years.", want: ""},
	}
	for _, tt := range tests {
		if got := gates.ReferenceIn(tt.give); got != tt.want {
			t.Errorf("ReferenceIn(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}
