package extract_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestExtractQueryStrings: a URL's query string and fragment never belong
// to a DOI taken from it, whatever the host or however the URL is written;
// a query string copied without its URL ("?name=value") does not either.
func TestExtractQueryStrings(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"path without a scheme", "/scitation.org/doi/10.1063/1.881498?234saf=34", []string{"10.1063/1.881498"}},
		{"path without a scheme, letters", "/scitation.org/doi/10.1063/1.uniau12?as=234", []string{"10.1063/1.uniau12"}},
		{"network-path reference", "//doi.org/10.1234/abc?x#y", []string{"10.1234/abc"}},
		{"after a field name", "url=doi.org/10.1234/abc?x", []string{"10.1234/abc"}},
		{"inside markup", "<url>www.pub.org/doi/10.1234/abc#sec1</url>", []string{"10.1234/abc"}},
		{"after a label", "Link:doi.org/10.1234/abc?x", []string{"10.1234/abc"}},
		{"host and port", "localhost:8080/10.1234/abc?x", []string{"10.1234/abc"}},
		{"IPv4 host", "127.0.0.1/doi/10.1234/abc#top", []string{"10.1234/abc"}},
		{"user name", "me@pub.example.org/10.1234/abc?x", []string{"10.1234/abc"}},
		{"internationalised host", "пример.рф/10.1234/abc?x xn--e1afmkfd.xn--p1ai/10.1234/def?y", []string{"10.1234/abc", "10.1234/def"}},
		{"any scheme", "ftp://files.example.org/10.1234/abc?x", []string{"10.1234/abc"}},
		{"query string without its URL", "10.2752/136270497779613666?journalCode=rfft20", []string{"10.2752/136270497779613666"}},
		{"query string without its URL, digits", "10.1007/s11739-017-1643-7?utm_content=buf&utm_medium=social", []string{"10.1007/s11739-017-1643-7"}},
		{"a bare ? without a parameter stays", "10.1234/abc?x and 10.1234/def?", []string{"10.1234/abc?x", "10.1234/def"}},
		{"a bare # stays", "10.1002/(SICI)1096-8644(199601)99:1<135::AID-AJPA8>3.0.CO;2-#", []string{"10.1002/(sici)1096-8644(199601)99:1<135::aid-ajpa8>3.0.co;2-#"}},
		{"an encoded ? in a URL belongs to the DOI", "https://doi.org/10.1006/rwei.1999%3F.0001?x=1", []string{"10.1006/rwei.1999?.0001"}},
		{"& in a URL's path belongs to the DOI", "https://doi.org/10.1234/a&b", []string{"10.1234/a&b"}},
		{"& in a URL's query starts the next parameter", "https://x.org/cite?doi=10.1234/abc&format=bib", []string{"10.1234/abc"}},
		{"bioRxiv version and view", "https://www.biorxiv.org/content/10.1101/2019.12.11.872580v1.full.pdf+html", []string{"10.1101/2019.12.11.872580"}},
		{"bioRxiv version", "www.medrxiv.org/content/10.1101/087619v3", []string{"10.1101/087619"}},
		{"a version outside bioRxiv stays", "https://figshare.com/10.6084/m9.figshare.123.v2 https://x.org/10.5555/1v2", []string{"10.6084/m9.figshare.123.v2", "10.5555/1v2"}},
		{"a bioRxiv URL without a version", "https://www.biorxiv.org/content/10.1101/2019.12.11.872580", []string{"10.1101/2019.12.11.872580"}},
		{"a bioRxiv version follows a digit", "biorxiv.org/content/10.1101/abcv2 biorxiv.org/content/10.1101/087619v.x", []string{"10.1101/abcv2", "10.1101/087619v.x"}},
		{"a host at the token's start", ";doi.org/10.1234/x?y :doi.org/10.1234/z#w", []string{"10.1234/x", "10.1234/z"}},
		{"parameter names from a to z", "10.1234/x?a=1 10.1234/y?z=2 10.1234/w?A=1 10.1234/v?Z=2", []string{"10.1234/x", "10.1234/y", "10.1234/w", "10.1234/v"}},
		{"a bare ? at the end of the line", "10.1234/abc?x", []string{"10.1234/abc?x"}},
		{"a parameter needs a name", "10.1234/abc?=x", []string{"10.1234/abc?=x"}},
		{"a bioRxiv DOI as text keeps its tail", "10.1101/087619v3", []string{"10.1101/087619v3"}},
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

