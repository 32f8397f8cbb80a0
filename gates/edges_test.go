package gates

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The ASCII fast paths must agree with the Unicode definitions at every
// edge of their ranges.
func TestCharacterClassEdges(t *testing.T) {
	tests := []struct {
		r                  rune
		space, word, digit bool
	}{
		{r: ' ', space: true}, {r: '\t', space: true}, {r: '\r', space: true}, {r: '\n', space: true},
		{r: '\b'}, {r: 0x0e}, {r: 0x1f}, {r: '!'},
		{r: '/'}, {r: '0', word: true, digit: true}, {r: '9', word: true, digit: true}, {r: ':'},
		{r: '@'}, {r: 'A', word: true}, {r: 'Z', word: true}, {r: '['},
		{r: '`'}, {r: 'a', word: true}, {r: 'z', word: true}, {r: '{'}, {r: 0x7f},
		{r: 0x80}, {r: '\u0085', space: true}, {r: '\u00a0', space: true}, {r: '\u2009', space: true},
		{r: '²', word: true, digit: true}, {r: '½', word: true, digit: true}, {r: 'é', word: true}, {r: '\u0301', word: true}, {r: '\u0300', word: true}, {r: '\u02ff'},
		{r: '−'}, {r: '×'},
	}
	for _, tt := range tests {
		if got := isWord(tt.r); got != tt.word {
			t.Errorf("isWord(%U) = %v", tt.r, got)
		}
		if got := isDigit(tt.r); got != tt.digit {
			t.Errorf("isDigit(%U) = %v", tt.r, got)
		}
	}
}

func TestFoldRuneEdges(t *testing.T) {
	tests := []struct {
		give rune
		want string
	}{
		{'\ufaff', "\ufaff"}, {'\ufb00', "ff"}, {'\ufb01', "fi"}, {'\ufb06', "st"}, {'\ufb07', "\ufb07"},
		{'\uff00', "\uff00"}, {'\uff01', "!"}, {'\uff21', "a"}, {'\uff5e', "~"}, {'\uff5f', "\uff5f"},
		{'\u200b', ""}, {'\u00ad', ""}, {'\u202e', ""}, {'É', "é"}, {'²', "²"},
	}
	for _, tt := range tests {
		if got := foldRune(tt.give); got != tt.want {
			t.Errorf("foldRune(%U) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestFoldControlsAndMap(t *testing.T) {
	tests := []struct {
		give, want string
		start, end []int32
	}{
		{give: "A\x1fZ\x7f~", want: "az~", start: []int32{0, 2, 4}, end: []int32{1, 3, 5}},
		{give: "@[`{", want: "@['{", start: []int32{0, 1, 2, 3}, end: []int32{1, 2, 3, 4}},
		{give: "x\u2026y", want: "x...y", start: []int32{0, 1, 1, 1, 4}, end: []int32{1, 4, 4, 4, 5}},
		{give: "a \t\r\nb", want: "a b", start: []int32{0, 1, 5}, end: []int32{1, 5, 6}},
		{give: "\xffé\ufffd", want: "\ufffdé\ufffd", start: []int32{0, 0, 0, 1, 1, 3, 3, 3}, end: []int32{1, 1, 1, 3, 3, 6, 6, 6}},
		{give: "\u00a0 lead\u2009", want: "lead", start: []int32{3, 4, 5, 6}, end: []int32{4, 5, 6, 7}},
		{give: " a  b", want: "a b", start: []int32{1, 2, 4}, end: []int32{2, 4, 5}},
		{give: "\u0080", want: "\u0080", start: []int32{0, 0}, end: []int32{2, 2}},
	}
	for _, tt := range tests {
		f := Fold(tt.give)
		if f.Text != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.give, f.Text, tt.want)
			continue
		}
		if diff := cmp.Diff(tt.start, f.start); diff != "" {
			t.Errorf("Fold(%q) starts (-want +got):\n%s", tt.give, diff)
		}
		if diff := cmp.Diff(tt.end, f.end); diff != "" {
			t.Errorf("Fold(%q) ends (-want +got):\n%s", tt.give, diff)
		}
		if got := foldText(tt.give); got != tt.want {
			t.Errorf("foldText(%q) = %q", tt.give, got)
		}
	}
}

func TestWordsAndBoundaries(t *testing.T) {
	tests := []struct {
		give         string
		all, content int
	}{
		{"", 0, 0},
		{"a", 1, 0},
		{"b", 1, 1},
		{"the of and", 3, 0},
		{"non-small cell", 2, 2},
		{"don't stop", 2, 2},
		{"0.3 mg/kg, 113,030 of", 5, 2},
		{"end. 3 x", 3, 2},
		{"-- -- --", 0, 0},
		{"a-", 1, 0},
		{"b-", 1, 1},
		{"z'", 1, 1},
	}
	for _, tt := range tests {
		all, content := words(tt.give)
		if all != tt.all || content != tt.content {
			t.Errorf("words(%q) = %d, %d; want %d, %d", tt.give, all, content, tt.all, tt.content)
		}
	}
	cuts := []struct {
		s    string
		i    int
		want bool
	}{
		{"ab", 0, true}, {"ab", 2, true}, {"ab", 1, false},
		{"a b", 1, true}, {"a b", 2, true},
		{"a-b", 1, false}, {"a-b", 2, false}, {"a- b", 2, true}, {"-b", 1, true},
		{"1.5", 1, false}, {"1.5", 2, false}, {"a.5", 2, true}, {"1. 5", 2, true},
		{"x -5", 3, false}, {"x +5", 3, false}, {"x ±5", 4, false}, {"x-5", 2, false}, {"(-5", 2, false}, {"x -a", 3, true}, {"b- a", 1, true},
		{"é1", 2, false},
	}
	for _, tt := range cuts {
		if got := boundary(tt.s, tt.i); got != tt.want {
			t.Errorf("boundary(%q, %d) = %v, want %v", tt.s, tt.i, got, tt.want)
		}
	}
}

func TestFindEdges(t *testing.T) {
	tests := []struct {
		src, q string
		i, j   int
		ok     bool
	}{
		{"abc", "abc", 0, 3, true},
		{"abc", "abcd", 0, 0, false},
		{"xab ab", "ab", 4, 6, true},
		{"éab ab", "ab", 5, 7, true},
		{"ab", "", 0, 0, true},
	}
	for _, tt := range tests {
		i, j, ok := find(Folded{Text: tt.src}, tt.q)
		if i != tt.i || j != tt.j || ok != tt.ok {
			t.Errorf("find(%q, %q) = %d, %d, %v; want %d, %d, %v", tt.src, tt.q, i, j, ok, tt.i, tt.j, tt.ok)
		}
	}
}
