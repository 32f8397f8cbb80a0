package doi_test

import (
	"errors"
	"strings"
	"testing"
	"unicode"

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
