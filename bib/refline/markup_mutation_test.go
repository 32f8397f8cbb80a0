package refline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The tests of this file hold the rules of markup.go, fields.go and
// numbers.go that mutation testing (gremlins) found no test for.
//
// Equivalent mutants (no input tells them apart):
//   - markup.go openingMarkup "i < len(s)" to "<=": at len(s) the loop body
//     returns len(s), which is i.
//   - markup.go openingMarkup "end < 0" to "<= 0": trimmed opens with no
//     space, so end is -1 or at least 1.
//   - markup.go OpensItem "n > 0" to ">= 0": with n == 0 line[:0] is empty,
//     so the result is false either way.
//   - markup.go NamesFirst "i <= 0" to "< 0": at i == 0 the segment is
//     empty and looksLikeAuthors("") is false.
//   - fields.go venue "end < len(tail)" to "<=": at the end the rest is
//     empty and venueNumbers reads no volume from it.
//   - fields.go venueEnd "j < 0" to "<= 0": tail[i] is the "(", so ")" is
//     at j >= 1 or absent.
//   - numbers.go skipDate "m[2] >= 0" to "> 0": the group follows "(", so
//     it starts at 1 or later.
//   - numbers.go the "+" that joins monthWords into datePart and dateText:
//     "-" on strings does not compile (no viable mutant).

// TestMarkerTokenOfThreeRunes: a marker token has up to three runes.
func TestMarkerTokenOfThreeRunes(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"--> Family J. A title of the work. J Things. 2020;1:2-3.", true},
		{"---> Family J. A title of the work. J Things. 2020;1:2-3.", false},
	}
	for _, tt := range tests {
		if got := OpensItem(tt.give); got != tt.want {
			t.Errorf("OpensItem(%q) = %v, want %v", tt.give, got, tt.want)
		}
	}
}

// TestTableCells: a row's cells from the first holding a letter, each
// ended with a period before the next; a number cell after it is kept.
func TestTableCells(t *testing.T) {
	tests := []struct{ give, want string }{
		{"| 1 | Family J | A title | 2020 |", "Family J. A title. 2020"},
		{"| 1 | Family J. | A title, | 2020 |", "Family J. A title, 2020"},
		{"| Family J: | A title; | 2020 |", "Family J: A title; 2020"},
		{"| 12 | 3 |", ""},
	}
	for _, tt := range tests {
		if got := tableCells(tt.give); got != tt.want {
			t.Errorf("tableCells(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestTableRowOfCells: a reference in a table row of several cells reads
// as the reference written out.
func TestTableRowOfCells(t *testing.T) {
	ref := "Kwok C, Xu X. Co-designed screening promotion. Health Promot J Austr. 2025;36(3):e70059."
	want, why := Read(ref)
	if why != "" {
		t.Fatalf("Read(%q): %s", ref, why)
	}
	row := "| 1 | Kwok C, Xu X | Co-designed screening promotion | Health Promot J Austr. 2025;36(3):e70059. |"
	got, why := Read(row)
	if why != "" {
		t.Fatalf("Read(%q): %s", row, why)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Read(%q) (-want +got):\n%s", row, d)
	}
}

// TestLinkLast: a leading link moves to the end only when text follows.
func TestLinkLast(t *testing.T) {
	tests := []struct{ give, want string }{
		{"https://x.org/a Family J. Title.", "Family J. Title. https://x.org/a"},
		{"https://x.org/a ", "https://x.org/a "},
		{"doi:10.1/x Family J.", "Family J. doi:10.1/x"},
	}
	for _, tt := range tests {
		if got := linkLast(tt.give); got != tt.want {
			t.Errorf("linkLast(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestFullWidthBounds: U+FF01 and U+FF5E are the range's ends, both folded.
func TestFullWidthBounds(t *testing.T) {
	tests := []struct{ give, want string }{
		{"\uff01", "! "},
		{"\uff5e", "~"},
		{"a\uff01b\uff5ec", "a! b~c"},
		{"\uff00\uff5f", "\uff00\uff5f"},
		{"\uff0c\uff00", ", \uff00"},
		{"\uff0c\uff5f", ", \uff5f"},
	}
	for _, tt := range tests {
		if got := fullWidth(tt.give); got != tt.want {
			t.Errorf("fullWidth(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestVenueEndEdges: an empty stretch between two commas ends the venue;
// a parenthesis opening a number ends it, whatever comes before it.
func TestVenueEndEdges(t *testing.T) {
	tests := []struct {
		give string
		want int
	}{
		{"Journal,, of Things", 7},
		{"Journal1(Suppl) of Things", 25},
		{"Journal (1) of Things", 8},
		{"(Suppl) of Things", 17},
	}
	for _, tt := range tests {
		if got := venueEnd(tt.give, len(tt.give)); got != tt.want {
			t.Errorf("venueEnd(%q) = %d, want %d", tt.give, got, tt.want)
		}
	}
}

// TestVenueNumbersIssues: an issue after "no." or in parentheses, up to
// twelve bytes; a longer parenthesis ends the numbers.
func TestVenueNumbersIssues(t *testing.T) {
	tests := []struct {
		give string
		want numbers
	}{
		{"12(3), 45-67", numbers{"12", "3", "45-67"}},
		{"12, no. 3, 45-67", numbers{"12", "3", "45-67"}},
		{"12(Suppl 123456), 45-67", numbers{"12", "Suppl 123456", "45-67"}},
		{"12(Suppl 1234567), 45-67", numbers{volume: "12"}},
		{"12(2019), 45-67", numbers{volume: "12", pages: "45-67"}},
	}
	for _, tt := range tests {
		got, ok := venueNumbers(tt.give, 2019)
		if !ok {
			t.Errorf("venueNumbers(%q): no volume", tt.give)
			continue
		}
		if d := cmp.Diff(tt.want, got, cmp.AllowUnexported(numbers{})); d != "" {
			t.Errorf("venueNumbers(%q) (-want +got):\n%s", tt.give, d)
		}
	}
}

// TestSkipDateNamedAtStart: a month names a date even where it opens rest.
func TestSkipDateNamedAtStart(t *testing.T) {
	tests := []struct {
		give string
		year int
		want string
	}{
		{"Mar. 2018: 45-67", 2019, ": 45-67"},
		{", 2018: 45-67", 2019, ", 2018: 45-67"},
		{", 2019: 45-67", 2019, ": 45-67"},
	}
	for _, tt := range tests {
		if got := skipDate(tt.give, tt.year); got != tt.want {
			t.Errorf("skipDate(%q, %d) = %q, want %q", tt.give, tt.year, got, tt.want)
		}
	}
}
