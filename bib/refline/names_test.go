package refline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestSplitAuthorsNames: a name part that reads as initials stays with
// its family name whatever ends the list, and a given name written after
// a comma stays with its family name where the list's shape says so;
// family names alone, and names written given name first, stay apart.
func TestSplitAuthorsNames(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string
	}{
		{"initials, the list's period cut", "Smith, A. B., and Jones, C. D", []string{"Smith, A. B.", "Jones, C. D"}},
		{"one author, initial's period cut", "Smith, J", []string{"Smith, J"}},
		{"initials without periods", "Smith, J, Jones, K", []string{"Smith, J", "Jones, K"}},
		{"two-letter initials without periods", "Smith, AB, and Jones, CD", []string{"Smith, AB", "Jones, CD"}},
		{"hyphenated initial, period cut", "Smith, J.-P., & Jones, K", []string{"Smith, J.-P.", "Jones, K"}},
		{"a trailing comma", "Smith, J., Jones, K.,", []string{"Smith, J.", "Jones, K."}},
		{"vancouver keeps its own initials", "Smith AB, Jones C", []string{"Smith AB", "Jones C"}},
		{"ieee initials first", "A. B. Smith, C. Jones, and D. Last", []string{"A. B. Smith", "C. Jones", "D. Last"}},
		{"chicago", "Smith, John, and Kate Jones", []string{"Smith, John", "Kate Jones"}},
		{"chicago, ampersand", "Smith, John, & Kate Jones", []string{"Smith, John", "Kate Jones"}},
		{"chicago, three", "Smith, John, Kate Jones, and Lee Park", []string{"Smith, John", "Kate Jones", "Lee Park"}},
		{"chicago, et al.", "Mazein, Ilya, Adrien Rougny, et al.", []string{"Mazein, Ilya", "Adrien Rougny", "et al."}},
		{"chicago, initials later", "Smith, John, and J. A. Phillips", []string{"Smith, John", "J. A. Phillips"}},
		{"chicago, given name and initial", "Smith, John A., and Kate Jones", []string{"Smith, John A.", "Kate Jones"}},
		{"chicago, two family names", "Garcia Lopez, Maria, and Kate Jones", []string{"Garcia Lopez, Maria", "Kate Jones"}},
		{"chicago, particles", "van der Berg, Anna, and Kate Jones", []string{"van der Berg, Anna", "Kate Jones"}},
		{"mla, et al.", "Smith, John, et al.", []string{"Smith, John", "et al."}},
		{"one author, given name", "Smith, John.", []string{"Smith, John"}},
		{"inverted throughout", "Smith, John, and Jones, Kate", []string{"Smith, John", "Jones, Kate"}},
		{"inverted throughout, three", "Smith, John, Jones, Kate, and Lee, Ann", []string{"Smith, John", "Jones, Kate", "Lee, Ann"}},
		{"family names alone", "Smith, Jones, and Lee", []string{"Smith", "Jones", "Lee"}},
		{"family names alone, four", "Smith, Jones, Lee, and Park", []string{"Smith", "Jones", "Lee", "Park"}},
		{"two family names joined by and", "Smith and Jones", []string{"Smith", "Jones"}},
		{"given names first", "John Smith, Kate Jones, and Lee Park", []string{"John Smith", "Kate Jones", "Lee Park"}},
		{"given names first, two", "John Smith, Kate Jones", []string{"John Smith", "Kate Jones"}},
		{"family names and a particle name", "Davín, Tricou, and de Vienne", []string{"Davín", "Tricou", "de Vienne"}},
		{"suffix after initials", "Smith, J., Jr., and Jones, K.", []string{"Smith, J., Jr.", "Jones, K."}},
		{"suffix after initials first", "A. Smith, Jr., B. Jones, and C. Lee III", []string{"A. Smith, Jr.", "B. Jones", "C. Lee III"}},
		{"suffix in chicago", "Smith, John, Jr., and Kate Jones", []string{"Smith, John, Jr.", "Kate Jones"}},
		{"numeral suffix", "Smith, J., II, Jones, K.", []string{"Smith, J., II", "Jones, K."}},
		{"a family name Jr, as Crossref records some", "Veronez, M. R., Jr, L. G., & Silva, L. R.", []string{"Veronez, M. R.", "Jr, L. G.", "Silva, L. R."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, SplitAuthors(tt.give)); d != "" {
				t.Errorf("SplitAuthors(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestReadAuthorListEnds: the authors of quoted, author–year and
// author-date lines, whatever punctuation ends the list before the title
// or the year.
func TestReadAuthorListEnds(t *testing.T) {
	tests := []struct {
		name, give string
		want       []string
	}{
		{"chicago, period", `Smith, J.-P., and Jones, C. D. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, J.-P.", "Jones, C. D."}},
		{"ieee, comma", `Smith, A.B., and Jones, C.D., “Spin waves in thin films,” Phys. Rev. B, vol. 12, pp. 1–5.`, []string{"Smith, A.B.", "Jones, C.D."}},
		{"ampersand", `Smith, J., & Jones, K. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, J.", "Jones, K."}},
		{"et al. before a quote", `Smith, J., Jones, K., et al. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, J.", "Jones, K.", "et al."}},
		{"ieee et al.", `A. Okafor et al., "Spin waves in thin films," Phys. Rev. B, vol. 12, pp. 1–5, 2019.`, []string{"A. Okafor", "et al."}},
		{"author-date, initial before the year", `Smith, J. 2019a. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, J."}},
		{"author-date, given names", `Smith, John, and Kate Jones. 2019. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, John", "Kate Jones"}},
		{"suffix before a quote", `Smith, J., Jr., and Jones, K. "Spin waves in thin films." Phys. Rev. B 12: 1–5.`, []string{"Smith, J., Jr.", "Jones, K."}},
		{"suffix ending the list", `Jones, K., and Smith, J., Jr., "Spin waves in thin films," Phys. Rev. B, vol. 12, pp. 1–5.`, []string{"Jones, K.", "Smith, J., Jr."}},
		{"mla", `Smith, John, et al. "Spin waves in thin films." Phys. Rev. B, vol. 12, no. 3, 2019, pp. 1–5.`, []string{"Smith, John", "et al."}},
		{"author–year, family names", "Smith, Jones & Garcia Lopez (2020) — *Spin waves in thin films.* Phys. Rev. B 12.", []string{"Smith", "Jones", "Garcia Lopez"}},
		{"author–year, particle", "Davín, Tricou & de Vienne (2020) — *Zombi: a phylogenetic simulator.* Bioinformatics 36.", []string{"Davín", "Tricou", "de Vienne"}},
		{"harvard, inverted throughout", "Smith, John and Jones, Kate (2019) 'Spin waves in thin films', Phys. Rev. B, 12, pp. 1–5.", []string{"Smith, John", "Jones, Kate"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("Read(%q) refused: %s", tt.give, why)
			}
			if d := cmp.Diff(tt.want, r.Authors); d != "" {
				t.Errorf("Read(%q).Authors (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyQuotedAuthors: a quoted-title line (IEEE, Chicago, MLA)
// written from any authors, in any of the ways those styles name people
// (a generational suffix included),
// joined by "and" or "&", ending in a comma or a period before the
// quote, reads back with the authors as written.
func TestPropertyQuotedAuthors(t *testing.T) {
	families := []string{"Smith", "Okafor", "Müller", "Garcia-Lopez", "O'Brien", "van der Berg", "Nguyen"}
	givens := []string{"John", "Kate", "Ada", "Hans", "Mary-Kate", "Lee"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(t, "authors")
		form := rapid.SampledFrom([]string{"initials", "ieee", "chicago", "inverted"}).Draw(t, "form")
		initials := func() string {
			s := string(rune('A'+rapid.IntRange(0, 25).Draw(t, "initial"))) + "."
			if rapid.Bool().Draw(t, "second initial") {
				s += rapid.SampledFrom([]string{" ", "", "-"}).Draw(t, "initials gap") + string(rune('A'+rapid.IntRange(0, 25).Draw(t, "initial"))) + "."
			}
			return s
		}
		names := make([]string, n)
		for i := range names {
			family := rapid.SampledFrom(families).Draw(t, "family")
			given := rapid.SampledFrom(givens).Draw(t, "given")
			switch {
			case form == "initials":
				names[i] = family + ", " + initials()
			case form == "ieee":
				names[i] = initials() + " " + family
			case form == "chicago" && i == 0, form == "inverted":
				names[i] = family + ", " + given
			default:
				names[i] = given + " " + family
			}
			if rapid.IntRange(0, 5).Draw(t, "suffixed") == 0 {
				names[i] += rapid.SampledFrom([]string{", Jr.", ", III"}).Draw(t, "suffix")
			}
		}
		and := rapid.SampledFrom([]string{", and ", ", & ", " and ", " & "}).Draw(t, "and")
		if form == "inverted" && n > 1 {
			and = rapid.SampledFrom([]string{", and ", ", & "}).Draw(t, "and")
		}
		list := names[0]
		if n > 1 {
			list = strings.Join(names[:n-1], ", ") + and + names[n-1]
		}
		// The list ends at a comma or a period before the quote, a last
		// initial's own period serving as the list's.
		if end := rapid.SampledFrom([]string{",", "."}).Draw(t, "end"); !strings.HasSuffix(list, ".") || end != "." {
			list += end
		}
		quote := rapid.SampledFrom([][2]string{{`"`, `,"`}, {"“", ".”"}, {"“", ",”"}}).Draw(t, "quotes")
		line := fmt.Sprintf("%s %sSpin waves in thin films%s Phys. Rev. B, vol. 12, pp. 1–5, 2019.", list, quote[0], quote[1])
		r, why := Read(line)
		if why != "" {
			t.Fatalf("Read(%q) refused: %s", line, why)
		}
		if d := cmp.Diff(names, r.Authors); d != "" {
			t.Fatalf("Read(%q).Authors (-want +got):\n%s", line, d)
		}
	})
}
