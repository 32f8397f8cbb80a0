package bib

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/doi/extract"
)

// TestUnreadReferenceKeepsItsDOIs (A1, A2): a reference line refline does
// not read but that is shaped like one is an entry with its first DOI as
// its own and its others beside it; prose citing a DOI is none.
func TestUnreadReferenceKeepsItsDOIs(t *testing.T) {
	const why = "no author list, year and title in a known reference style"
	gbt := "[1] SMITH J, JONES K. A paper[J]. Annals of Oncology, 2018, 12(3): 1-9."
	tests := []struct {
		name, give string
		want       []Entry
	}{
		{"under a heading", "# References\n\n" + gbt + " DOI:10.1234/a.\n",
			[]Entry{{Label: "line 3", Line: 3, DOI: "10.1234/a", RawDOI: "10.1234/a", Text: gbt + " DOI:10.1234/a.", Unread: why, last: 3}}},
		{"two DOIs", "# References\n\n" + gbt + " DOI:10.1234/a. Erratum in: DOI:10.1234/b.\n",
			[]Entry{{Label: "line 3", Line: 3, DOI: "10.1234/a", RawDOI: "10.1234/a", Text: gbt + " DOI:10.1234/a. Erratum in: DOI:10.1234/b.", Unread: why, last: 3,
				others: []extract.Found{{DOI: "10.1234/b", Raw: "10.1234/b"}}, beside: []string{"10.1234/b"}}}},
		{"a list item without a heading", "- SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9. doi:10.1234/a\n",
			[]Entry{{Label: "line 1", Line: 1, DOI: "10.1234/a", RawDOI: "10.1234/a", Text: "- SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9. doi:10.1234/a", Unread: why, last: 1}}},
		{"a paragraph without a heading: looked up only", "SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9. doi:10.1234/a\n", nil},
		{"a no-DOI reference without a heading is a row", "SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9.\n",
			[]Entry{{Label: "line 1", Line: 1, Text: "SMITH J, JONES K. A paper[J]. Annals, 2018, 12: 1-9.", Unread: why, last: 1}}},
		{"prose with a DOI", "We used the data of doi:10.1234/a in 2019 for this.\n", nil},
		{"prose list item with a DOI", "- We used the data of doi:10.1234/a in 2019.\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := referenceLines(tt.give)
			if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty(), cmp.AllowUnexported(Entry{})); d != "" {
				t.Errorf("referenceLines(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestCutsKeepOneReferenceWhole: a reference wrapped over lines, its DOI on
// a line of its own, a line a PDF printed twice, a list whose numbers wrap
// onto a line: one entry each.
func TestCutsKeepOneReferenceWhole(t *testing.T) {
	tests := []struct {
		name, give string
		want       []int // entry lines
	}{
		{"APA title wrapped", "Smith, J. (2019). Spin waves in\nfilms. Journal of Physics, 1, 2.\nhttps://doi.org/10.1234/a\n", []int{1}},
		{"Vancouver wrapped before the journal", "Smith J, Lee K. Spin waves in films.\nJ Phys. 2019;1:2. doi:10.1234/a\n", []int{1}},
		{"author list wrapped", "Smith, J., Lee, K.,\n& Okafor, A. (2019). Spin waves. J. Phys., 1, 2.\n", []int{1}},
		{"a line printed twice", "Smith, J. (2019). Spin waves in films. J. Phys. on\nSmith, J. (2019). Spin waves in films. J. Phys. on\nPhysics, 1, 2. doi:10.1234/a\n", []int{1}},
		{"a DOI then a page number", "Smith J. Spin waves in films. J Phys. 2019;1:2. doi:10.1234/a\n12\n", []int{1}},
		{"a DOI then Epub", "Smith J. Spin waves in films. J Phys. 2019;1:2. doi:10.1234/a. Epub 2019 Jan 5.\n", []int{1}},
		{"a DOI then PMID", "Smith J. Spin waves in films. J Phys. 2019;1:2. doi:10.1234/a\nPMID: 12345678.\n", []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			for _, e := range referenceLines("# References\n\n" + tt.give) {
				got = append(got, e.Line-2)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("referenceLines(%q) lines (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyConsecutiveReferences (A3, C2): references one a line, with
// no blank line between, in any of the styles refline reads, with or
// without a DOI, are an entry each, at their own line, with their own DOI.
func TestPropertyConsecutiveReferences(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "references")
		var lines []string
		var want []string
		for i := range n {
			fam := rapid.SampledFrom([]string{"Smith", "Okafor", "Nguyen", "Garcia-Lopez", "van der Berg"}).Draw(t, "family")
			title := rapid.SampledFrom([]string{"Spin waves in films", "Charges ride the wave", "Magnon drag at scale"}).Draw(t, "title")
			y := strconv.Itoa(2000 + i)
			var line string
			switch rapid.IntRange(0, 2).Draw(t, "style") {
			case 0:
				line = fam + ", A. (" + y + "). " + title + ". Journal of Physics, 1, 2."
			case 1:
				line = strings.ToUpper(fam[:1]) + fam[1:] + " A, Lee K. " + title + ". J Phys. " + y + ";1:2."
			default:
				line = strings.ToUpper(fam[:1]) + fam[1:] + ", A. & Lee, K. " + title + ". Nat. Phys. 1, 2 (" + y + ")."
			}
			d := ""
			if rapid.Bool().Draw(t, "doi") {
				d = "10.1234/r" + strconv.Itoa(i)
				line += " " + rapid.SampledFrom([]string{"doi:", "https://doi.org/", "DOI: "}).Draw(t, "lead") + d
			}
			lines = append(lines, line)
			want = append(want, strconv.Itoa(i+3)+" "+d)
		}
		text := "# References\n\n" + strings.Join(lines, "\n") + "\n"
		var got []string
		for _, e := range referenceLines(text) {
			if e.Unread != "" {
				t.Fatalf("referenceLines(%q): %+v not read", text, e)
			}
			got = append(got, strconv.Itoa(e.Line)+" "+e.DOI)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("referenceLines(%q) (-want +got):\n%s", text, d)
		}
	})
}
