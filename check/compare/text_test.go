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
		{"the title without its subtitle", "Landrum MJ, et al. ClinVar. Nucleic Acids Research 2018", "", false},
		{"a physics style, no title", "M. J. Landrum, J. M. Lee, et al., Nucleic Acids Res. \\textbf{46}, D1062 (2018)", "", true},
		{"the online-first year", "M. J. Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence (2017)", "", false},
		{"another first author", "J. Smith et al., ClinVar: improving access to variant interpretations and supporting evidence, 2018", Authors, false},
		{"another year", "M. J. Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence, 2015", YearOf, false},
		{"another title, another venue", "M. J. Landrum et al., A fabricated paper, Nature (2018)", Title, false},
		{"another title, the right venue", "M. J. Landrum et al., A fabricated paper about things, Nucleic Acids Res. 46 (2018) D1062", Title, false},
		{"a three-word title, the right venue", "M. J. Landrum et al., Totally fabricated title, Nucleic Acids Res. 46 (2018)", Title, false},
		{"a two-word title, the right venue", "M. J. Landrum et al., Fabricated paper, Nucleic Acids Res. 46 (2018)", Title, false},
		{"one stray word, the right venue", "M. J. Landrum et al., Nucleic Acids Res. 46, D1062 (2018), online", "", true},
		{"a title of short words, the right venue", "M. J. Landrum et al., On my big day, Nucleic Acids Res. 46 (2018)", Title, false},
		{"the venue last", "M. J. Landrum et al. 2018, Nucleic Acids Research", "", true},
		{"another title, no venue", "M. J. Landrum et al., A fabricated paper (2018)", Title, false},
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
			if hasNote := len(res.Notes) > 1; tt.wantField == "" && hasNote != tt.wantNote || len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], "compared by its text") {
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
	if res := Compare(Entry{Text: "Landrum et al., anything (2018)"}, Record{Authors: clinvar.Authors, Year: 2018}, Options{}); !res.OK() {
		t.Errorf("a record without a title is compared by author and year: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence"}, clinvar, Options{}); !res.OK() {
		t.Errorf("a reference that gives no year is not a year mismatch: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Landrum et al., ClinVar: improving access to variant interpretations and supporting evidence (2011)"}, Record{Title: clinvar.Title, Authors: clinvar.Authors}, Options{}); !res.OK() {
		t.Errorf("a record without a year is not a year mismatch: %+v", res.Mismatches)
	}
	if res := Compare(Entry{Text: "Anyone, ClinVar: improving access to variant interpretations and supporting evidence (2018)"}, Record{Title: clinvar.Title, Year: 2018}, Options{}); !res.OK() {
		t.Errorf("a record without authors is compared by title and year: %+v", res.Mismatches)
	}
	if m := Compare(Entry{Text: "M. J. Landrum et al., A fabricated paper (2018)"}, clinvar, Options{}).Mismatches; len(m) != 1 || !strings.Contains(m[0].Why, "title") {
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

// rahib is a real record of three authors (testdata/offline corpus).
var rahib = Record{Title: "Factors driving pancreatic cancer survival rates: a review", Authors: []string{"Rahib L", "Coffin T", "Kenner B"},
	Venue: "Pancreas", Year: 2025, Volume: "54", Issue: "6", Pages: "e530-e536"}

// TestCompareTextStrict: a reference read only as text is held to what a
// reviewer reads in it: the whole author list in order up to an "et al.",
// the title's own sentence with nothing added or swapped, and for a
// title-less style the record's volume and first page when it gives
// numbers. Honest lines in many styles pass.
func TestCompareTextStrict(t *testing.T) {
	tests := []struct {
		name, text string
		want       Field // "" when it agrees
	}{
		// Honest.
		{"APA", "Rahib, L., Coffin, T., & Kenner, B. (2025). Factors driving pancreatic cancer survival rates: A review. Pancreas, 54(6), e530–e536.", ""},
		{"Vancouver, et al.", "Rahib L, Coffin T, et al. Factors driving pancreatic cancer survival rates: a review. Pancreas. 2025;54(6):e530-6.", ""},
		{"IEEE, quoted", `L. Rahib, T. Coffin, and B. Kenner, “Factors driving pancreatic cancer survival rates: a review,” Pancreas, vol. 54, 2025.`, ""},
		{"AMA without periods", "Rahib L Coffin T Kenner B Factors driving pancreatic cancer survival rates: a review Pancreas 2025 54 e530", ""},
		{"the subtitle left out", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates. Pancreas 2025.", ""},
		{"physics, no title", "L. Rahib, T. Coffin, and B. Kenner, Pancreas 54, e530 (2025).", ""},
		{"physics, no numbers", "L. Rahib, T. Coffin, and B. Kenner, Pancreas (2025).", ""},
		{"full-width punctuation", "Rahib L，Coffin T，Kenner B．Factors driving pancreatic cancer survival rates：a review．Pancreas，2025．", ""},
		// Fabricated.
		{"an invented subtitle", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a randomised trial. Pancreas. 2025.", Title},
		{"a word added after the title", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review of mice. Pancreas. 2025.", Title},
		{"words added before the title", "Rahib L, Coffin T, Kenner B. Novel factors driving pancreatic cancer survival rates: a review. Pancreas. 2025.", Title},
		{"a second author left out", "Rahib L, Kenner B. Factors driving pancreatic cancer survival rates: a review. Pancreas. 2025.", Authors},
		{"authors swapped", "Coffin T, Rahib L, Kenner B. Factors driving pancreatic cancer survival rates: a review. Pancreas. 2025.", Authors},
		{"only the first author", "Rahib L. Factors driving pancreatic cancer survival rates: a review. Pancreas. 2025.", Authors},
		{"physics, invented volume", "L. Rahib, T. Coffin, and B. Kenner, Pancreas 12, e530 (2025).", Volume},
		{"physics, invented page", "L. Rahib, T. Coffin, and B. Kenner, Pancreas 54, 101 (2025).", Pages},
		{"physics, a one-word title", "L. Rahib, T. Coffin, and B. Kenner, Fabrication, Pancreas 54, e530 (2025).", ""},
		{"another venue after the title", "Rahib 2025: Factors driving pancreatic cancer survival rates: a review. The Lancet. https://doi.org/10.1097/x", Venue},
		{"another paper's venue and year", "Rahib 2025: Factors driving pancreatic cancer survival rates: a review. Nature Medicine 2019.", Venue},
		{"the venue abbreviated", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. Pancr. 2025;54:e530.", ""},
		{"an access date is no year of the work", "Rahib 2019: Factors driving pancreatic cancer survival rates: a review. https://doi.org/10.1097/x (accessed 1 May 2025)", YearOf},
		{"an access date beside the right year", "Rahib 2025: Factors driving pancreatic cancer survival rates: a review. https://doi.org/10.1097/x (accessed 1 May 2026)", ""},
		{"a link after the title", "Rahib 2025: Factors driving pancreatic cancer survival rates: a review. https://doi.org/10.1097/x", ""},
		{"In: a book after the title", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. In: Pancreas Annual. 2025.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Compare(Entry{Text: tt.text}, rahib, Options{})
			var got Field
			if len(res.Mismatches) > 0 {
				got = res.Mismatches[0].Field
			}
			if got != tt.want {
				t.Errorf("%q: mismatches %+v, want one on %q", tt.text, res.Mismatches, tt.want)
			}
		})
	}
}

// A citation label names the first author and the year: it is no author
// list, so the other authors need not be named.
func TestCompareTextAuthorYearLabel(t *testing.T) {
	for _, text := range []string{
		"Rahib 2025: Factors driving pancreatic cancer survival rates: a review. https://doi.org/10.1097/x",
		"Rahib (2025) Factors driving pancreatic cancer survival rates: a review.",
		"- RAHIB, 2025. Factors driving pancreatic cancer survival rates: a review.",
	} {
		if res := Compare(Entry{Text: text}, rahib, Options{}); !res.OK() {
			t.Errorf("%q: %s, want a label accepted", text, res.Why())
		}
	}
	for _, text := range []string{
		"Rahib L. Factors driving pancreatic cancer survival rates: a review. Pancreas 2025.",
		"Rahib and Kenner 2025: Factors driving pancreatic cancer survival rates: a review.",
	} {
		if res := Compare(Entry{Text: text}, rahib, Options{}); res.OK() {
			t.Errorf("%q: accepted, want an author mismatch", text)
		}
	}
}

// A journal named by its acronym is the journal; other short words are
// not.
func TestVenueAcronym(t *testing.T) {
	tests := []struct {
		short, long string
		want        bool
	}{
		{"BMJ", "Br Med J (Clin Res Ed)", true},
		{"PNAS", "Proceedings of the National Academy of Sciences", true},
		{"JAMA", "Journal of the American Medical Association", true},
		{"NAR", "Nucleic Acids Research", true},
		{"NAR", "Nature Reviews", false},
		{"BJ", "Br Med J", false},
		{"Nature", "Nature", true},
	}
	for _, tt := range tests {
		if got := sameVenue(tt.short, []string{tt.long}); got != tt.want {
			t.Errorf("sameVenue(%q, %q) = %v, want %v", tt.short, tt.long, got, tt.want)
		}
	}
}

func TestRelated(t *testing.T) {
	tests := []struct {
		title, text, other string
		want               bool
	}{
		{"Factors driving survival", "", "Erratum: Factors driving survival", true},
		{"Factors driving survival: a review", "", "Factors driving survival", true},
		{"Factors driving survival", "", "Deep learning in ultrasound", false},
		{"", "Rahib L. Factors. See also: Smith J. Deep learning in ultrasound. Nature 2021.", "Deep learning in ultrasound", true},
		{"", "Rahib L. Factors driving survival.", "Deep learning in ultrasound", false},
		{"Anything", "", "", true},
	}
	for _, tt := range tests {
		if got := Related(tt.title, tt.text, tt.other); got != tt.want {
			t.Errorf("Related(%q, %q, %q) = %v, want %v", tt.title, tt.text, tt.other, got, tt.want)
		}
	}
}

// A compound written whole or hyphenated is one word, even where a part
// reads as a number word.
func TestTitleCompounds(t *testing.T) {
	for _, p := range [][2]string{{"Secondhand smoke and bladder cancer", "Second-hand smoke and bladder cancer"}, {"Onetime dose", "One-time dose"}, {"Non-smokers", "Nonsmokers"}} {
		if res := Compare(Entry{Title: p[0]}, Record{Title: p[1]}, Options{}); !res.OK() {
			t.Errorf("%q against %q: %s", p[0], p[1], res.Why())
		}
	}
	if res := Compare(Entry{Title: "Second smoke and bladder cancer"}, Record{Title: "Secondhand smoke and bladder cancer"}, Options{}); res.OK() {
		t.Error("a word left out of a compound is another title")
	}
}

// The edges of the text comparison, each a rule's boundary.
func TestCompareTextEdges(t *testing.T) {
	nar := clinvar // venue Nucleic Acids Research, abbreviated Nucleic Acids Res
	wang := Record{Title: "Spin waves in thin films of iron", Authors: []string{"Wang Wei", "Li Na"}, Venue: "Physical Review B", Year: 2020}
	short := Record{Title: "Genomics", Authors: []string{"Rahib L"}, Venue: "Pancreas", Year: 2025}
	berg := Record{Title: "Factors driving survival", Authors: []string{"van der Berg J", "Coffin T"}, Venue: "Pancreas", Year: 2025}
	tests := []struct {
		name, text string
		rec        Record
		want       Field
		why        string // in the mismatch's Why, when want is set
	}{
		{"a second year is the record's", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. Pancreas 2024 Dec; published 2025.", rahib, "", ""},
		{"a name written family last", "Wang W, Li N. Spin waves in thin films of iron. Phys Rev B 2020.", wang, "", ""},
		{"the first author missing", "Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. Pancreas 2025.", rahib, Authors, "first author"},
		{"the third author missing", "Rahib L, Coffin T. Factors driving pancreatic cancer survival rates: a review. Pancreas 2025.", rahib, Authors, "author 3, Kenner B, after author 2"},
		{"a label with particles", "Van der Berg 2025: Factors driving survival. https://doi.org/10.5555/x", berg, "", ""},
		{"a label whose year is no year", "Rahib 25: Factors driving pancreatic cancer survival rates: a review.", rahib, Authors, ""},
		{"two names, no label", "Smith Rahib 2025: Factors driving pancreatic cancer survival rates: a review.", rahib, Authors, ""},
		{"a title of eight letters with more", "Rahib L. Genomics of mice. Pancreas 2025.", short, Title, "adds"},
		{"the title first, with more", "Factors driving pancreatic cancer survival rates: a review of mice. Rahib L, Coffin T, Kenner B. Pancreas 2025.", rahib, Title, "adds"},
		{"the year before the venue", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. 2025; Pancreas 54.", rahib, "", ""},
		{"another venue of three letters", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review. Gut 2025.", rahib, Venue, ""},
		{"the venue abbreviated word by word", "Landrum MJ, Lee JM, et al. ClinVar: improving access to variant interpretations and supporting evidence. Nucl Acids Res 2018.", nar, "", ""},
		{"initials of three letters before the title", "Rahib LMK Coffin T Kenner B Factors driving pancreatic cancer survival rates: a review Pancreas 2025", rahib, "", ""},
		{"a two-letter word added", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review UK. Pancreas 2025.", rahib, Title, "adds"},
		{"only the first author's name", "Rahib", rahib, Authors, ""},
		{"a letter after the title", "Rahib L, Coffin T, Kenner B. Factors driving pancreatic cancer survival rates: a review X. Pancreas 2025.", rahib, "", ""},
		{"the journal abbreviated word by word after the title, no period", "Landrum MJ Lee JM et al ClinVar: improving access to variant interpretations and supporting evidence Nucl Acids Res", nar, "", ""},
		{"a title of a two-letter word and another", "M. J. Landrum et al., On day, Nucleic Acids Res. 46, D1062 (2018)", nar, Title, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Compare(Entry{Text: tt.text}, tt.rec, Options{})
			var got Field
			if len(res.Mismatches) > 0 {
				got = res.Mismatches[0].Field
			}
			if got != tt.want || tt.want != "" && !strings.Contains(res.Mismatches[0].Why, tt.why) {
				t.Errorf("%q: mismatches %+v, want one on %q saying %q", tt.text, res.Mismatches, tt.want, tt.why)
			}
		})
	}
	if !sameVenue("BMJ", []string{"Br Med J"}) || sameVenue("CB", []string{"Current Biology"}) {
		t.Error("an acronym names a venue of three words or more")
	}
}
