package pipeline

import (
	"testing"

	"github.com/citeloop/citeloop/contract"
)

func TestRefusalSaysWhyInOneLine(t *testing.T) {
	tests := []struct {
		name     string
		excluded map[string]int
		lead     contract.Lead
		want     string
	}{
		{"nothing kept out, one word", nil, contract.Lead{Topic: "x"}, ""},
		{"counts in name order", map[string]int{"not_found": 16, "no_doi": 5, "erratum": 0}, contract.Lead{}, "; kept out: 5 no_doi, 16 not_found"},
		{"several words hint", map[string]int{"no_doi": 1}, contract.Lead{Topic: "cancer screening"}, "; kept out: 1 no_doi (a record must match every topic word: try fewer words, or --any to match any of them)"},
		{"--any: no hint", nil, contract.Lead{Topic: "cancer screening", AnyTopicWord: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := excludedCounts(tt.excluded) + narrowTopicHint(tt.lead); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
