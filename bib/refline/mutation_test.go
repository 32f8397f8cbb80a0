package refline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The tests of this file hold the rules mutation testing found no test
// for. Run over this package alone:
//
//	GOFLAGS=-count=1 gremlins unleash --workers 1 --timeout-coefficient 4 ./bib/refline
//
// The survivors left are equivalent mutants, listed with their reasons
// at the end of this file.

// TestReadTitleEnd: where a title ends when a period, question mark or
// exclamation mark follows a capital: a one-letter genus or initial
// ("C. elegans") is inside the title, a capital ending a longer word or
// a question is not.
func TestReadTitleEnd(t *testing.T) {
	tests := []struct {
		name, give, want string
	}{
		{"genus inside a title", "Smith, J. (2019). Genome of C. elegans worms. Genetics, 12, 1-5.", "Genome of C. elegans worms"},
		{"genus before an accented word", "Smith, J. (2019). Strains of E. ærogenes in soil. J. Bact.", "Strains of E. ærogenes in soil"},
		{"question after a capital", "Smith, J. (2019). Is it X? a study of spin waves. J. Phys.", "Is it X?"},
		{"exclamation after a capital", "Smith, J. (2019). Go for X! a study of spin waves. J. Phys.", "Go for X!"},
		{"capital ends the line", "Smith, J. (2019). The role of protein X.", "The role of protein X"},
		{"capital ending a word after a multi-byte letter", "Smith, J. (2019). Studies of ĀB. then more words follow. J.", "Studies of ĀB"},
		{"capital ending a word after an accented letter", "Smith, J. (2019). Studies of ÉB. then more words follow. J.", "Studies of ÉB"},
		{"capital ending a word", "Smith, J. (2019). Studies of ABC. then more words follow. J.", "Studies of ABC"},
		{"genus at the title's start", "Smith, J. (2019). C. elegans in the wild. Genetics.", "C. elegans in the wild"},
		{"empty quotes before the title", `Smith, J. (2019). “” Spin waves in films. J. Phys.`, "“” Spin waves in films"},
		{"descriptor", "Smith, J. (2019). Spin wave measurements [Data set]. Zenodo.", "Spin wave measurements"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("Read(%q) refused: %s", tt.give, why)
			}
			if r.Title != tt.want {
				t.Errorf("Read(%q).Title = %q, want %q", tt.give, r.Title, tt.want)
			}
		})
	}
}

