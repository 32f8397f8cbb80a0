package bib

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/bib/refline"
)

// The tests of this file hold the rules of lines.go that a second run of
// mutation testing (gremlins, after paragraph splitting was rewritten)
// found no test for: when a block is read line by line (split), where a
// reference may start (cutPlaces, twoYears), how far a reference is read
// (opensReference), and the shapes of references refline does not read
// (shapedAt, repeats, moreThanLink, shaped).
//
// Equivalent mutants (no input tells them apart):
//   - cuts "p.at <= start" to "<": places are distinct, sorted and never at
//     0, so a place is at start only if it was already cut there.
//   - cutPlaces sort "places[i].at < places[j].at" to "<=": places at one
//     offset are merged with their flags or'ed, so their order is lost.
//   - twoYears "n < 2" to "<= 2": at n == 2 the text already gives two
//     years; adding year words keeps it so.
//   - shapedAt "i < len(rest)-1" to "<=" (and "-1" to "+1"): with the
//     newline last, rest[:i] is rest without it, and NamesFirst joins a
//     block's fields, so both calls agree.

// longRef is a reference refline reads, of exactly n bytes on one line.
func longRef(n int) string {
	const tail = " in films. J. Phys., 1, 2."
	return padded("Smith, J. (2019). Spin waves ", "", n-len(tail)) + tail
}

// xs is n bytes of words of x: prose with no year, DOI or name.
func xs(n int) string { return padded("", "", n) }

// TestSplitLineByLine: which blocks are read line by line.
func TestSplitLineByLine(t *testing.T) {
	ref := "Smith J, Doe A. A title of the work. J Things. 2020;1:2-3."
	twoDOIs := "doi:10.1234/aaa doi:10.1234/bbb"
	halfMax := xs(refline.MaxBlock/2 - 1)
	tests := []struct {
		name string
		give []string
		want bool
	}{
		{"two lines too long for one reference", []string{halfMax, halfMax + "xxx"}, true},
		{"one line too long for one reference", []string{xs(refline.MaxBlock + 10)}, false},
		{"two lines of exactly MaxBlock bytes", []string{halfMax, halfMax + "x"}, false},
		{"two short lines of prose", []string{"Some notes on the work", "and more of them"}, false},
		{"two short lines of prose citing two DOIs", []string{"Some notes on the work", "and more " + twoDOIs}, true},
		{"one reference citing two DOIs", []string{ref, twoDOIs}, false},
		{"one reference of exactly MaxBlock bytes citing two DOIs",
			[]string{longRef(refline.MaxBlock - len(twoDOIs) - 1), twoDOIs}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := refline.Block{Lines: tt.give, Line: 3}
			if n := len(b.Text()); strings.Contains(tt.name, "exactly MaxBlock") && n != refline.MaxBlock {
				t.Fatalf("len = %d, want %d", n, refline.MaxBlock)
			}
			parts, lineByLine := split(b)
			if lineByLine != tt.want {
				t.Errorf("split(%.60q…) line by line = %v, want %v", b.Text(), lineByLine, tt.want)
			}
			want := []refline.Block{b}
			if tt.want {
				want = nil
				for i, l := range tt.give {
					want = append(want, refline.Block{Lines: []string{l}, Line: 3 + i})
				}
			}
			if d := cmp.Diff(want, parts); d != "" {
				t.Errorf("split parts (-want +got):\n%s", d)
			}
		})
	}
}

