package compare

import (
	"strings"
	"testing"
)

// TestCompareText: a reference that could not be read into fields is still
// compared as a reviewer reads it: the record's first author, its year
// when the reference gives years, and its title, or, for the physics
// styles that print none, its venue.
func TestCompareText(t *testing.T) {
	tests := []struct {
		name, text string
		wantField  Field // "" when it agrees
		wantNote   bool
	}{
		{"the whole reference", "M. J. Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence, Nucleic Acids Res. 46 (2018) D1062.", "", false},
		{"the title without its subtitle", "Landrum MJ. ClinVar. Nucleic Acids Research 2018", "", false},
		{"a physics style, no title", "M. J. Landrum, J. M. Lee, et al., Nucleic Acids Res. \\textbf{46}, D1062 (2018)", "", true},
		{"the online-first year", "M. J. Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence (2017)", "", false},
		{"another first author", "J. Smith et al., ClinVar: improving access to variant interpretations and supporting evidence, 2018", Authors, false},
		{"another year", "M. J. Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence, 2015", YearOf, false},
		{"another title, another venue", "M. J. Landrum, A fabricated paper, Nature (2018)", Title, false},
		{"another title, the right venue", "M. J. Landrum et al., A fabricated paper about things, Nucleic Acids Res. 46 (2018) D1062", Title, false},
		{"a three-word title, the right venue", "M. J. Landrum, Totally fabricated title, Nucleic Acids Res. 46 (2018)", Title, false},
		{"a two-word title, the right venue", "M. J. Landrum, Fabricated paper, Nucleic Acids Res. 46 (2018)", Title, false},
		{"one stray word, the right venue", "M. J. Landrum et al., Nucleic Acids Res. 46, D1062 (2018), online", "", true},
		{"a title of short words, the right venue", "M. J. Landrum, On my big day, Nucleic Acids Res. 46 (2018)", Title, false},
		{"the venue last", "M. J. Landrum et al. 2018, Nucleic Acids Research", "", true},
		{"another title, no venue", "M. J. Landrum, A fabricated paper (2018)", Title, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Compare(Entry{Text: tt.text}, clinvar, Options{})
			var got Field
			if len(res.Mismatches) > 0 {
				got = res.Mismatches[0].Field
			}
			if got != tt.wantField || len(res.Mismatches) > 1 {
				t.Errorf("mismatches %+v, want one on %q", res.Mismatches, tt.wantField)
			}
			if hasNote := len(res.Notes) > 0; tt.wantField == "" && hasNote != tt.wantNote {
				t.Errorf("notes %q, want a note: %v", res.Notes, tt.wantNote)
			}
		})
	}
	// Fields read win: the text is only read when nothing else was.
	if res := Compare(Entry{Title: clinvar.Title, Text: "Smith, Nothing (1999)"}, clinvar, Options{}); !res.OK() {
		t.Errorf("an entry with a title is compared by its fields: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "  "}, clinvar, Options{}); !res.OK() || len(res.Notes) > 0 {
		t.Errorf("an empty text compares nothing: %+v", res)
	}
	if res := Compare(Entry{Text: "Landrum, anything (2018)"}, Record{Authors: clinvar.Authors, Year: 2018}, Options{}); !res.OK() {
		t.Errorf("a record without a title is compared by author and year: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Landrum, ClinVar: improving access to variant interpretations and supporting evidence"}, clinvar, Options{}); !res.OK() {
		t.Errorf("a reference that gives no year is not a year mismatch: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Landrum, ClinVar: improving access to variant interpretations and supporting evidence (2011)"}, Record{Title: clinvar.Title, Authors: clinvar.Authors}, Options{}); !res.OK() {
		t.Errorf("a record without a year is not a year mismatch: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Anyone, ClinVar: improving access to variant interpretations and supporting evidence (2018)"}, Record{Title: clinvar.Title, Year: 2018}, Options{}); !res.OK() {
		t.Errorf("a record without authors is compared by title and year: %+v", res.Mismatches)
	}
	if m := Compare(Entry{Text: "M. J. Landrum, A fabricated paper (2018)"}, clinvar, Options{}).Mismatches; len(m) != 1 || !strings.Contains(m[0].Why, "title") {
		t.Errorf("the mismatch names the title: %+v", m)
	}
}

// A title that repeats its last word once more than the entry's: the
// common head and tail of the two word lists never overlap.
func TestWordDiffRepeatedTail(t *testing.T) {
	tests := []struct{ entry, record, want string }{
		{"Tumour growth growth", "Tumour growth growth growth", "leaves out “growth”"},
		{"Tumour growth growth growth", "Tumour growth growth", "adds “growth”"},
	}
	for _, tt := range tests {
		o := compareTitle(tt.entry, tt.record)
		if o.mismatch == nil || o.mismatch.Why != tt.want {
			t.Errorf("compareTitle(%q, %q) = %+v, want %q", tt.entry, tt.record, o, tt.want)
		}
	}
}

// A subtitle the record does not have is invented; one the entry leaves
// out is fine; "or" for "and" is another claim.
func TestTitleSubtitleAndConnectives(t *testing.T) {
	tests := []struct {
		entry, record string
		ok            bool
	}{
		{"Factors driving pancreatic cancer survival rates: a randomised trial", "Factors driving pancreatic cancer survival rates", false},
		{"Factors driving pancreatic cancer survival rates", "Factors driving pancreatic cancer survival rates: a review", true},
		{"Second-hand smoke or bladder cancer risk", "Second-hand smoke and bladder cancer risk", false},
		{"Second-hand smoke & bladder cancer risk", "Second-hand smoke and bladder cancer risk", true},
		{"Smoke and bladder cancer risk", "Smoke, and bladder cancer risk", true},
	}
	for _, tt := range tests {
		if res := Compare(Entry{Title: tt.entry}, Record{Title: tt.record}, Options{}); res.OK() != tt.ok {
			t.Errorf("%q against %q: %s, want ok %v", tt.entry, tt.record, res.Why(), tt.ok)
		}
	}
}
