package extract_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestLineBreakRejoined: a DOI a PDF line break cut is read whole, at the
// line it starts on, when the next line opens with its rest; a whole DOI
// followed by the next reference, a list number, a tag, a page number or
// another DOI stays as it is.
func TestLineBreakRejoined(t *testing.T) {
	type found struct {
		DOI  string
		Line int
	}
	tests := []struct {
		name, give string
		want       []found
	}{
		{"after the dot", "Journal, 36(3). https://doi.org/10.1002/hpja.\n70059", []found{{"10.1002/hpja.70059", 1}}},
		{"after the slash", "Journal, 36(3). https://doi.org/10.1002/\nhpja.70059", []found{{"10.1002/hpja.70059", 1}}},
		{"mid-suffix, the rest alone at the end", "Journal. doi:10.1002/hpja.700\n59", []found{{"10.1002/hpja.70059", 1}}},
		{"mid-suffix, the rest alone before a blank line", "Journal. doi:10.1002/hpja.700\n59.\n\nNext", []found{{"10.1002/hpja.70059", 1}}},
		{"after the slash, a capital rest with digits", "doi:10.1109/\nICSMC.1991.169910.", []found{{"10.1109/icsmc.1991.169910", 1}}},
		{"after the dot, the next reference on the rest's line", "x. doi:10.1016/j.\nneunet.2009.08.007. Smith J. Next.", []found{{"10.1016/j.neunet.2009.08.007", 1}}},
		{"indented rest", "x. doi:10.1016/j.\n   neunet.2009.08.007", []found{{"10.1016/j.neunet.2009.08.007", 1}}},
		{"CRLF", "x. doi:10.1002/hpja.\r\n70059\r\n", []found{{"10.1002/hpja.70059", 1}}},

		{"a whole DOI before the next reference", "x. doi:10.1002/hpja.70059\nKwok C, Xu X. Next. 2025.", []found{{"10.1002/hpja.70059", 1}}},
		{"a whole DOI with a period before the next reference", "x. doi:10.1002/hpja.70059.\nKwok C, Xu X. Next. 2025.", []found{{"10.1002/hpja.70059", 1}}},
		{"a whole DOI before a numbered item", "1. x. doi:10.1002/hpja.70059.\n2. Kwok C. Next. 2025.", []found{{"10.1002/hpja.70059", 1}}},
		{"a whole DOI before a bracketed number", "[1] x. doi:10.1002/hpja.70059\n[2] Kwok C. Next. 2025.", []found{{"10.1002/hpja.70059", 1}}},
		{"a whole DOI before a RIS tag", "DO  - 10.1016/S0006-3207(02)00361-0\nL1  - file:///C:/x.pdf", []found{{"10.1016/s0006-3207(02)00361-0", 1}}},
		{"a whole DOI before a page number inside a paragraph", "x. doi:10.1002/hpja.70059\n12\nKwok C. Next. 2025.", []found{{"10.1002/hpja.70059", 1}}},
		{"a DOI list", "10.1021/ja01577a030\n10.1021/ci025584y", []found{{"10.1021/ja01577a030", 1}, {"10.1021/ci025584y", 2}}},
		{"a whole DOI before prose", "see doi:10.1002/hpja.70059\nand more words", []found{{"10.1002/hpja.70059", 1}}},
		{"a sentence's period before a lower-case word", "see doi:10.1002/hpja.70059.\nthen we read it", []found{{"10.1002/hpja.70059", 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []found
			for _, f := range extract.Extract(tt.give) {
				if f.Invalid == "" {
					got = append(got, found{f.DOI, f.Line})
				}
			}
			if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("Extract(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyLineBreakRejoined: a DOI cut anywhere in its suffix by a
// line break, its rest alone on the last line, is read whole; the same
// DOI whole, followed by a line that opens with a name, is read as it is.
func TestPropertyLineBreakRejoined(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		suffix := rapid.StringMatching(`[a-z]{2,6}\.[0-9]{3,8}`).Draw(t, "suffix")
		d := "10." + rapid.StringMatching(`[1-9][0-9]{3,4}`).Draw(t, "registrant") + "/" + suffix
		cut := rapid.IntRange(len(d)-len(suffix), len(d)-1).Draw(t, "cut")
		lead := rapid.SampledFrom([]string{"doi:", "https://doi.org/", "DOI: "}).Draw(t, "lead")
		text := "Kwok C, Xu X. A title. Journal. 2025;36:e1. " + lead + d[:cut] + "\n" + d[cut:]
		got := extract.Extract(text)
		if len(got) != 1 || got[0].DOI != d || got[0].Line != 1 {
			t.Fatalf("Extract(%q) = %+v, want %s on line 1", text, got, d)
		}
		next := rapid.SampledFrom([]string{"Smith J", "Okafor, A.", "van der Berg A", "2. Lee K", "[3] Lee K"}).Draw(t, "next")
		text = "x. " + lead + d + rapid.SampledFrom([]string{"", "."}).Draw(t, "end") + "\n" + next + ". Another title. 2020."
		if got := extract.Extract(text); len(got) != 1 || got[0].DOI != d {
			t.Fatalf("Extract(%q) = %+v, want %s alone", text, got, d)
		}
	})
}
