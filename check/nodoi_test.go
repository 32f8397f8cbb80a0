package check

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/oracles"
)

func TestFamilyName(t *testing.T) {
	tests := []struct{ give, want string }{
		{"Müller, Hans", "Müller"},
		{"Hans Müller", "Müller"},
		{"Smith AB", "Smith"},
		{"Smith J.", "Smith"},
		{"van der Berg, J.", "van der Berg"},
		{"Ada Okafor-Lee", "Okafor-Lee"},
		{"Plato", "Plato"},
		{"  ", ""},
	}
	for _, tt := range tests {
		if got := familyName(tt.give); got != tt.want {
			t.Errorf("familyName(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestCandidates: a record qualifies with a similar title and a year within
// one; the same DOI twice (two services) is one candidate.
func TestCandidates(t *testing.T) {
	e := bib.Entry{Title: "Charges ride the spin wave", Year: 2020}
	recs := []oracles.Record{
		{DOI: "10.1/a", Title: "Charges ride the spin wave: magnon drag", Year: 2021},
		{DOI: "10.1/a", Title: "Charges ride the spin wave", Year: 2020},
		{DOI: "10.1/b", Title: "Charges ride the spin wave", Year: 2018},
		{DOI: "10.1/c", Title: "Spin waves in general", Year: 2020},
		{DOI: "", Title: "Charges ride the spin wave", Year: 2020},
		{DOI: "10.1/d", Title: "Charges ride the spin wave", Year: 0},
	}
	var got []string
	for _, r := range candidates(e, recs, DefaultTitleSimilarity) {
		got = append(got, r.DOI)
	}
	if diff := cmp.Diff([]string{"10.1/a", "10.1/d"}, got); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
	e.Year = 0
	if n := len(candidates(e, recs, DefaultTitleSimilarity)); n != 3 {
		t.Errorf("without an entry year: %d candidates, want 3", n)
	}
}
