package check

import (
	"testing"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/oracles"
)

func TestMismatch(t *testing.T) {
	rec := &oracles.Record{Title: "Élan vital: the Spin-Wave drag", Year: 2020, Authors: []string{"Zoë Müller", "Okafor A"}}
	tests := []struct {
		name string
		give bib.Entry
		want bool
	}{
		{"same paper, accents and case folded", bib.Entry{Title: "elan VITAL", Year: 2019, Authors: []string{"Muller, Z."}}, false},
		{"family name last", bib.Entry{Title: "Elan vital", Authors: []string{"Ada Okafor"}}, false},
		{"nothing to compare", bib.Entry{}, false},
		{"year two apart", bib.Entry{Year: 2018}, true},
		{"year two after", bib.Entry{Year: 2022}, true},
		{"other title", bib.Entry{Title: "Protein folding at scale"}, true},
		{"initial only is no family name", bib.Entry{Authors: []string{"Z"}}, true},
		{"author elsewhere", bib.Entry{Authors: []string{"Smith, Z."}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mismatch(tt.give, rec, DefaultTitleSimilarity); (got != "") != tt.want {
				t.Errorf("mismatch = %q, want mismatch %v", got, tt.want)
			}
		})
	}
	if s := titleSimilarity("", "x"); s != 0 {
		t.Errorf("empty title similarity %v", s)
	}
}

// TestTitleSimilarityJoinsHyphens: a word a PDF line break split with a
// hyphen, or one side writes with a hyphen, is the same word.
func TestTitleSimilarityJoinsHyphens(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"Ellipsoid ART for clus- tering", "Ellipsoid ART for clustering", 1},
		{"A multi- channel network", "A multi-channel network", 1},
		{"Fuzzy- ART and Fuzzy-ARTMAP", "Fuzzy-ART and Fuzzy-ARTMAP", 1},
		{"Spin waves", "Protein folding", 0},
	}
	for _, tt := range tests {
		if got := titleSimilarity(tt.a, tt.b); got != tt.want {
			t.Errorf("titleSimilarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
