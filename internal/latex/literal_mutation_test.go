package latex_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/citeloop/citeloop/internal/latex"
)

// The tests of this file hold the rules of literal.go that mutation
// testing found no test for:
//
//	GOFLAGS=-count=1 gremlins unleash --workers 1 --timeout-coefficient 4 \
//	  -E 'latex\.go$' ./internal/latex
//
// leaves one survivor, judged equivalent: literal.go:86 s[j+1:end] as
// s[j-1:end] adds to a \discretionary group the blank or "}" before it,
// which Literal prints as nothing at the group's start. isComment's i > 0
// as i >= 0 (literal.go:189) lived in an earlier run and is equivalent too:
// at i = 0 lineStart is true and decides first.

// TestLiteralForms: every form Literal reads, each at the ends of its
// text too.
func TestLiteralForms(t *testing.T) {
	tests := []struct{ give, want string }{
		// Escaped characters, and the escapes that print a space or nothing.
		{`\_\%\#\&\$\~\{\}`, "_%#&$~{}"},
		{`a\ b`, "a b"},
		{`a\\b`, "a b"},
		{`a\,b\-c\/d`, "abcd"},
		{`a\`, "a"},
		{`\`, ""},
		// A control word ends at its last letter, and takes the blanks after it.
		{`a\relax`, "a"},
		{`a\relax `, "a"},
		{"a\\relax \t b", "ab"},
		{`\relax1`, "1"},
		{`10.5555/x\nolinkurl{y}`, "10.5555/xy"},
		// A command for one ASCII character prints it; one for anything else prints nothing.
		{`\textless x\textgreater`, "<x>"},
		{`\textbackslash`, `\`},
		{`a\textendash b`, "ab"},
		{`a\textsuperscript b`, "ab"},
		{`a\BHBI b\BBAB c`, "abc"},
		// \discretionary's three groups, blanks between them allowed.
		{"x\\discretionary {-} \t{}\n\r{y}z", "xyz"},
		{`x\discretionary{-}{}{\textunderscore}z`, "x_z"},
		{`x\discretionary{a}{b}z`, "xa bz"},
		{`x\discretionary{a}{b}{c`, "xa b c"},
		{`x\discretionary{a}{b} z`, "xa b z"},
		{`x\discretionary`, "x"},
		{`x\discretionary{a}{b}{c}{d}`, "xcd"},
		// Braces: dropped, and two groups side by side are two values.
		{`{a}{b}`, "a b"},
		{`a}`, "a"},
		{`a}{`, "a"},
		{`{`, ""},
		{"\ta \n b\r\n", "a b"},
	}
	for _, tt := range tests {
		if got := latex.Literal(tt.give); got != tt.want {
			t.Errorf("Literal(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// TestUndefined: the macros of a field value neither the file nor the
// month macros define, and nothing else.
func TestUndefined(t *testing.T) {
	macros := map[string]string{"pre": "10.5555"}
	tests := []struct {
		give string
		want []string
	}{
		{`{10.5555/x}`, nil},
		{`"10.5555/x"`, nil},
		{`pre # "/x"`, nil},
		{`PRE # {/x}`, nil},
		{`nope # "/x.1"`, []string{"nope"}},
		{` "a" # nope # {b} # other `, []string{"nope", "other"}},
		{`jan # 2020`, nil},
		{`2020`, nil},
		{`a#b#c`, []string{"a", "b", "c"}},
		{`# x`, []string{"x"}},
		{`x #`, []string{"x"}},
		{`{unclosed`, nil},
		{`"unclosed`, nil},
		{`"a {"} b" # c`, []string{"c"}},
		{`{a \} b} # c`, []string{"c"}},
		{`   `, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, latex.Undefined(tt.give, macros), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Undefined(%q) (-want +got):\n%s", tt.give, diff)
		}
	}
	if got := latex.Undefined("pre", nil); len(got) != 1 {
		t.Errorf("Undefined(pre) without macros = %q, want [pre]", got)
	}
}

// TestUncommentForms: where a "%" starts a comment, what the comment
// takes with it, and what BlankComments keeps.
func TestUncommentForms(t *testing.T) {
	tests := []struct {
		give, want string
		joined     []int
		blank      string
	}{
		{"a\\%b %c\nd", "a\\%b d", []int{5}, "a\\%b \nd"},
		{"a\t%c\n\t  d", "a\td", []int{2}, "a\t\n\t  d"},
		{"a%  \r\nb", "ab", []int{1}, "a\nb"},
		{"a%b\nc", "a%b\nc", nil, "a%b\nc"},
		{"  %c\nx%\ny %\n z", "  xy z", []int{2, 3, 5}, "  \nx\ny \n z"},
		{"\\\\%c\nd", "\\\\%c\nd", nil, "\\\\%c\nd"},
		{"a\n %c\nb", "a\n b", []int{3}, "a\n \nb"},
		{"a\n\r%c\nb", "a\n\rb", []int{3}, "a\n\r\nb"},
		{"%", "", nil, ""},
		{"a %", "a ", nil, "a "},
		{"x\\", "x\\", nil, "x\\"},
		{"%\\%\nb", "b", []int{0}, "\nb"},
	}
	for _, tt := range tests {
		got, joined := latex.Uncomment(tt.give)
		if got != tt.want || !cmp.Equal(joined, tt.joined, cmpopts.EquateEmpty()) {
			t.Errorf("Uncomment(%q) = %q %v, want %q %v", tt.give, got, joined, tt.want, tt.joined)
		}
		if got := latex.BlankComments(tt.give); got != tt.blank {
			t.Errorf("BlankComments(%q) = %q, want %q", tt.give, got, tt.blank)
		}
	}
}
