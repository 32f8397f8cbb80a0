package refline

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Mutation testing (gremlins unleash --workers 1 --timeout-coefficient 5):
// 81 killed, 8 lived, all equivalent boundary mutants whose other side is
// refused by a later check anyway: in quoted, i < 0 → i <= 0 (no authors
// before the quote) and j < 0 → j <= 0 (an empty title); in
// vancouverTitle, k > 0 → k >= 0 (a title of just "."); in vancouver,
// i < 0 → i <= 0 and j >= 0 → j > 0 (a segment starting with "." or ";");
// in leadingTitle, j < 0 → j <= 0 (an empty span "" is no title either
// way); in looksLikeAuthors, i >= 0 → i > 0 (";…" is refused either way); in
// firstAuthor, i > 0 → i >= 0 (a list never starts with a separator once
// looksLikeAuthors passed it). The 11 "not covered" are empty case bodies
// and the string concatenation building natureLine.
func TestParse(t *testing.T) {
	tests := []struct {
		name string
		give string
		want Ref
	}{
		{"apa", "Family, A. B., & Other, C. (2019). Title of the paper. Journal, 12(3), 45–67. https://doi.org/10.1234/x",
			Ref{Title: "Title of the paper", Year: 2019, Author: "Family", Style: "apa"}},
		{"apa year suffix and question mark", "Grossberg, S. (1980a). How does a brain build a cognitive code? Psychological Review, 87, 1–51. doi:10.1037/0033-295X.87.1.1.",
			Ref{Title: "How does a brain build a cognitive code?", Year: 1980, Author: "Grossberg", Style: "apa"}},
		{"apa with date", "Doe, J. (2020, March 5). Spin waves in thin films. Blog. https://doi.org/10.1/x",
			Ref{Title: "Spin waves in thin films", Year: 2020, Author: "Doe", Style: "apa"}},
		{"apa year in the volume", "Smith, J. (2015). Trials of aspirin in stroke. Cochrane Database Syst Rev, 2019(3), CD001. doi:10.1002/x",
			Ref{Title: "Trials of aspirin in stroke", Year: 2015, Author: "Smith", Style: "apa"}},
		{"apa italic title with colon", "Okafor, A. (2018). *Magnons: a primer.* Springer. doi:10.1007/x",
			Ref{Title: "Magnons: a primer", Year: 2018, Author: "Okafor", Style: "apa"}},
		{"harvard", "Smith, J. and Jones, K. (2019) 'Charges ride the spin wave', Nature Physics, 12(3), pp. 45-67. doi:10.1/x",
			Ref{Title: "Charges ride the spin wave", Year: 2019, Author: "Smith", Style: "apa"}},
		{"harvard comma year", "Smith, J., Jones, K., 2019. Charges ride the spin wave. Nat. Phys. 12, 45–67. https://doi.org/10.1/x",
			Ref{Title: "Charges ride the spin wave", Year: 2019, Author: "Smith", Style: "harvard"}},
		{"author-year markdown", "- **Davín, Tricou & de Vienne (2020)** — *Zombi: a phylogenetic simulator.* Bioinformatics 36(4):1286–1288. [10.1093/x](https://doi.org/10.1093/x).",
			Ref{Title: "Zombi: a phylogenetic simulator", Year: 2020, Author: "Davín", Style: "apa"}},
		{"vancouver", "Family AB, Other C. Title of the paper. J Theor Biol. 2019;12(3):45-67. doi:10.1234/x",
			Ref{Title: "Title of the paper", Year: 2019, Author: "Family AB", Style: "vancouver"}},
		{"vancouver month day, group author, no space", "Wang J, Marchler-Bauer A; the CDD Group.The conserved domain database in 2023. Nucleic Acids Res. 2022 Jan 6;51(D1):D384-D388. doi: 10.1093/nar/gkac1096.",
			Ref{Title: "The conserved domain database in 2023", Year: 2022, Author: "Wang J", Style: "vancouver"}},
		{"vancouver question title", "Lee K, et al. Is aspirin safe? Lancet. 2001;357:12. doi:10.1/x",
			Ref{Title: "Is aspirin safe?", Year: 2001, Author: "Lee K", Style: "vancouver"}},
		{"vancouver year in volume", "Smith J. Trials of aspirin in stroke. Cochrane Database Syst Rev. 2015;2019(3):CD001. doi:10.1002/x",
			Ref{Title: "Trials of aspirin in stroke", Year: 2015, Author: "Smith J", Style: "vancouver"}},
		{"nature", "Family, A. B., Other, C. & Last, D. Title of the paper. Nature 123, 45–67 (2019).",
			Ref{Title: "Title of the paper", Year: 2019, Author: "Family", Style: "nature"}},
		{"nature with doi after", "Müller, H.-P. & Okafor, A. Spin waves: a review. Nat. Phys. 12, 1 (2016). https://doi.org/10.1038/x",
			Ref{Title: "Spin waves: a review", Year: 2016, Author: "Müller", Style: "nature"}},
		{"chicago", `Mazein, Ilya, Adrien Rougny, et al. “Graph Databases in Systems Biology: A Systematic Review.” Briefings in Bioinformatics 25, no. 6 (November 1, 2024): bbae561. https://doi.org/10.1093/bib/bbae561.`,
			Ref{Title: "Graph Databases in Systems Biology: A Systematic Review", Year: 2024, Author: "Mazein", Style: "quoted"}},
		{"ieee", `A. Okafor and B. Smith, "Charges ride the spin wave," IEEE Trans. Magn., vol. 12, no. 3, pp. 45–67, 2019, doi: 10.1109/x.`,
			Ref{Title: "Charges ride the spin wave", Year: 2019, Author: "A. Okafor", Style: "quoted"}},
		{"quoted, year and volume differ", `Smith, J. "Trials of aspirin in stroke." Journal 2019, no. 3, 2015: 1–5.`,
			Ref{Title: "Trials of aspirin in stroke", Author: "Smith", Style: "quoted"}},
		{"quoted, pages look like years", `Smith, J. "Trials of aspirin in stroke." In Proc. IJCNN, pp. 1975–1980.`,
			Ref{Title: "Trials of aspirin in stroke", Author: "Smith", Style: "quoted"}},
		{"two-word title", "Smith, J. (2019). Spin waves. J. Phys.", Ref{Title: "Spin waves", Year: 2019, Author: "Smith", Style: "apa"}},
		{"period inside a title word", "Ishihara, S. (1993). ART1.5SSS for Kansei engineering expert system. In Proc.",
			Ref{Title: "ART1.5SSS for Kansei engineering expert system", Year: 1993, Author: "Ishihara", Style: "apa"}},
		{"title ends the line", "Smith, J. (2019). Spin waves in films.", Ref{Title: "Spin waves in films", Year: 2019, Author: "Smith", Style: "apa"}},
		{"quoted, two parenthesised years", `Smith, J. "Trials of aspirin in stroke." Journal (2018) (2017).`,
			Ref{Title: "Trials of aspirin in stroke", Author: "Smith", Style: "quoted"}},
		{"group author", "World Health Organization. (2019). Global tuberculosis report 2019. WHO. doi:10.1/x",
			Ref{Title: "Global tuberculosis report 2019", Year: 2019, Style: "apa"}},
		{"group author with persons", "The Gene Ontology Consortium, Carbon, S. (2019). The Gene Ontology Resource: 20 years and still GOing strong. NAR.",
			Ref{Title: "The Gene Ontology Resource: 20 years and still GOing strong", Year: 2019, Style: "apa"}},
		{"two-letter author, quoted", `Li, "Spin waves in films," J. Phys., 2019.`, Ref{Title: "Spin waves in films", Year: 2019, Author: "Li", Style: "quoted"}},
		{"two-letter journal", "Smith J. Spin waves in films. BJ. 2019;1:2.", Ref{Title: "Spin waves in films", Year: 2019, Author: "Smith J", Style: "vancouver"}},
		{"vancouver, a later year mark", "Smith J. Spin waves in films. 2018. Lancet. 2019;1:2.", Ref{Title: "Spin waves in films. 2018", Year: 2019, Author: "Smith J", Style: "vancouver"}},
		{"title opening with a quoted word", `Smith, J. (2019). "Omics" data integration in plants. J. Exp. Bot.`,
			Ref{Title: `"Omics" data integration in plants`, Year: 2019, Author: "Smith", Style: "apa"}},
		{"title opening with an emphasised word", "Smith, J. (2019). *Arabidopsis* roots in drought. Plant J.",
			Ref{Title: "Arabidopsis roots in drought", Year: 2019, Author: "Smith", Style: "apa"}},
		{"harvard single quote as apostrophe", "Smith, J. (2019) 'Tis the season of spin waves. J.",
			Ref{Title: "'Tis the season of spin waves", Year: 2019, Author: "Smith", Style: "apa"}},
		{"quoted title followed by a comma", `Smith, J. (2019). “Spin waves in films”, Phys. Rev.`,
			Ref{Title: "Spin waves in films", Year: 2019, Author: "Smith", Style: "apa"}},
		{"emphasised title at the end", "Smith, J. (2019). *Spin waves in films*",
			Ref{Title: "Spin waves in films", Year: 2019, Author: "Smith", Style: "apa"}},
		{"emphasised title ending in a question", "Smith, J. (2019). *Do spin waves drag charges?* Phys. Rev.",
			Ref{Title: "Do spin waves drag charges?", Year: 2019, Author: "Smith", Style: "apa"}},
		{"quoted title ending in an exclamation", `Smith, J. (2019). "Spin waves drag charges!" Phys. Rev.`,
			Ref{Title: "Spin waves drag charges!", Year: 2019, Author: "Smith", Style: "apa"}},
		{"numbered", "1. Family AB. Title of the paper. Lancet. 2019;1:2.", Ref{Title: "Title of the paper", Year: 2019, Author: "Family AB", Style: "vancouver"}},
		{"bracket numbered", "[12] Family, A. (2019). Title of the paper. J.", Ref{Title: "Title of the paper", Year: 2019, Author: "Family", Style: "apa"}},
		{"link title", "- Family, A. (2019). [Title of the paper](https://example.org/x). J.", Ref{Title: "Title of the paper", Year: 2019, Author: "Family", Style: "apa"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Parse(tt.give)
			if !ok {
				t.Fatalf("Parse(%q) refused", tt.give)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Ref{}, "Authors", "Journal", "Volume", "Issue", "Pages", "Preprint")); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.give, diff)
			}
		})
	}
}