// TestLeadingTitle: the title a reference's rest starts with, at the
// edges of the rule for initials: a capital two bytes into the text ends
// a word ("pH."), so the title ends there.
func TestLeadingTitle(t *testing.T) {
	tests := []struct{ give, want string }{
		{"pH. effects on soils. J.", "pH."},
		{"C. elegans in the wild. J.", "C. elegans in the wild."},
		{`"" Spin waves. J.`, `"" Spin waves.`},
		{"X.", "X."},
		{"*Spin waves* in films. J.", "*Spin waves* in films."},
	}
	for _, tt := range tests {
		if got := leadingTitle(tt.give); got != tt.want {
			t.Errorf("leadingTitle(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestReadRefusalReasons: a refused line says why, and the reason is the
// one of the shape that came closest (it is what a not_checked row shows).
func TestReadRefusalReasons(t *testing.T) {
	const (
		short   = "its title has fewer than two words"
		noStyle = "no author list, year and title in a known reference style"
		noName  = "its first author has no name of two letters"
	)
	tests := []struct{ name, give, want string }{
		{"empty quoted title", `Smith, J. "" Journal 2019.`, short},
		{"vancouver title of a period", "Smith J.. Lancet. 2019;1:2.", noStyle},
		{"nature line with a one-word title", "Smith, A. A (2019)", short},
		{"nature line, title and year only", "Smith, A. Ab (2019)", short},
		{"initial only", `A. "Spin waves in films." J. Phys. 2019.`, noName},
		{"no style", "We measured spin waves in films.", noStyle},
		{"too long", strings.Repeat("x", MaxBlock+1), "longer than a reference"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != tt.want {
				t.Errorf("Read(%q) = %+v, %q; want reason %q", tt.give, r, why, tt.want)
			}
			if why != "" && !cmp.Equal(r, Ref{}) {
				t.Errorf("Read(%q) refused but gave %+v", tt.give, r)
			}
		})
	}
}

// TestReadVenueEdges: the venue after the title at the edges of its rule:
// a number after the journal is its volume unless it is the line's own
// year; a tail opening with a parenthesis names no journal; a descriptor
// [Preprint] after the title marks a preprint.
func TestReadVenueEdges(t *testing.T) {
	type venue struct {
		Title, Journal, Volume, Issue, Pages string
		Year                                 int
		Preprint                             bool
	}
	tests := []struct {
		name, give string
		want       venue
	}{
		{"a year as volume", "Smith, J. (2015). Trials of aspirin in stroke. Cochrane Database Syst Rev, 2019(3), 12–20. doi:10.1002/x",
			venue{Title: "Trials of aspirin in stroke", Journal: "Cochrane Database Syst Rev", Volume: "2019", Issue: "3", Pages: "12–20", Year: 2015}},
		{"the line's year is no volume", "Smith, J. (2019). Spin waves in films. Journal of Magnetism, 2019, 12.",
			venue{Title: "Spin waves in films", Journal: "Journal of Magnetism", Year: 2019}},
		{"a chapter's pages name no journal", "Smith, J. (2019). Spin waves in films. (pp. 1–10). Springer.",
			venue{Title: "Spin waves in films", Year: 2019}},
		{"descriptor [Preprint]", "Smith, J. (2019). Spin waves in films [Preprint]. Zenodo.",
			venue{Title: "Spin waves in films", Journal: "Zenodo", Year: 2019, Preprint: true}},
		{"descriptor [version 2; peer review: 2 approved]", "Smith, J. (2019). Spin waves in films [version 2; peer review: 2 approved]. F1000Research, 8, 12.",
			venue{Title: "Spin waves in films", Journal: "F1000Research", Volume: "8", Pages: "12", Year: 2019}},
		{"preprint server as journal", "Smith, J. (2019). Spin waves in films. bioRxiv.",
			venue{Title: "Spin waves in films", Journal: "bioRxiv", Year: 2019, Preprint: true}},
		{"volume and issue words", `A. Okafor and B. Smith, "Charges ride the spin wave," IEEE Trans. Magn., vol. 12, no. 3, pp. 45–67.`,
			venue{Title: "Charges ride the spin wave", Journal: "IEEE Trans. Magn", Volume: "12", Issue: "3", Pages: "45–67"}},
		{"access note ends the venue", "Smith, J. (2019). Spin waves in films. Magnon Blog Available at: example.org.",
			venue{Title: "Spin waves in films", Journal: "Magnon Blog", Year: 2019}},
		{"vancouver without numbers", "Smith J. Spin waves in films. Lancet. 2019. doi:10.1/x",
			venue{Title: "Spin waves in films", Journal: "Lancet", Year: 2019}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("Read(%q) refused: %s", tt.give, why)
			}
			got := venue{r.Title, r.Journal, r.Volume, r.Issue, r.Pages, r.Year, r.Preprint}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Read(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestSplitAuthorsEdges: initials after a comma join the name before
// them only when they carry a period; "et al." in any of its spellings
// is a last item.
func TestSplitAuthorsEdges(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{"Smith, J., & Jones, K.", []string{"Smith, J.", "Jones, K."}},
		{"Smith, J. et al", []string{"Smith, J.", "et al."}},
		{"Smith, J., et al.", []string{"Smith, J.", "et al."}},
		{"Smith J, Jones K", []string{"Smith J", "Jones K"}},
		{"Smith, J.-P., Jones, K. L.", []string{"Smith, J.-P.", "Jones, K. L."}},
		{"A. B. Smith, C. Jones, and D. Last", []string{"A. B. Smith", "C. Jones", "D. Last"}},
		{"*Smith, J.*", []string{"Smith, J."}},
		{"Smith, J., , Jones, K.", []string{"Smith, J.", "Jones, K."}},
		{"A., Smith", []string{"A.", "Smith"}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, SplitAuthors(tt.give)); d != "" {
			t.Errorf("SplitAuthors(%q) (-want +got):\n%s", tt.give, d)
		}
	}
}

// A generated reference: the fields a line is written from.
type genRef struct {
	families, initials []string
	title, journal     string
	year               int
	volume, issue      int
	first, last        int
}

var (
	genFamilies = []string{"Smith", "Okafor", "Müller", "Nguyen", "Garcia-Lopez", "O'Brien", "Kowalski", "Lee", "Dubois", "Tanaka"}
	genWords    = []string{"spin", "waves", "drag", "charges", "in", "thin", "films", "of", "magnetic", "order", "a", "study", "models", "cells"}
	genJournals = []string{"Nature", "Physical Review Letters", "Journal of Magnetism", "Cell Reports", "Lancet Oncology", "Plant Journal"}
)

func drawRef(t *rapid.T) genRef {
	n := rapid.IntRange(1, 5).Draw(t, "authors")
	g := genRef{
		families: make([]string, n),
		initials: make([]string, n),
		journal:  rapid.SampledFrom(genJournals).Draw(t, "journal"),
		year:     rapid.IntRange(1900, 2030).Draw(t, "year"),
		volume:   rapid.IntRange(1, 999).Draw(t, "volume"),
		issue:    rapid.IntRange(1, 24).Draw(t, "issue"),
		first:    rapid.IntRange(1, 9000).Draw(t, "first page"),
	}
	g.last = g.first + rapid.IntRange(1, 40).Draw(t, "page count")
	for i := range n {
		g.families[i] = rapid.SampledFrom(genFamilies).Draw(t, "family")
		g.initials[i] = string(rune('A' + rapid.IntRange(0, 25).Draw(t, "initial")))
	}
	ws := rapid.SliceOfN(rapid.SampledFrom(genWords), 2, 8).Draw(t, "title words")
	ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
	g.title = strings.Join(ws, " ")
	return g
}

// list joins names as a style does: "A, B, & C" (APA), "A, B & C" (Nature).
func list(names []string, last string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + last + names[len(names)-1]
}

// TestPropertyStylesRoundTrip: a reference written in APA, Nature or
// Vancouver style from any authors, title, journal, year, volume, issue
// and pages reads back as those fields.
func TestPropertyStylesRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawRef(t)
		style := rapid.SampledFrom([]string{"apa", "nature", "vancouver"}).Draw(t, "style")
		var (
			names, written []string
			line           string
			want           Ref
		)
		pages := fmt.Sprintf("%d–%d", g.first, g.last)
		switch style {
		case "apa":
			for i := range g.families {
				names = append(names, g.families[i]+", "+g.initials[i]+".")
			}
			line = fmt.Sprintf("%s (%d). %s. %s, %d(%d), %s.", list(names, ", & "), g.year, g.title, g.journal, g.volume, g.issue, pages)
			want = Ref{Title: g.title, Year: g.year, Author: g.families[0], Style: "apa", Authors: names,
				Journal: g.journal, Volume: fmt.Sprint(g.volume), Issue: fmt.Sprint(g.issue), Pages: pages}
		case "nature":
			for i := range g.families {
				names = append(names, g.families[i]+", "+g.initials[i]+".")
			}
			line = fmt.Sprintf("%s %s. %s %d, %s (%d).", list(names, " & "), g.title, g.journal, g.volume, pages, g.year)
			want = Ref{Title: g.title, Year: g.year, Author: g.families[0], Style: "nature", Authors: names,
				Journal: g.journal, Volume: fmt.Sprint(g.volume), Pages: pages}
		case "vancouver":
			pages = fmt.Sprintf("%d-%d", g.first, g.last)
			for i := range g.families {
				names = append(names, g.families[i]+" "+g.initials[i])
			}
			line = fmt.Sprintf("%s. %s. %s. %d;%d(%d):%s.", strings.Join(names, ", "), g.title, g.journal, g.year, g.volume, g.issue, pages)
			want = Ref{Title: g.title, Year: g.year, Author: names[0], Style: "vancouver", Authors: names,
				Journal: g.journal, Volume: fmt.Sprint(g.volume), Issue: fmt.Sprint(g.issue), Pages: pages}
		}
		written = append(written, line)
		if rapid.Bool().Draw(t, "numbered") {
			line = fmt.Sprintf("%d. %s", rapid.IntRange(1, 300).Draw(t, "number"), line)
		}
		if rapid.Bool().Draw(t, "doi") {
			line += " https://doi.org/10.1234/x" + fmt.Sprint(g.year)
		}
		got, why := Read(line)
		if why != "" {
			t.Fatalf("Read(%q) refused: %s (written %q)", line, why, written)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("Read(%q) (-want +got):\n%s", line, d)
		}
	})
}

// TestPropertyMaxBlock: no block longer than MaxBlock is read, whatever
// it holds; a reference padded to exactly MaxBlock still is.
func TestPropertyMaxBlock(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		extra := rapid.IntRange(0, 50).Draw(t, "extra")
		head, tail := "Smith, J. (2019). Spin waves ", ". J."
		fill := strings.Repeat("x", MaxBlock-len(head)-len(tail)+extra)
		_, why := Read(head + fill + tail)
		if read := why == ""; read != (extra == 0) {
			t.Fatalf("a block of %d bytes: read %v (%s)", MaxBlock+extra, read, why)
		}
	})
}

