package doi_test

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/doi"
)

func TestNormalizeDOI(t *testing.T) {
	tests := []struct {
		give    string
		want    string
		wantErr bool
	}{
		{give: "10.1016/j.molcel.2019.07.008", want: "10.1016/j.molcel.2019.07.008"},
		{give: "https://doi.org/10.1016/J.MOLCEL.2019.07.008", want: "10.1016/j.molcel.2019.07.008"},
		{give: "http://dx.doi.org/10.1000/xyz", want: "10.1000/xyz"},
		{give: "doi:10.1000/XYZ", want: "10.1000/xyz"},
		{give: "DOI:10.1000/xyz", want: "10.1000/xyz"},
		{give: "  10.1000/xyz\n", want: "10.1000/xyz"},
		{give: "https://doi.org/10.1002/%28SICI%291097-4636", want: "10.1002/(sici)1097-4636"},
		{give: "10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4", want: "10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-4"},
		{give: `10.1/x" OR "cancer`, wantErr: true},
		{give: `10.1234/a\b`, wantErr: true},
		{give: "10.1234/a b", wantErr: true},
		{give: "10.1234/a\tb", wantErr: true},
		{give: "10.1234/a\x00b", wantErr: true},
		{give: "10.1234/x\u200b", wantErr: true},
		{give: "10.1234/x\u202e", wantErr: true},
		{give: "\ufeff10.1234/x", wantErr: true},
		{give: "10.1234/a/../../../x", wantErr: true},
		{give: "10.1234/./x", wantErr: true},
		{give: "10.1234/a..b/c.d", want: "10.1234/a..b/c.d"},
		{give: "10.1234/", wantErr: true},
		{give: "10.12/short", wantErr: true},
		{give: "11.1234/x", wantErr: true},
		{give: "", wantErr: true},
		{give: "doi:", wantErr: true},
	}
	for _, tt := range tests {
		got, err := doi.Normalize(tt.give)
		if tt.wantErr {
			if !errors.Is(err, doi.ErrInvalid) {
				t.Errorf("Normalize(%q) = %q, %v; want ErrInvalid", tt.give, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tt.give, got, err, tt.want)
		}
	}
}

func TestPathEscapeDOI(t *testing.T) {
	tests := []struct {
		give string
		want string
	}{
		{give: "10.1000/xyz", want: "10.1000/xyz"},
		{give: "10.1000/a/b.c", want: "10.1000/a/b.c"},
		{
			give: "10.1002/(sici)1097-4636(199812)43:4<448::aid-jbm14>3.0.co;2-4",
			want: "10.1002/%28sici%291097-4636%28199812%2943:4%3C448::aid-jbm14%3E3.0.co%3B2-4",
		},
		{give: "10.1000/a#b?c", want: "10.1000/a%23b%3Fc"},
		{give: "10.1234/100%pure", want: "10.1234/100%25pure"},
	}
	for _, tt := range tests {
		if got := doi.PathEscape(tt.give); got != tt.want {
			t.Errorf("PathEscape(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func FuzzNormalizeDOI(f *testing.F) {
	for _, s := range []string{"10.1000/xyz", "https://doi.org/10.1000/X", `10.1/x" OR "y`, "doi:10.1002/(SICI)1:4<4::A>3.0.CO;2-4", "10.1234/%22"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := doi.Normalize(s)
		if err != nil {
			return
		}
		if strings.ContainsAny(got, "\"\\") || strings.IndexFunc(got, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
			t.Fatalf("Normalize(%q) = %q contains query syntax", s, got)
		}
		if !strings.HasPrefix(got, "10.") || got != strings.ToLower(got) {
			t.Fatalf("Normalize(%q) = %q is not canonical", s, got)
		}
		again, err := doi.Normalize(got)
		if err != nil || again != got {
			t.Fatalf("Normalize is not idempotent on %q: %q, %v", got, again, err)
		}
	})
}

// TestNormalizeRegistrantAndBarePrefix pins the edges of the registrant
// check (every digit 0-9 and a dot allowed, a letter never) and a prefix
// with nothing after it.
func TestNormalizeRegistrantAndBarePrefix(t *testing.T) {
	for _, give := range []string{"10.1093/nar/gkz1", "10.9999/x", "10.0001/x", "10.1000.5/x"} {
		if _, err := doi.Normalize(give); err != nil {
			t.Errorf("Normalize(%q) = %v, want valid", give, err)
		}
	}
	for _, give := range []string{"10.12ab/x", "10.abcd/x", "10.12:4/x"} {
		var e *doi.Error
		if _, err := doi.Normalize(give); !errors.As(err, &e) || e.Reason != "registrant code is not numeric" {
			t.Errorf("Normalize(%q) = %v, want a registrant code that is not numeric", give, err)
		}
	}
	for _, give := range []string{"doi:", "https://doi.org/", "DX.DOI.ORG/"} {
		var e *doi.Error
		if _, err := doi.Normalize(give); !errors.As(err, &e) || e.Reason != "empty" {
			t.Errorf("Normalize(%q) = %v, want empty", give, err)
		}
	}
}

// TestNormalizeSyntax pins the one definition of a DOI that the extractor
// shares: percent-encoding undone once, the runes a suffix cannot hold,
// and the registrant code.
func TestNormalizeSyntax(t *testing.T) {
	tests := []struct {
		give    string
		want    string
		wantErr string
	}{
		{give: "10.1007%2Fs00423-015-1364-1", want: "10.1007/s00423-015-1364-1"},
		{give: "10.1002/x;2-%23", want: "10.1002/x;2-#"},
		{give: "10.1234/100%pure", want: "10.1234/100%pure"},
		{give: "10.1234/100%pure%41", want: "10.1234/100%pure%41"},
		{give: "10.1234/a%2541", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%2541", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%2509", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%2590", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%25af", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%25FA", wantErr: "is percent-encoded twice"},
		{give: "10.1234/x%25g0", want: "10.1234/x%g0"},
		{give: "10.1234/a%254", want: "10.1234/a%4"},
		{give: "https://doi.org/10.1234/a%2541", wantErr: "is percent-encoded twice"},
		{give: "https://doi.org/10.1234/a%zz", wantErr: "bad percent-encoding"},
		{give: "10.1234/a%22b", wantErr: "contains a double quote"},
		{give: "10.2181/000\xc9%8000", wantErr: "not valid UTF-8"},
		{give: "10.1234/" + strings.Repeat("x", doi.MaxLen-8), want: "10.1234/" + strings.Repeat("x", doi.MaxLen-8)},
		{give: "10.1234/" + strings.Repeat("x", doi.MaxLen-7), wantErr: "longer than any DOI"},
		{give: "10.1234/🐔💩123", want: "10.1234/🐔💩123"},
		{give: "10.1016/སྦ་བཞེད་", want: "10.1016/སྦ་བཞེད་"},
		{give: "10.978.8898392/315", want: "10.978.8898392/315"},
		{give: "10.1.234/x", want: "10.1.234/x"},
		{give: "10.1.23/x", wantErr: "shorter than 4 digits"},
		{give: "10.0000/0\u20130", wantErr: "typographic"},
		{give: "10.1234/x\u2011y", wantErr: "typographic"},
		{give: "10.1234/x\u2020", wantErr: "typographic"},
		{give: "10.1234/x\u2032", wantErr: "typographic"},
		{give: "10.1234/x\u2037", wantErr: "typographic"},
		{give: "10.1234/x\u2038", want: "10.1234/x\u2038"},
		{give: "10.1234/x\u201d", wantErr: "ends a DOI in text"},
		{give: "10.1234/a\u3002b", wantErr: "ends a DOI in text"},
		{give: "10.1234/a|b", wantErr: "delimits text"},
		{give: "10.1234/a{b}", wantErr: "delimits text"},
		{give: "10.1234/it's", wantErr: "delimits text"},
		{give: "10.1..2/x", wantErr: "empty part"},
		{give: "10.1234./x", wantErr: "empty part"},
		{give: "10.123/x", wantErr: "shorter than 4 digits"},
		{give: "10.1234", wantErr: "no suffix"},
		{give: "10.1234/", wantErr: "no suffix"},
		{give: "10.1234:x/y", wantErr: "not numeric"},
	}
	for _, tt := range tests {
		got, err := doi.Normalize(tt.give)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Normalize(%q) = %q, %v; want an error with %q", tt.give, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tt.give, got, err, tt.want)
		}
	}
}

func TestRegistrantLen(t *testing.T) {
	tests := []struct {
		give string
		want int
	}{
		{"10.1234/x", 7},
		{"10.1000.10/x", 10},
		{"10.978.8898392/315", 14},
		{"10.1234%2Fx", 7},
		{"10.1234", 7},
		{"10.123/x", 0},
		{"10..1234/x", 0},
		{"10.1234./x", 0},
		{"10.12ab/x", 0},
		{"11.1234/x", 0},
		{"10/abc", 0},
	}
	for _, tt := range tests {
		if got := doi.RegistrantLen(tt.give); got != tt.want {
			t.Errorf("RegistrantLen(%q) = %d, want %d", tt.give, got, tt.want)
		}
	}
}

// TestDelimitsIsRefused: every rune that ends a DOI in text is one no DOI
// may hold, so the extractor never cuts a DOI Normalize would accept.
func TestDelimitsIsRefused(t *testing.T) {
	for r := rune(0); r <= 0x10ffff; r++ {
		if doi.Delimits(r) && doi.SuffixRune(r) {
			t.Fatalf("Delimits(%U) but SuffixRune(%U)", r, r)
		}
	}
	for _, r := range " \t\n\x7f\"\\'`|{}\ufffd\u3002\u201c\u00a0\u2029" {
		if !doi.Delimits(r) {
			t.Errorf("Delimits(%q) = false, want true", r)
		}
	}
	for _, r := range "abcXYZ019-._;()/:<>[]#%+*~!?@=,&$^é中🐔་" {
		if doi.Delimits(r) || !doi.SuffixRune(r) {
			t.Errorf("%q: Delimits %v, SuffixRune %v; want a suffix rune", r, doi.Delimits(r), doi.SuffixRune(r))
		}
	}
}

func TestSame(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"https://doi.org/10.1000/ABC", "doi:10.1000/abc", true},
		{"10.1063%2F1.881498", "10.1063/1.881498", true},
		{"10.1000/a", "10.1000/b", false},
		{"10.1000/a", "10.12/a", false},
		{"10.12/a", "10.12/a", false},
	}
	for _, tt := range tests {
		if got := doi.Same(tt.a, tt.b); got != tt.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// A DOI written after its label, or as a link to any doi.org resolver host
// with or without a scheme, a query string or a fragment, is the DOI.
func TestNormalizeWrappers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := "10." + rapid.StringMatching(`[1-9][0-9]{3,6}`).Draw(t, "registrant") + "/" + rapid.StringMatching(`[a-z0-9][a-z0-9._-]{0,20}`).Draw(t, "suffix")
		want, err := doi.Normalize(d)
		if err != nil {
			t.Skip(err)
		}
		label := rapid.SampledFrom([]string{"doi:", "DOI:", "doi: ", "DOI ", "Doi : ", "doi"}).Draw(t, "label")
		scheme := rapid.SampledFrom([]string{"", "http://", "https://", "HTTPS://"}).Draw(t, "scheme")
		host := rapid.SampledFrom([]string{"doi.org", "dx.doi.org", "www.doi.org", "DX.DOI.ORG"}).Draw(t, "host")
		tail := rapid.SampledFrom([]string{"", "?utm_source=x", "#section", "?a=1&b=2#f"}).Draw(t, "tail")
		for _, in := range []string{label + d, scheme + host + "/" + d + tail} {
			if got, err := doi.Normalize(in); err != nil || got != want {
				t.Fatalf("doi.Normalize(%q) = %q, %v; want %q", in, got, err, want)
			}
		}
	})
	for _, in := range []string{"doi:", "DOI: not a doi", "https://example.org/10.1000/x", "https://doi.org.evil.com/10.1000/x"} {
		if got, err := doi.Normalize(in); err == nil {
			t.Errorf("doi.Normalize(%q) = %q, want an error", in, got)
		}
	}
}

// A resolver link with nothing before its query string holds no DOI.
func TestNormalizeResolverWithOnlyAQuery(t *testing.T) {
	for _, in := range []string{"https://doi.org/?q=1", "doi.org/#top", "https://doi.org/"} {
		_, err := doi.Normalize(in)
		var e *doi.Error
		if !errors.As(err, &e) || e.Reason != "empty" {
			t.Errorf("Normalize(%q): %v, want empty", in, err)
		}
	}
}