// TestParseLength: a block of MaxBlock bytes is read, one byte more is
// not.
func TestParseLength(t *testing.T) {
	head, tail := "Smith, J. (2019). Spin waves ", ". J."
	fill := strings.Repeat("x", MaxBlock-len(head)-len(tail))
	if _, ok := Parse(head + fill + tail); !ok {
		t.Errorf("a block of %d bytes refused", MaxBlock)
	}
	if _, ok := Parse(head + fill + "x" + tail); ok {
		t.Errorf("a block of %d bytes read", MaxBlock+1)
	}
}

// TestParseRefuses: lines whose title and year cannot be told apart are
// not read, so they are never compared.
func TestParseRefuses(t *testing.T) {
	tests := []struct{ name, give string }{
		{"no authors", "GlyGen: Computational and Informatics Resources for Glycoscience, Glycobiology, Volume 30, Issue 2, February 2020, Pages 72–73, https://doi.org/10.1093/glycob/cwz080"},
		{"prose", "We used the method of (2019) described elsewhere. doi:10.1/x"},
		{"sentence naming an author", "See Smith (2019). The paper shows it. doi:10.1/x"},
		{"sentence naming an author list", "In Smith, J. & Jones, K. (2019). It was shown. doi:10.1/x"},
		{"two names, no list", "Hans Smith (2019). Spin waves in films. doi:10.1/x"},
		{"prose with lower-case words before the year", "see the review by Smith et al. (2019). It is good. doi:10.1/x"},
		{"bare doi", "doi:10.1234/abc"},
		{"author is an initial", `A. "Spin waves in films." J. Phys. 2019.`},
		{"year mark first", "(2019). Spin waves in films. doi:10.1/x"},
		{"quote opens nothing", `Smith, J. ”Spin waves in films.” J. 2019.`},
		{"quote never closes", `Smith, J. "Spin waves in films. J. 2019.`},
		{"quote closed by an opening quote", `Smith, J. "Spin waves “in films. J. 2019.`},
		{"vancouver journal of one letter", "Smith J. Spin waves in films. J. 2019;1:2."},
		{"vancouver journal not after a space", "Smith J. Spin waves in films.Lancet. 2019;1:2."},
		{"vancouver journal after a semicolon", "Smith J. Spin waves; Lancet. 2019;1:2."},
		{"one-word title", "Smith, J. (2019). Magnons. Nature. doi:10.1/x"},
		{"vancouver without journal year", "Smith J. Deep learning. 1999. doi:10.1/x"},
		{"vancouver with a year only in the volume", "Smith J. Trials of aspirin. Cochrane Database Syst Rev 2019(3):CD001. doi:10.1/x"},
		{"vancouver second author not a name", "Smith J, the best. Trials of aspirin. Lancet. 2019;1:2."},
		{"nature without a year", "Family, A. B. & Other, C. Title of the paper. Nature 123, 45–67."},
		{"author with digits", "Smith2, J. (2019). Title of the paper. J."},
		{"implausible year", "Smith, J. (1066). Title of the paper. J. doi:10.1/x"},
		{"empty", ""},
		{"too long", "Smith, J. (2019). " + strings.Repeat("word ", 500) + ". J."},
		{"unclosed emphasis", "Smith, J. (2019). *Title of the paper. J."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := Parse(tt.give); ok {
				t.Errorf("Parse(%q) = %+v, want refused", tt.give, got)
			}
		})
	}
}

func TestYear(t *testing.T) {
	tests := []struct {
		give string
		want int
	}{{"1800", 1800}, {"2100", 2100}, {"1799", 0}, {"2101", 0}, {"20x9", 0}, {"", 0}}
	for _, tt := range tests {
		if got := year(tt.give); got != tt.want {
			t.Errorf("year(%q) = %d, want %d", tt.give, got, tt.want)
		}
	}
}

func TestIsInitials(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{{"A.", true}, {"AB", true}, {"ABC", true}, {"H.-P.", true}, {"ABCD", false}, {"Ab", false}, {"", false}, {".", false}}
	for _, tt := range tests {
		if got := isInitials(tt.give); got != tt.want {
			t.Errorf("isInitials(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

func TestFirstAuthor(t *testing.T) {
	tests := []struct{ give, want string }{
		{"Smith, J., & Jones, K.", "Smith"},
		{"Nee & May", "Nee"},
		{"Smith and Jones", "Smith"},
		{"Lee K et al.", "Lee K"},
		{" Lee K et al ", "Lee K"},
		{"Stadler", "Stadler"},
	}
	for _, tt := range tests {
		if got := firstAuthor(tt.give); got != tt.want {
			t.Errorf("firstAuthor(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}
