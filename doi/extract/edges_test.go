package extract_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestExtractEdges pins where a DOI starts and ends at the edges of a line
// and of brackets.
func TestExtractEdges(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"angle bracket at line end", "10.1234/abc<", []string{"10.1234/abc"}},
		{"angle bracket before a digit opens", "10.1234/a<5>b", []string{"10.1234/a<5>b"}},
		{"angle bracket before a letter ends", "10.1234/5<a", []string{"10.1234/5"}},
		{"angle-bracket delimiters around a SICI part", "<10.1234/a<5>b>", []string{"10.1234/a<5>b"}},
		{"a DOI inside a suffix is not a second DOI", "10.1234/10.5678/x", []string{"10.1234/10.5678/x"}},
		{"pdf break after doi: and a space", "doi: 10. 1016/j.neunet.2009.07.025.", []string{"10.1016/j.neunet.2009.07.025"}},
		{"host with a two-letter tld drops the query", "ab.co/10.1234/x?y", []string{"10.1234/x"}},
		{"tld with a and z", "x.ca/10.1234/x?y x.cz/10.1234/z?y", []string{"10.1234/x", "10.1234/z"}},
		{"host with z", "zz.org/10.1234/x?y", []string{"10.1234/x"}},
		{"one-letter tld is no host", "ab.c/10.1234/x?y", []string{"10.1234/x?y"}},
		{"tld with a digit is no host", "ab.c1/10.1234/x?y", []string{"10.1234/x?y"}},
		{"leading dot is no host", ".com/10.1234/x?y", []string{"10.1234/x?y"}},
		{"underscore is no host", "a_b.com/10.1234/x?y", []string{"10.1234/x?y"}},
		{"resolver at line start keeps a view-like suffix", "doi.org/10.1234/abc/full", []string{"10.1234/abc/full"}},
		{"publisher at line start drops the view suffix", "www.pub.org/10.1234/abc/full", []string{"10.1234/abc"}},
		{"a space ends the url", "see https://a.org/ 10.1234/abc?x", []string{"10.1234/abc?x"}},
		{"a quote ends the url", `https://a.org/"10.1234/abc?x`, []string{"10.1234/abc?x"}},
		{"parameters from a to z", "10.1234/x&a=1 10.1234/y&z=2 10.1234/w&_k=3", []string{"10.1234/x", "10.1234/y", "10.1234/w"}},
		{"pdf break before a and z", "doi:10.1016/j. a2009.08.007.\ndoi:10.1016/k. z2009.08.007.", []string{"10.1016/j.a2009.08.007", "10.1016/k.z2009.08.007"}},
		{"the url starts after a quote", `x"ab.org/10.1234/x?y`, []string{"10.1234/x"}},
		{"a suffix of punctuation only is no DOI", "10.1234/. and 10.1234/,", nil},
		{"a DOI may follow a letter", "a10.1234/x z10.1234/y A10.1234/w doi10.1234/v", []string{"10.1234/x", "10.1234/y", "10.1234/w", "10.1234/v"}},
		{"no PDF line break after doi: inside a word or URL", "adoi:10. 1016/j.x. zdoi:10. 1016/j.y. Adoi:10. 1016/j.z. Zdoi:10. 1016/j.w. 0doi:10. 1016/j.v. 9doi:10. 1016/j.u. /doi:10. 1016/j.t.", nil},
		{"a PDF line break after doi: as a label", "(doi:10. 1016/j.x. [DOI:10. 1016/j.y.", []string{"10.1016/j.x", "10.1016/j.y"}},
		{"a DOI never follows a digit or a dot", "110.1234/x 1.10.1234/y", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := dois(extract.Extract(tt.give))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

// TestBibTeXEdges: brace matching inside a .bib DOI, and a DOI at the very
// start of a line.
func TestBibTeXEdges(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"closing brace after protected part ends the DOI", "{10.1000/{A}b}and", []string{"10.1000/ab"}},
		{"escape at line start", `10.1000/a\_b`, []string{"10.1000/a_b"}},
		{"braces at line start", `10.1000/{A}b`, []string{"10.1000/ab"}},
		{"second DOI after the first run", `{10.1000/x}10.2000/a\_b`, []string{"10.1000/x", "10.2000/a_b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := dois(extract.BibTeX(tt.give))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("BibTeX(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}