// TestReadFalseMismatches: lines once read wrongly, each a false mismatch
// for a correct reference (check compares the author count, the issue and
// the pages); bug says what the reader did. names_test.go and
// numbers_test.go hold the other members of each class.
func TestReadFalseMismatches(t *testing.T) {
	type fields struct {
		Authors              []string
		Volume, Issue, Pages string
	}
	tests := []struct {
		name, bug, give string
		want            fields
	}{
		{"quoted: the last author's initials", "quoted trims the period ending the author list, so the last author's initials (\"J\", \"C. D\") no longer read as initials and become an author of their own",
			`Smith, A. B., and Jones, C. D., "Spin waves in thin films," Phys. Rev. B, vol. 12, pp. 1–5.`,
			fields{Authors: []string{"Smith, A. B.", "Jones, C. D."}, Volume: "12", Pages: "1–5"}},
		{"quoted: one author with an initial", "as above: \"Smith, J.\" before a quoted title gives the authors [Smith J]",
			`Smith, J. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`,
			fields{Authors: []string{"Smith, J."}, Volume: "12", Pages: "1–5"}},
		{"Chicago: the year in parentheses is no issue", "venueNumbers reads Chicago's \"12 (2019): 1–5\" as volume 12, issue 2019",
			`Smith, John. "Spin waves in thin films." Phys. Rev. B 12 (2019): 1–5.`,
			fields{Authors: []string{"Smith, John"}, Volume: "12", Pages: "1–5"}},
		{"IEEE: the year after the volume is no page", "venueNumbers reads IEEE's \"vol. 12, 2019.\" as pages 2019",
			`A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, 2019.`,
			fields{Authors: []string{"A. Okafor"}, Volume: "12"}},
		{"Chicago: given names after the family name", "splitAuthors splits \"Smith, John, and Kate Jones\" (its doc's Chicago case) into three authors",
			`Smith, John, and Kate Jones. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`,
			fields{Authors: []string{"Smith, John", "Kate Jones"}, Volume: "12", Pages: "1–5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("Read(%q) refused: %s", tt.give, why)
			}
			if d := cmp.Diff(tt.want, fields{r.Authors, r.Volume, r.Issue, r.Pages}); d != "" {
				t.Errorf("Read(%q) (-want +got):\n%s\nthe bug again: %s", tt.give, d, tt.bug)
			}
		})
	}
}

