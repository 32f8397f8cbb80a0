package contract_test

import (
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi/extract"
)

// ReferenceIn is the reference rule of the gate (whose tests, in gates,
// hold its cases) and of the offline writer; here, what it takes from its
// DOI finder.
func TestReferenceInUsesTheDOIFinder(t *testing.T) {
	tests := []struct {
		name     string
		give     string
		firstDOI func(string) string
		want     string
	}{
		{"a whole DOI, as written", "Shown before (doi:10.1002/hpja.70052).", extract.FirstRaw, "10.1002/hpja.70052"},
		{"without a finder the patterns catch it", "Shown before (doi:10.1002/hpja.70052).", nil, "doi:10.1"},
		{"the finder's answer comes first", "As Smith et al. showed", func(string) string { return "10.1/x" }, "10.1/x"},
		{"then the patterns", "As Smith et al. showed", extract.FirstRaw, "et al"},
		{"a no-break space hides nothing", "As Smith et\u00a0al. showed", nil, "et al"},
		{"an interval is no reference", "64 [61–68] patients", extract.FirstRaw, ""},
		{"plain prose", "Screening reduced mortality.", extract.FirstRaw, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := contract.ReferenceIn(tt.give, tt.firstDOI); got != tt.want {
				t.Errorf("ReferenceIn(%q) = %q, want %q", tt.give, got, tt.want)
			}
		})
	}
}
