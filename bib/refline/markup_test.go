package refline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestMarkupAroundAReference: a reference wrapped in any markup reads as
// the reference alone.
func TestMarkupAroundAReference(t *testing.T) {
	ref := "Kwok C, Xu X. Co-designed screening promotion. Health Promot J Austr. 2025;36(3):e70059. doi:10.1002/hpja.70059"
	want, why := Read(ref)
	if why != "" {
		t.Fatalf("Read(%q): %s", ref, why)
	}
	tests := []struct{ open, close string }{
		{"• ", ""}, {"◦ ", ""}, {"▪ ", ""}, {"‣ ", ""}, {"⁃ ", ""}, {"– ", ""}, {"— ", ""}, {"· ", ""},
		{"(1) ", ""}, {"1 ", ""}, {"123 ", ""}, {"1. ", ""}, {"1) ", ""}, {"[1] ", ""}, {"[12]\t", ""},
		{"**1.** ", ""}, {"**1**. ", ""}, {"__1.__ ", ""}, {"[^1]: ", ""}, {"[^kwok]: ", ""},
		{"- [x] ", ""}, {"- [ ] ", ""}, {"* [X] ", ""}, {"| 1 | ", " |"}, {"| ", " |"}, {"|1|", "|"},
		{"<li>", "</li>"}, {"<p>", "</p>"}, {"", "<br>"}, {"", "<br/>"}, {`<li id="r1">`, "</li>"}, {"<p><b>1.</b> ", "</p>"},
		{"*", "*"}, {"- • ", ""},
	}
	for _, tt := range tests {
		got, why := Read(tt.open + ref + tt.close)
		if why != "" {
			t.Errorf("Read(%q): %s", tt.open+ref+tt.close, why)
			continue
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Read(%q) (-want +got):\n%s", tt.open+ref+tt.close, d)
		}
	}
}

// TestOpensItem: markup opens an item; a reference's own first word, a
// quote, a year, a page range or a conjunction does not.
func TestOpensItem(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"• Smith J. Title.", true}, {"(1) Smith J.", true}, {"1 Smith J.", true}, {"**1.** Smith", true},
		{"[^1]: Smith", true}, {"- [x] Smith", true}, {"| 1 | Smith |", true}, {"<li>Smith J.", true},
		{"Smith J. Title.", false}, {"1 smith", false}, {"2018;12:1-9.", false}, {"12, 45–67 (2019).", false},
		{"(2019). Title.", false}, {"& Lee, M. (2020).", false}, {"“Title,” Journal", false}, {"45–67.", false},
		{"1", false}, {"•", false}, {"2019 Jan;12(3):45.", false}, {"A. Smith, B. Jones.", false},
	}
	for _, tt := range tests {
		if got := OpensItem(tt.give); got != tt.want {
			t.Errorf("OpensItem(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestNamesFirst: a reference opens with names, a sentence of prose does
// not.
func TestNamesFirst(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9.", true},
		{"Smith, J.; Jones, K. A Paper. Ann. Oncol. 2018, 12, 1-9.", true},
		{"Smith J, Jones K u. a. (2018) Title.", true},
		{"Smith J, Jones K：Title．Ann Oncol，2018．", true},
		{"https://doi.org/10.1/x Smith J. Title. Lancet. 2018.", true},
		{"We showed in 2019 (doi:10.1/x) that it works.", false},
		{"The data of Smith (2019) were used.", false},
		{"See Smith, J. (2019). Title.", false},
		{"Figure 1 shows data from 2019.", false},
		{"Data were from Smith et al. (2019).", false},
	}
	for _, tt := range tests {
		if got := NamesFirst(tt.give); got != tt.want {
			t.Errorf("NamesFirst(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestNoDate: a reference with no year yet or none known reads, its year
// left 0.
func TestNoDate(t *testing.T) {
	for _, give := range []string{
		"Smith, J. (n.d.). Title of the paper. Journal.",
		"Smith, J. (in press). Title of the paper. Journal.",
		"Smith, J., & Lee, K. (Forthcoming). Title of the paper. Journal.",
		"Smith J. Title of the paper. Lancet Oncol. Forthcoming.",
		"Smith J, Lee K. Title of the paper. Lancet. In press.",
	} {
		r, why := Read(give)
		if why != "" || r.Year != 0 || r.Title != "Title of the paper" {
			t.Errorf("Read(%q) = %+v, %q; want its title, year 0", give, r, why)
		}
	}
}

// TestVenueNameHoldsCommaOrParenthesis (B2, B3): a comma before more of a
// venue's name, and a parenthesis of words, are the name's; a comma
// before numbers or a place, and a parenthesis of numbers, end it.
func TestVenueNameHoldsCommaOrParenthesis(t *testing.T) {
	tests := []struct{ give, want string }{
		{"Rauch, S. (2023). Suspension syndrome. Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine. https://doi.org/10.1/x", "Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine"},
		{"Rauch, S. (2023). Suspension syndrome. *Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine*, *31*, 3.", "Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine"},
		{"Rauch, S. (2023). Suspension syndrome. Journal of Physics, Condensed Matter, 31, 3.", "Journal of Physics"},
		{"Roth, G. (2024). Global burden. *Lancet (London, England)*, *404*, 1–9.", "Lancet (London, England)"},
		{"Carreras, G. (2025). Second-hand smoke. *European Journal of Cancer Prevention : The Official Journal of the European Cancer Prevention Organisation (ECP)*. https://doi.org/10.1/x", "European Journal of Cancer Prevention : The Official Journal of the European Cancer Prevention Organisation (ECP)"},
		{"Smith, J. (2019). Title here. Nature, 12(3), 45–67.", "Nature"},
		{"Smith, J. (2019). Title here. Wiley-IEEE Press, Hoboken, NJ.", "Wiley-IEEE Press"},
		{"Smith, J. (2019). Title here. Journal of X, vol. 12, no. 3, pp. 1–5.", "Journal of X"},
	}
	for _, tt := range tests {
		r, why := Read(tt.give)
		if why != "" || r.Journal != tt.want {
			t.Errorf("Read(%q) venue %q (%s), want %q", tt.give, r.Journal, why, tt.want)
		}
	}
}

// TestPropertyMarkupIsNotRead: any run of markers before a reference, and
// closing tags or pipes after it, change nothing Read reads.
func TestPropertyMarkupIsNotRead(t *testing.T) {
	ref := "Okafor A, Lee K. Magnon drag at scale. Nature. 2020;3(2):4-9."
	want, _ := Read(ref)
	rapid.Check(t, func(t *rapid.T) {
		open := ""
		for range rapid.IntRange(1, 3).Draw(t, "markers") {
			open += rapid.SampledFrom([]string{"•", "◦", "▪", "-", "*", "+", "–", ">", "|", "1.", "(2)", "[3]", "**4.**", "[^5]:", "[x]", "[ ]", "<li>", "<p>", "7"}).Draw(t, "marker") + " "
		}
		closing := rapid.SampledFrom([]string{"", " |", "</li>", "</p>", "<br>"}).Draw(t, "close")
		got, why := Read(open + ref + closing)
		if why != "" || !cmp.Equal(want, got) {
			t.Fatalf("Read(%q) = %+v, %q; want %+v", open+ref+closing, got, why, want)
		}
	})
}
