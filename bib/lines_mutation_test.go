package bib

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/bib/refline"
)

// The tests of this file hold the rules of lines.go that mutation testing
// found no test for. Run over bib, mutating lines.go alone:
//
//	GOFLAGS=-count=1 gremlins unleash --workers 1 --timeout-coefficient 4 \
//	  -E 'bbl\.go$' -E 'bibfile\.go$' -E 'cff\.go$' -E 'doc\.go$' -E 'entry\.go$' \
//	  -E 'json\.go$' -E 'parse\.go$' -E 'refline/' ./bib
//
// gremlins leaves no survivor in lines.go. It does not mutate switch case
// expressions (coverage counts no statement there); a hand run of those
// 19 mutants found them all killed.

// TestReferenceSections: which lines lie in a reference list.
func TestReferenceSections(t *testing.T) {
	tests := []struct {
		name string
		give []string
		want []bool
	}{
		{"markdown heading and its subsection",
			[]string{"# Intro", "text", "# References", "- a", "## The ZOMBI lineage", "- b", "# Appendix", "c"},
			[]bool{false, false, true, true, true, true, false, false}},
		{"a higher heading with a long title ends the list",
			[]string{"## References", "- a", "# Supplementary material and methods for this study", "c"},
			[]bool{true, true, false, false}},
		{"a heading of the same level ends the list",
			[]string{"## References", "- a", "## Funding", "c"},
			[]bool{true, true, false, false}},
		{"a line of its own between blank lines",
			[]string{"text", "", "Works cited", "", "- a"},
			[]bool{false, false, true, true, true}},
		{"a line of its own before a blank line",
			[]string{"text", "References", "", "- a"},
			[]bool{false, true, true, true}},
		{"the first line", []string{"Bibliography", "- a"}, []bool{true, true}},
		{"the last line", []string{"text", "References"}, []bool{false, true}},
		{"the word inside prose is no heading",
			[]string{"text", "References", "more text"},
			[]bool{false, false, false}},
		{"a subsection under a plain heading ends it",
			[]string{"References", "", "- a", "## Notes", "b"},
			[]bool{true, true, true, false, false}},
		{"a numbered and bold heading",
			[]string{"**7. Literature cited**", "", "- a"},
			[]bool{true, true, true}},
		{"a LaTeX section", []string{`\section*{References}`, "- a"}, []bool{true, true}},
		{"a heading of maxHeading bytes", []string{"1. Literature cited " + strings.Repeat("x", maxHeading-20), "- a"}, []bool{true, true}},
		{"a line too long for a heading", []string{"1. Literature cited " + strings.Repeat("x", maxHeading-19), "- a"}, []bool{false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, referenceSections(tt.give)); d != "" {
				t.Errorf("referenceSections(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// padded is prefix, then words of x filling it to n bytes, then suffix.
func padded(prefix, suffix string, n int) string {
	fill := n - len(prefix) - len(suffix)
	var b strings.Builder
	for b.Len() < fill {
		w := min(fill-b.Len(), 9)
		if w > 1 && b.Len()+w < fill {
			b.WriteString(strings.Repeat("x", w-1) + " ")
		} else {
			b.WriteString(strings.Repeat("x", w))
		}
	}
	return prefix + b.String() + suffix
}

func TestPadded(t *testing.T) {
	for _, n := range []int{50, 399, 400, 401, 2000} {
		if got := padded("a ", " b", n); len(got) != n {
			t.Errorf("len(padded(…, %d)) = %d", n, len(got))
		}
	}
}

// entryOf is the entry of a reference line read in full.
func entryOf(line int, text string, r refline.Ref) Entry {
	e := Entry{Label: "line " + itoa(line), Line: line, Text: text}
	e.fromRef(r)
	return e
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// TestReferenceLinesEntries: the entries a Markdown or text document's
// reference lines give: their fields and start lines, which lines are
// references and which are prose, and where run-together references are
// cut.
func TestReferenceLinesEntries(t *testing.T) {
	const head = "# References\n\n"
	longHeading := "1. Literature cited " + strings.Repeat("x", maxHeading-len("1. Literature cited "))
	para400 := padded("Notes on the data of 2019: ", ".", 400)
	para401 := padded("Notes on the data of 2019: ", ".", 401)
	// A block of two lines and exactly refline.MaxBlock bytes is read whole.
	long1 := padded("Smith, J. (2019). Spin waves ", "", refline.MaxBlock-len("\nin films. J. Phys., 1, 2. doi:10.1234/abc"))
	long := long1 + "\nin films. J. Phys., 1, 2. doi:10.1234/abc"
	// Two references run together in one line of exactly MaxBlock bytes are
	// cut apart.
	runFirst := "Smith, J. (2019). Spin waves in films. J. Phys., 1, 2."
	runSecond := padded("Jones, K., & Lee, M. (2020). Charges ride ", " the wave. Nat. Phys., 3, 4.", refline.MaxBlock-len(runFirst)-1)

	tests := []struct {
		name, give string
		want       []Entry
	}{
		{"run together in a wrapped paragraph",
			head + "Smith, J. (2019). Spin waves in films. J. Phys., 1, 2. Jones, K., & Lee, M. (2020). Charges ride\nthe wave. Nat. Phys., 3, 4. Okafor, A. (2021). Magnon drag at scale. Nature, 5, 6.\n",
			[]Entry{
				{Label: "line 3", Line: 3, Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J. Phys", Volume: "1", Pages: "2", Year: 2019, Type: TypeArticle,
					Text: "Smith, J. (2019). Spin waves in films. J. Phys., 1, 2."},
				{Label: "line 3", Line: 3, Title: "Charges ride the wave", Authors: []string{"Jones, K.", "Lee, M."}, Journal: "Nat. Phys", Volume: "3", Pages: "4", Year: 2020, Type: TypeArticle,
					Text: "Jones, K., & Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4."},
				{Label: "line 4", Line: 4, Title: "Magnon drag at scale", Authors: []string{"Okafor, A."}, Journal: "Nature", Volume: "5", Pages: "6", Year: 2021, Type: TypeArticle,
					Text: "Okafor, A. (2021). Magnon drag at scale. Nature, 5, 6."},
			}},
		{"two references with one parenthesis each",
			"Smith, J. (2019). Spin waves in films. J. Phys. Jones, K. (2020). Charges ride the wave. Nat. Phys.\n",
			[]Entry{
				{Label: "line 1", Line: 1, Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J. Phys", Year: 2019,
					Text: "Smith, J. (2019). Spin waves in films. J. Phys."},
				{Label: "line 1", Line: 1, Title: "Charges ride the wave", Authors: []string{"Jones, K."}, Journal: "Nat. Phys", Year: 2020,
					Text: "Jones, K. (2020). Charges ride the wave. Nat. Phys."},
			}},
		{"a line running two references with their DOIs together",
			"- Smith, J. (2019). Spin waves in films. J. Phys., 1, 2. https://doi.org/10.1234/a. Jones, K., & Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4. https://doi.org/10.1234/b\n",
			[]Entry{
				{Label: "line 1", Line: 1, DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J. Phys", Volume: "1", Pages: "2", Year: 2019, Type: TypeArticle,
					Text: "- Smith, J. (2019). Spin waves in films. J. Phys., 1, 2. https://doi.org/10.1234/a."},
				{Label: "line 1", Line: 1, DOI: "10.1234/b", RawDOI: "10.1234/b", Title: "Charges ride the wave", Authors: []string{"Jones, K.", "Lee, M."}, Journal: "Nat. Phys", Volume: "3", Pages: "4", Year: 2020, Type: TypeArticle,
					Text: "Jones, K., & Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4. https://doi.org/10.1234/b"},
			}},
		{"a block of MaxBlock bytes is one reference", head + long + "\n",
			[]Entry{func() Entry {
				r, _ := refline.Read(long)
				e := entryOf(3, strings.Join(strings.Fields(long), " "), r)
				e.DOI, e.RawDOI = "10.1234/abc", "10.1234/abc"
				return e
			}()}},
		{"a line of MaxBlock bytes running two references is cut", head + runFirst + " " + runSecond + "\n",
			[]Entry{
				{Label: "line 3", Line: 3, Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J. Phys", Volume: "1", Pages: "2", Year: 2019, Type: TypeArticle, Text: runFirst},
				func() Entry { r, _ := refline.Read(runSecond); return entryOf(3, runSecond, r) }(),
			}},
		{"a paragraph of three words under the heading is unread", head + "Smith 2019 notes\n",
			[]Entry{{Label: "line 3", Line: 3, Text: "Smith 2019 notes", Unread: "no author list, year and title in a known reference style"}}},
		{"a paragraph of two words is nothing", head + "Smith 2019\n", nil},
		{"a numbered heading in a text file is no reference", "7. Literature cited\n\n1. Smith 2019 notes\n",
			[]Entry{{Label: "line 3", Line: 3, Text: "1. Smith 2019 notes", Unread: "no author list, year and title in a known reference style"}}},
		{"a heading of maxHeading bytes is a heading", head + longHeading + "\n", nil},
		{"a line one byte longer is a list item", head + longHeading + "x\n",
			[]Entry{{Label: "line 3", Line: 3, Text: longHeading + "x", Unread: "no author list, year and title in a known reference style"}}},
		{"an invalid labelled DOI is kept as written",
			head + "- Smith, J. (2019). Spin waves in films. J. Phys., 1, 2. doi: 10.1111bjhp.12807\n",
			[]Entry{{Label: "line 3", Line: 3, RawDOI: "10.1111bjhp.12807", Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J. Phys", Volume: "1", Pages: "2", Year: 2019, Type: TypeArticle,
				Text: "- Smith, J. (2019). Spin waves in films. J. Phys., 1, 2. doi: 10.1111bjhp.12807"}}},
		{"a paragraph of 400 bytes with a year is unread", head + para400 + "\n",
			[]Entry{{Label: "line 3", Line: 3, Text: para400, Unread: "no author list, year and title in a known reference style"}}},
		{"a paragraph of 401 bytes is the list's prose", head + para401 + "\n", nil},
		{"a paragraph without a year is prose", head + "These are the works we cite in the text.\n", nil},
		{"n.d. is a year", head + "Smith J. Notes on spin, n.d. online\n",
			[]Entry{{Label: "line 3", Line: 3, Text: "Smith J. Notes on spin, n.d. online", Unread: "no author list, year and title in a known reference style"}}},
		{"a group author names nobody",
			head + "- World Health Organization. (2019). Global tuberculosis report 2019. WHO.\n",
			[]Entry{{Label: "line 3", Line: 3, Title: "Global tuberculosis report 2019", Journal: "WHO", Year: 2019,
				Text: "- World Health Organization. (2019). Global tuberculosis report 2019. WHO."}}},
		{"a preprint names its server",
			"Smith, J. (2019). Spin waves in films. bioRxiv.\n",
			[]Entry{{Label: "line 1", Line: 1, Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "bioRxiv", Publisher: "bioRxiv", Year: 2019, Type: TypePreprint,
				Text: "Smith, J. (2019). Spin waves in films. bioRxiv."}}},
		{"an unread item with a DOI is compared by its text", head + "- Some notes on spin. doi:10.1234/a\n",
			[]Entry{{Label: "line 3", Line: 3, DOI: "10.1234/a", RawDOI: "10.1234/a", Text: "- Some notes on spin. doi:10.1234/a", Unread: "no author list, year and title in a known reference style"}}},
		{"prose outside a reference list gives nothing", "# Notes\n\nWe thank the reviewers in 2019 for notes.\n", nil},
		{"a list item's unread continuation is the item's; the references after it are their own",
			head + "- Notes from 2020 here\nsome words of 2019 prose\nSmith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a\nOkafor A. Magnon drag. Nature. 2020;3:4. doi:10.1234/b\n",
			[]Entry{
				{Label: "line 3", Line: 3, Text: "- Notes from 2020 here some words of 2019 prose", Unread: "no author list, year and title in a known reference style"},
				{Label: "line 5", Line: 5, DOI: "10.1234/a", RawDOI: "10.1234/a", Title: "Spin waves in films", Authors: []string{"Smith J"}, Journal: "Lancet", Volume: "1", Pages: "2", Year: 2019, Type: TypeArticle,
					Text: "Smith J. Spin waves in films. Lancet. 2019;1:2. doi:10.1234/a"},
				{Label: "line 6", Line: 6, DOI: "10.1234/b", RawDOI: "10.1234/b", Title: "Magnon drag", Authors: []string{"Okafor A"}, Journal: "Nature", Volume: "3", Pages: "4", Year: 2020, Type: TypeArticle,
					Text: "Okafor A. Magnon drag. Nature. 2020;3:4. doi:10.1234/b"},
			}},
		{"a reference list heading line inside a list is skipped", head + "- Smith, J. (2019). Spin waves in films. J.\n\n**Further references and notes**\n",
			[]Entry{{Label: "line 3", Line: 3, Title: "Spin waves in films", Authors: []string{"Smith, J."}, Journal: "J", Year: 2019,
				Text: "- Smith, J. (2019). Spin waves in films. J."}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := referenceLines(tt.give)
			if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty(), entryOnly); d != "" {
				t.Errorf("referenceLines(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyRunTogetherKeepsText: however many APA references a
// paragraph runs together, and wherever its lines wrap, each is one entry
// whose text is the reference as written, in order.
func TestPropertyRunTogetherKeepsText(t *testing.T) {
	families := []string{"Smith", "Okafor", "Nguyen", "Garcia-Lopez", "Kowalski"}
	titles := []string{"Spin waves in films", "Charges ride the wave", "Magnon drag at scale", "Order in thin magnets"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(t, "references")
		var refs, want []string
		for i := range n {
			ref := rapid.SampledFrom(families).Draw(t, "family") + ", " + string(rune('A'+i)) + ". (" + itoa(2000+i) + "). " +
				rapid.SampledFrom(titles).Draw(t, "title") + ". J. Phys., " + itoa(i+1) + ", " + itoa(10+i) + "."
			refs = append(refs, ref)
			want = append(want, ref)
		}
		text := strings.Join(refs, " ")
		got := referenceLines(head(text))
		var texts []string
		for _, e := range got {
			if e.Unread != "" || e.Year == 0 {
				t.Fatalf("entry %+v not read", e)
			}
			texts = append(texts, e.Text)
		}
		if d := cmp.Diff(want, texts); d != "" {
			t.Fatalf("referenceLines(%q) texts (-want +got):\n%s", text, d)
		}
	})
}

func head(s string) string { return "# References\n\n" + s + "\n" }

// TestRunTogetherStartLine: a reference run together with the one before
// it starts on the line its first character is on, wherever the
// paragraph wraps: inside the line, just before it, or inside its own
// author list.
func TestRunTogetherStartLine(t *testing.T) {
	const (
		smith = "Smith, J. (2019). Spin waves in films. J. Phys., 1, 2."
		jones = "Jones, K., & Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4."
		oka   = "Okafor, A. (2021). Magnon drag at scale. Nature, 5, 6."
	)
	tests := []struct {
		name, give string
		want       []int
	}{
		{"a reference opening a line", smith + "\n" + jones, []int{3, 4}},
		{"a reference opening an indented line", smith + "\n   " + jones, []int{3, 4}},
		{"each opening a line", smith + "\n" + jones + "\n" + oka, []int{3, 4, 5}},
		{"inside a line", smith + " " + jones, []int{3, 3}},
		{"after a wrap inside the one before", "Smith, J. (2019). Spin waves in films.\nJ. Phys., 1, 2. " + jones, []int{3, 4}},
		{"wrapped inside its author list", smith + " Jones, K.,\n& Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4.", []int{3, 3}},
		{"wrapped between family name and initials", smith + " Jones,\nK., & Lee, M. (2020). Charges ride the wave. Nat. Phys., 3, 4.", []int{3, 3}},
		{"a list item", "- " + smith + "\n" + jones, []int{3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := referenceLines(head(tt.give))
			var lines []int
			for _, e := range got {
				lines = append(lines, e.Line)
			}
			if d := cmp.Diff(tt.want, lines); d != "" {
				t.Errorf("referenceLines(%q) start lines (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyRunTogetherStartLine: however a paragraph running APA
// references together wraps, each reference's entry has the line its
// first character is on.
func TestPropertyRunTogetherStartLine(t *testing.T) {
	families := []string{"Smith", "Okafor", "Nguyen", "Garcia-Lopez", "Kowalski"}
	titles := []string{"Spin waves in films", "Charges ride the wave", "Magnon drag at scale", "Order in thin magnets"}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "references")
		var (
			b    strings.Builder
			want []int
		)
		line := 3 // after "# References" and a blank line
		write := func(s string) {
			for i, w := range strings.Split(s, " ") {
				if i > 0 {
					if rapid.IntRange(0, 3).Draw(t, "wrap") == 0 {
						b.WriteString("\n")
						line++
					} else {
						b.WriteString(" ")
					}
				}
				b.WriteString(w)
			}
		}
		for i := range n {
			if i > 0 {
				write(" ")
				// write(" ") wrote one separator: a space or a line break.
			}
			want = append(want, line)
			write(rapid.SampledFrom(families).Draw(t, "family") + ", " + string(rune('A'+i)) + ". (" + itoa(2000+i) + "). " +
				rapid.SampledFrom(titles).Draw(t, "title") + ". J. Phys., " + itoa(i+1) + ", " + itoa(10+i) + ".")
		}
		text := b.String()
		var got []int
		for _, e := range referenceLines(head(text)) {
			if e.Unread != "" || e.Year == 0 {
				t.Fatalf("referenceLines(%q): entry %+v not read", text, e)
			}
			got = append(got, e.Line)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("referenceLines(%q) start lines (-want +got):\n%s", text, d)
		}
	})
}
