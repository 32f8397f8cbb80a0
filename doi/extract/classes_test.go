package extract_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestExtractClasses covers the classes of DOI forms other tools write that
// extraction once got wrong, several variants each.
func TestExtractClasses(t *testing.T) {
	tests := []struct {
		class string
		give  string
		want  []string
	}{
		{"empty registrant part", "10..1000/abc", nil},
		{"empty registrant part", "doi:10..1234/abc and 10.1000..5/x", nil},
		{"empty registrant part", "10.1234./abc", nil},
		{"empty registrant part", "see 10.1234.5/abc", []string{"10.1234.5/abc"}},

		{"percent-encoded slash", "doi.org/10.1063%2F1.881498", []string{"10.1063/1.881498"}},
		{"percent-encoded slash", "https://doi.org/10.1063%2f1.881498.", []string{"10.1063/1.881498"}},
		{"percent-encoded slash", "https://dx.doi.org/10.1002%2F%28SICI%291097-4636", []string{"10.1002/(sici)1097-4636"}},
		{"percent-encoded slash", "https://example.org/link?doi=10.1000%2Fabc&x=1", []string{"10.1000/abc"}},
		{"percent-encoded slash", "10.1234%2", nil},

		{"html comment end", "<!-- 10.1234/abc-->", []string{"10.1234/abc"}},
		{"html comment end", "<!--doi:10.1234/abc.x-->text", []string{"10.1234/abc.x"}},
		{"html comment end", "<!-- https://doi.org/10.1234/a-b -->", []string{"10.1234/a-b"}},
		{"html comment end", "10.1234/a--b", []string{"10.1234/a--b"}},

		{"joined by &doi:", "10.1234/a&doi:10.5678/b", []string{"10.1234/a", "10.5678/b"}},
		{"joined by &doi:", "doi:10.1234/a&DOI:10.5678/b.", []string{"10.1234/a", "10.5678/b"}},
		{"joined by &doi:", "ids=10.1234/a&amp;doi=10.5678/b", []string{"10.1234/a", "10.5678/b"}},
		{"joined by &doi:", "10.1234/a&b", []string{"10.1234/a&b"}},
		{"joined by &doi:", "10.1234/a&", []string{"10.1234/a&"}},
		{"joined by &doi:", "10.1234/a&:", []string{"10.1234/a&"}},

		{"url without scheme", "doi.org/10.1234/abc?utm_source=x", []string{"10.1234/abc"}},
		{"url without scheme", "dx.doi.org/10.1234/abc#section", []string{"10.1234/abc"}},
		{"url without scheme", "www.nature.com/articles/10.1038/nature123?utm=1", []string{"10.1038/nature123"}},
		{"url without scheme", "onlinelibrary.wiley.com/doi/10.1111/mms.12721/full?af=R", []string{"10.1111/mms.12721"}},
		{"url without scheme", "journal-x.co/10.1234/abc&x=1", []string{"10.1234/abc"}},
		{"not a host", "see/10.1234/abc?", []string{"10.1234/abc"}},
		{"not a host", "v1.2/10.1234/abc?x", []string{"10.1234/abc?x"}},
		{"not a host", "a.b_c/10.1234/abc?x", []string{"10.1234/abc?x"}},
		{"not a host", "doi:10.1234/abc?x", []string{"10.1234/abc?x"}},

		{"non-ASCII suffix", "see 10.1234/café ok", []string{"10.1234/café"}},
		{"non-ASCII suffix", "10.1234/naïve.2020.", []string{"10.1234/naïve.2020"}},
		{"non-ASCII suffix", "https://doi.org/10.1234/caf%C3%A9", []string{"10.1234/café"}},
		{"non-ASCII suffix", "10.5555/Ünïcode-x,", []string{"10.5555/ünïcode-x"}},
		{"non-ASCII suffix", "（doi：10.3969/j.issn.1000-0054.2020.01.001）", []string{"10.3969/j.issn.1000-0054.2020.01.001"}},
		{"non-ASCII suffix", "【10.1234/中文】，10.1234/абв；", []string{"10.1234/中文", "10.1234/абв"}},
		{"non-ASCII suffix", "「10.1234/αβγ」！ 10.1234/x？", []string{"10.1234/αβγ", "10.1234/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.class, func(t *testing.T) {
			got := dois(extract.Extract(tt.give))
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

// TestBibTeXEscapes: in a .bib file, escapes and case-protecting braces
// inside a DOI are undone instead of ending it early.
func TestBibTeXEscapes(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []extract.Found
	}{
		{"underscore", `doi = {10.1000/abc\_def},`, []extract.Found{{DOI: "10.1000/abc_def", Raw: "10.1000/abc_def", Line: 1}}},
		{"percent", `doi = {10.1002/x;2-\%23}`, []extract.Found{{DOI: "10.1002/x;2-#", Raw: "10.1002/x;2-%23", Line: 1}}},
		{"braces", "title={x},\ndoi = {10.1000/{ABC}x{D}},", []extract.Found{{DOI: "10.1000/abcxd", Raw: "10.1000/ABCxD", Line: 2}}},
		{"double braces", `doi = {{10.1000/ABC}}`, []extract.Found{{DOI: "10.1000/abc", Raw: "10.1000/ABC", Line: 1}}},
		{"quoted", `doi = "10.1000/a\_b\&c",`, []extract.Found{{DOI: "10.1000/a_b&c", Raw: "10.1000/a_b&c", Line: 1}}},
		{"url field", `url = {https://doi.org/10.1000/a\_b}`, []extract.Found{{DOI: "10.1000/a_b", Raw: "10.1000/a_b", Line: 1}}},
		{"two on a line", `note = {10.1000/a\_b and 10.1000/{C}d}`, []extract.Found{
			{DOI: "10.1000/a_b", Raw: "10.1000/a_b", Line: 1}, {DOI: "10.1000/cd", Raw: "10.1000/Cd", Line: 1}}},
		{"trailing backslash", `doi = {10.1000/ab\`, []extract.Found{{DOI: "10.1000/ab", Raw: "10.1000/ab", Line: 1}}},
		{"no doi", `title = {A \_ b}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := extract.ForFile("refs.BIB", tt.give)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("BibTeX(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
	// Outside .bib files a TeX escape stands for its character too.
	if got := dois(extract.ForFile("notes.md", `10.1000/abc\_def`)); !cmp.Equal(got, []string{"10.1000/abc_def"}) {
		t.Errorf("ForFile(notes.md) = %q, want the escape undone", got)
	}
}

// TestExtractHugeToken: a token of megabytes is reported as invalid and cut,
// never returned whole, and a long line without a DOI is no DOI.
func TestExtractHugeToken(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		wantLen int // of the one Found's DOI; 0 for none
	}{
		{"doi then megabytes", "10.1234/" + strings.Repeat("a", 5<<20), extract.MaxShown},
		{"multibyte run cut on a rune boundary", "10.1234/" + strings.Repeat("é", 1<<20), extract.MaxShown},
		{"just under the limit", "10.1234/" + strings.Repeat("b", extract.MaxLen-len("10.1234/")), extract.MaxLen},
		{"no doi", strings.Repeat("x", 5<<20), 0},
		{"percent-encoded, longer than the limit only as written", "10.1234/" + strings.Repeat("%41", (extract.MaxLen-8)/3), 8 + (extract.MaxLen-8)/3},
		{"an invalid token of MaxLen bytes is no DOI", "10.1234/./" + strings.Repeat("a", extract.MaxLen-10), 0},
		{"over the limit once decoded", "10.1234/" + strings.Repeat("b", extract.MaxLen), extract.MaxShown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := extract.Extract(tt.give)
			if tt.wantLen == 0 {
				if len(got) != 0 {
					t.Fatalf("got %d DOIs, want none", len(got))
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d DOIs, want 1", len(got))
			}
			f := got[0]
			if len(f.DOI) > tt.wantLen || len(f.DOI) < tt.wantLen-1 || !utf8.ValidString(f.DOI) {
				t.Errorf("DOI of %d bytes (valid UTF-8 %v), want %d", len(f.DOI), utf8.ValidString(f.DOI), tt.wantLen)
			}
			if tooLong := tt.wantLen == extract.MaxShown; tooLong != (f.Invalid != "") {
				t.Errorf("Invalid = %q, want set: %v", f.Invalid, tooLong)
			}
		})
	}
}