// TestCutPlacesLimits: no place in a text too short or too long for two
// references, or with neither two years nor two DOIs.
func TestCutPlacesLimits(t *testing.T) {
	two := "Smith J. Title. 2019.\nDoe A. Other. 2020. "
	tests := []struct {
		name string
		give string
		want bool
	}{
		{"60 bytes", padded(two, ".", 60), true},
		{"59 bytes", padded(two, ".", 59), false},
		{"maxPaste bytes", padded(two, ".", maxPaste), true},
		{"maxPaste+1 bytes", padded(two, ".", maxPaste+1), false},
		{"two DOIs and no year", "Notes on something long enough to pass the limit\nsee 10.1234/a and 10.1234/b", true},
		{"one DOI and one year", "Notes on something long enough to pass the limit of 2019\nsee 10.1234/a and more", false},
		{"no DOI and one year", "Notes on something long enough to pass the limit of 2019\nsee this and more", false},
	}
	for _, tt := range tests {
		if got := len(cutPlaces(tt.give)) > 0; got != tt.want {
			t.Errorf("%s: cutPlaces gives places = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestCutPlacesWhere: each place a reference may start, after white
// space, merged where two rules find one.
func TestCutPlacesWhere(t *testing.T) {
	at := func(s, sub string) int { return strings.Index(s, sub) }
	apa := "Smith, J. (2019). Spin waves in films. J. Phys., 1, 2.\n  Jones, K. (2020). Charges. Nat. Phys., 3, 4. Lee, M. (2021). Drag. Nature, 5, 6.\n"
	names := "Smith J. Title one. J Phys. 2019;1:2. Jones K. Title two. Nat Phys. 2020;3:4. Lee M. Title three. Nature. 2021;5:6."
	links := "Smith J. Title one. J Phys. 2019. doi:10.1234/a Jones K. Title two. 2020. doi:10.1234/b Lee M. Title three. 2021."
	tests := []struct {
		name, give string
		want       []place
	}{
		{"APA starts and a line", apa, []place{
			{at: at(apa, "Jones"), apa: true, line: true},
			{at: at(apa, "Lee"), apa: true},
		}},
		{"names after sentence ends", names, []place{
			{at: at(names, "Jones")},
			{at: at(names, "Lee")},
		}},
		{"after links", links, []place{
			{at: at(links, "Jones"), link: true},
			{at: at(links, "Lee"), link: true},
		}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, cutPlaces(tt.give), cmp.AllowUnexported(place{})); d != "" {
			t.Errorf("%s: cutPlaces (-want +got):\n%s", tt.name, d)
		}
	}
}

// TestTwoYears: years from 1800 to 2099, and year words when a year is
// missing.
func TestTwoYears(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"1850 and 1860", true},
		{"x 1979 and 1980", true},
		{"1799 and 1800", false},
		{"2019 and 2020", true},
		{"2119 and 2120", false},
		{"0850 and 0860", false},
		{"2019 and n.d.", true},
		{"2019 and in press", true},
		{"2019 and nothing", false},
	}
	for _, tt := range tests {
		if got := twoYears(tt.give); got != tt.want {
			t.Errorf("twoYears(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestOpensReferenceReach: a reference is read up to a place or the end
// no more than MaxBlock bytes after it, wherever it starts; alone, only
// where the text before it does not read with it.
func TestOpensReferenceReach(t *testing.T) {
	ref := "Smith J, Doe A. A title of the work. J Things. 2020;1:2-3."
	lead := xs(1000) + " "
	far := " " + xs(refline.MaxBlock+10)
	full := longRef(refline.MaxBlock)
	authorsFirst := "Lee M, "
	withLee := authorsFirst + longRef(refline.MaxBlock-len(authorsFirst))
	junk := xs(refline.MaxBlock) + " "
	tests := []struct {
		name      string
		text      string
		start, at int
		next      []place
		alone     bool
		want      bool
	}{
		{"to a place far into the text", lead + ref + far, 0, len(lead), []place{{at: len(lead) + len(ref)}}, false, true},
		{"to a place MaxBlock bytes on", full + far, 0, 0, []place{{at: refline.MaxBlock}}, false, true},
		{"to the end MaxBlock bytes on", full, 0, 0, nil, false, true},
		{"to the end far into the text", lead + ref, 0, len(lead), nil, false, true},
		{"alone, after names it reads with, MaxBlock bytes in all", withLee, 0, len(authorsFirst), nil, true, false},
		{"alone, after names it reads with, far into the text", junk + authorsFirst + ref, len(junk), len(junk) + len(authorsFirst), nil, true, false},
		{"alone, after prose", junk + ref, 0, len(junk), nil, true, true},
	}
	for _, tt := range tests {
		if got := opensReference(tt.text, tt.start, tt.at, tt.next, tt.alone); got != tt.want {
			t.Errorf("%s: opensReference = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestShapedAt: names on the first line and a year soon after.
func TestShapedAt(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"Smith J, Doe A. A title of it.\n2020. More.", true},
		{"Smith\nJ, Doe A. A title of it. 2020.", false},
		{"\nSmith J, Doe A. A title of it. 2020.", true},
		{"Smith J, Doe A. A title of it.", false},
	}
	for _, tt := range tests {
		if got := shapedAt(tt.give, 0); got != tt.want {
			t.Errorf("shapedAt(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestRepeats: a line of three words or more printed again.
func TestRepeats(t *testing.T) {
	tests := []struct {
		left, rest string
		want       bool
	}{
		{"a b c", "a b c d", true},
		{"a b c", "a b c", true},
		{"a b", "a b c", false},
		{"a b c", "a b", false},
		{"a b c", "a b d e", false},
	}
	for _, tt := range tests {
		if got := repeats(tt.left, tt.rest); got != tt.want {
			t.Errorf("repeats(%q, %q) = %v, want %v", tt.left, tt.rest, got, tt.want)
		}
	}
}

// TestMoreThanLink: three words or more besides the link.
func TestMoreThanLink(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"a b c https://x.org/y", true},
		{"a b https://x.org/y", false},
		{"a b c d doi:10.1234/x", true},
	}
	for _, tt := range tests {
		if got := moreThanLink(tt.give); got != tt.want {
			t.Errorf("moreThanLink(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestShapedLength: outside a reference list, a block of up to 600 bytes
// with names first and a year is shaped like a reference.
func TestShapedLength(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want bool
	}{{600, true}, {601, false}} {
		text := padded("Smith J, Doe A. Title of ", " the work. 2020.", tt.n)
		if got := shaped(refline.Block{Lines: []string{text}, Line: 1}, false, false); got != tt.want {
			t.Errorf("shaped(%d bytes) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestReferenceLinesReadLineByLine: a short paragraph under a references
// heading is one unread reference, unless it cites two DOIs and does not
// read: then each line is its own, and prose lines give nothing.
func TestReferenceLinesReadLineByLine(t *testing.T) {
	tests := []struct {
		name, give string
		want       []Entry
	}{
		{"a paragraph of two lines",
			head("Some notes on the work of 2019\nand more notes on it"),
			[]Entry{{Label: "line 3", Line: 3, Text: "Some notes on the work of 2019 and more notes on it", Unread: "no author list, year and title in a known reference style"}}},
		{"a paragraph of two lines citing two DOIs",
			head("Some notes on the work of 2019\nand more doi:10.1234/aaa doi:10.1234/bbb"),
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := referenceLines(tt.give)
			if d := cmp.Diff(tt.want, got, entryOnly); d != "" {
				t.Errorf("referenceLines(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}