// TestExtractMarkupEscapes: outside a .bib file too, a TeX or Markdown
// backslash escape of a DOI character stands for the character instead of
// cutting the DOI; Raw keeps the DOI as written.
func TestExtractMarkupEscapes(t *testing.T) {
	tests := []struct {
		name string
		give string
		want []string
	}{
		{"TeX underscore", `\doi{10.1007/978-3-030-02671-4\_7}`, []string{"10.1007/978-3-030-02671-4_7"}},
		{"TeX percent", `10.1002/x;2-\%23`, []string{"10.1002/x;2-#"}},
		{"TeX ampersand, hash, dollar, tilde", `10.1000/a\&b\#c\$d\~e`, []string{"10.1000/a&b#c$d~e"}},
		{"Markdown angle brackets", `10.1002/(SICI)1096-8644(199601)99:1\<135::AID-AJPA8\>3.0.CO;2-#`, []string{"10.1002/(sici)1096-8644(199601)99:1<135::aid-ajpa8>3.0.co;2-#"}},
		{"Markdown square brackets and star", `10.1641/0006-3568(2002)052\[0044:PTLBTR\]2.0.CO;2 and 10.1000/a\*b`, []string{"10.1641/0006-3568(2002)052[0044:ptlbtr]2.0.co;2", "10.1000/a*b"}},
		{"an escaped closing bracket still closes", `\(10.1234/x\) and \[10.1234/y\]`, []string{"10.1234/x", "10.1234/y"}},
		{"an escaped trailing mark is prose", `10.1234/x\*.`, []string{"10.1234/x"}},
		{"TeX discretionary hyphen and thin space end the DOI", `10.1234/a\-b 10.1234/c\,d`, []string{"10.1234/a", "10.1234/c"}},
		{"a double backslash ends the DOI", `10.1234/a\\_b`, []string{"10.1234/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, name := range []string{"notes.md", "paper.tex", "refs.txt"} {
				got := dois(extract.ForFile(name, tt.give))
				if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("ForFile(%s, %q) (-want +got):\n%s", name, tt.give, diff)
				}
			}
		})
	}
	got := extract.Extract(`see 10.1000/abc\_def.`)
	want := []extract.Found{{DOI: "10.1000/abc_def", Raw: `10.1000/abc\_def`, Line: 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Extract keeps Raw as written (-want +got):\n%s", diff)
	}
}

// TestExtractUnicodeSuffixes: any character the DOI syntax allows stays in
// a DOI (emoji, Tibetan), a typographic stand-in or footnote mark makes
// the token invalid, reported whole, and prose marks of any script end it.
func TestExtractUnicodeSuffixes(t *testing.T) {
	type row struct{ DOI, Invalid string }
	tests := []struct {
		give string
		want []row
	}{
		{"10.1234/🐔💩123", []row{{DOI: "10.1234/🐔💩123"}}},
		{"10.1016/སྦ་བཞེད་", []row{{DOI: "10.1016/སྦ་བཞེད་"}}},
		{"10.0000/0–0", []row{{DOI: "10.0000/0–0", Invalid: "x"}}},
		{"10.1234/x† and 10.1234/y−1", []row{{DOI: "10.1234/x†", Invalid: "x"}, {DOI: "10.1234/y−1", Invalid: "x"}}},
		{"10.1234/abc، 10.1234/def।", []row{{DOI: "10.1234/abc"}, {DOI: "10.1234/def"}}},
	}
	for _, tt := range tests {
		var got []row
		for _, f := range extract.Extract(tt.give) {
			r := row{DOI: f.DOI}
			if f.Invalid != "" {
				r.Invalid = "x"
			}
			got = append(got, r)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
}