// TestInitialsOnly: initials as its doc lists them, each word with its
// period but maybe the last, or one word of one or two capitals ("A",
// "AB").
func TestInitialsOnly(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"A.", true}, {"A. B.", true}, {"J.A.Q.", true}, {"H.-P.", true}, {"A", true}, {"AB", true},
		{"C. D", true}, {"A.B", true}, {"A B.", false}, {"ABC", false}, {"A B", false}, {"Smith", false}, {"A. Smith", false}, {"", false},
	}
	for _, tt := range tests {
		if got := initialsOnly(tt.give); got != tt.want {
			t.Errorf("initialsOnly(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// Equivalent mutants gremlins leaves alive here (each cannot change what
// Read, Parse, SplitAuthors or Blocks return):
//
//   - parse.go quoted, i < 0 → i <= 0: a quote at 0 leaves no authors
//     before it, refused by the before == "" check right after.
//   - parse.go vancouver, i < 0 → i <= 0: a line opening with "." has empty
//     authors, which no vancouverName matches.
//   - parse.go vancouver, j >= 0 → j > 0: authors opening with ";" fail
//     vancouverName cut ("") or not (";Smith J").
//   - parse.go abbreviation, i+2 >= len(s) → i+2 > len(s): i+2 == len(s)
//     needs s[i+1] == ' ' as the last byte, and leadingTitle trims its text.
//   - authors.go looksLikeAuthors, i >= 0 → i > 0: a segment opening with
//     ";" is refused both cut ("", no words) and uncut (";…" is no capital).
//   - authors.go firstAuthor, i > 0 → i >= 0: every caller passes a list
//     that opens with a letter (looksLikeAuthors or natureName), so no
//     separator is at 0.
//   - fields.go venue, end < len(tail) → end <= len(tail): at end ==
//     len(tail) the rest is "", where venueNumbers needs a digit.
//
// TestInitialsOnly pins initialsOnly's one-word branch ("A", "AB") and
// its last word without a period ("C. D"), which Read reaches since
// initials whose period was cut join their family name (names_test.go).
// gremlins does not mutate switch case expressions (coverage counts no
// statement there); a hand run of those mutants, before the last run,
// found them all killed.
