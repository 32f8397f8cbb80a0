package gates_test

import (
	"regexp"
	"testing"

	"github.com/citeloop/citeloop/gates"
)

var canonicalValue = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$`)

// FuzzNumbersIn: any text reads without panic, its numbers are canonical,
// and a text always supports its own numbers; ReferenceIn never panics and
// returns a substring of its input.
func FuzzNumbersIn(f *testing.F) {
	for _, s := range []string{
		"39.4 % of 1,234 (95% CI 0.95–1.43; p < .001)", "COVID-19 in H2S-BRCA1", "−0.5 to +3.4", "75 000 men",
		"٣٩.٤% ９３", "1,2,3,4", "...5", "5.", "-", "1-2-3-4", "10mg 3rd 5-year mid-2020", "[1] (Smith et al., 2020) doi:10.1/x",
		"\u202e%7.15", "00.00", "1 234 567,890.000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range gates.NumbersIn(s) {
			if !canonicalValue.MatchString(n.Value) {
				t.Errorf("NumbersIn(%q): value %q is not canonical", s, n.Value)
			}
			if n.Text == "" {
				t.Errorf("NumbersIn(%q): number %q has no text", s, n.Value)
			}
		}
		if bad := gates.UnsupportedNumbers(s, []string{s}, nil); len(bad) > 0 {
			t.Errorf("UnsupportedNumbers(%q) against itself = %v", s, bad)
		}
		_ = gates.ReferenceIn(s)
	})
}
