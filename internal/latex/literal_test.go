package latex_test

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/citeloop/citeloop/internal/latex"
)

// TestLiteral: a DOI or URL reads as TeX prints it, commands dropped
// whatever their name, so no command's first letter is taken for an
// accent, and TeX's ligatures never apply.
func TestLiteral(t *testing.T) {
	tests := []struct{ give, want string }{
		{`10.5555/a\_b`, "10.5555/a_b"},
		{`10.1002/(SICI)1097-4636(199909)47:4\%3C532::AID-JBM10\%3E3.0.CO;2-1`, "10.1002/(SICI)1097-4636(199909)47:4%3C532::AID-JBM10%3E3.0.CO;2-1"},
		{`\url{10.5555/urlcmd}`, "10.5555/urlcmd"},
		{`\detokenize{10.5555/x}`, "10.5555/x"},
		{`\doi{10.5555/n4\discretionary{-}{}{}long}`, "10.5555/n4long"},
		{`10.5555/n6\allowbreak{}tail`, "10.5555/n6tail"},
		{`10.5555/n7\-tail`, "10.5555/n7tail"},
		{`\href{https://doi.org/10.5555/h}{10.5555/h}`, "https://doi.org/10.5555/h 10.5555/h"},
		{`10.5555/a--b`, "10.5555/a--b"},
		{`10.5555/{ABC}def`, "10.5555/ABCdef"},
		{`10.5555/tilde\~x`, "10.5555/tilde~x"},
		{`10.5555/\textunderscore x`, "10.5555/_x"},
		{`M{\"u}ller`, "Muller"},
		{`  10.5555/sp   `, "10.5555/sp"},
	}
	for _, tt := range tests {
		if got := latex.Literal(tt.give); got != tt.want {
			t.Errorf("Literal(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// A text without backslashes and braces is its own literal, white space
// aside; and a command of any name inside a DOI never leaves a letter.
func TestLiteralProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[A-Za-z0-9./:;()<>_%#-]{0,30}`).Draw(t, "plain")
		if got := latex.Literal(s); got != s {
			t.Fatalf("Literal(%q) = %q", s, got)
		}
		name := rapid.StringMatching(`[A-Za-z]{1,12}`).Draw(t, "command")
		if name == "discretionary" || len(name) > 3 && strings.HasPrefix(name, "text") {
			return
		}
		a, b := "10.5555/"+rapid.StringMatching(`[a-z0-9]{1,8}`).Draw(t, "a"), rapid.StringMatching(`[0-9]{1,8}`).Draw(t, "b")
		for _, in := range []string{a + `\` + name + `{}` + b, `\` + name + `{` + a + b + `}`} {
			if got := latex.Literal(in); got != a+b {
				t.Fatalf("Literal(%q) = %q, want %q", in, got, a+b)
			}
		}
	})
}

// TestUncomment: TeX's comments go, with the newline that ends them and
// the next line's indent; a percent inside a token stays.
func TestUncomment(t *testing.T) {
	tests := []struct {
		give, want string
		joined     []int
	}{
		{"a\n%\\bibitem{old} x\nb\n", "a\nb\n", []int{2}},
		{"\\doi{10.5555/hpja.%\n   70059}", "\\doi{10.5555/hpja.70059}", []int{18}},
		{"\\url{https://x.org/a%20b}", "\\url{https://x.org/a%20b}", nil},
		{"text % a comment\nnext", "text next", []int{5}},
		{"50\\% off", "50\\% off", nil},
		{"no percent", "no percent", nil},
		{"last%", "last", nil},
	}
	for _, tt := range tests {
		got, joined := latex.Uncomment(tt.give)
		if got != tt.want || len(joined) != len(tt.joined) {
			t.Errorf("Uncomment(%q) = %q %v, want %q %v", tt.give, got, joined, tt.want, tt.joined)
			continue
		}
		for i := range joined {
			if joined[i] != tt.joined[i] {
				t.Errorf("Uncomment(%q) joined %v, want %v", tt.give, joined, tt.joined)
			}
		}
		if blank := latex.BlankComments(tt.give); strings.Count(blank, "\n") != strings.Count(tt.give, "\n") {
			t.Errorf("BlankComments(%q) = %q: lines lost", tt.give, blank)
		}
	}
}

// Every newline of a text is either in Uncomment's result or one of the
// joins it lists, in order, so a caller can give lines as written; and a
// text without "%" is unchanged.
func TestUncommentKeepsLineCount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[a-z% \\\n]{0,60}`).Draw(t, "text")
		out, joined := latex.Uncomment(s)
		if strings.Count(out, "\n")+len(joined) != strings.Count(s, "\n") {
			t.Fatalf("Uncomment(%q) = %q, %v: %d newlines + %d joins, want %d", s, out, joined, strings.Count(out, "\n"), len(joined), strings.Count(s, "\n"))
		}
		for i := 1; i < len(joined); i++ {
			if joined[i] < joined[i-1] || joined[i] > len(out) {
				t.Fatalf("joins %v out of order or past %d", joined, len(out))
			}
		}
		if !strings.Contains(s, "%") && out != s {
			t.Fatalf("Uncomment(%q) = %q without a comment", s, out)
		}
		if b := latex.BlankComments(s); strings.Count(b, "\n") != strings.Count(s, "\n") {
			t.Fatalf("BlankComments(%q) = %q: lines lost", s, b)
		}
	})
}

// Commands whose argument prints nothing leave nothing: an environment's
// name, a sort key.
func TestDecodeSilentArguments(t *testing.T) {
	tests := []struct{ give, want string }{
		{`{\noopsort{a}}Sorted`, "Sorted"},
		{`\begin{APACrefauthors}Kwok, C.\BCBT {}\ \BBA {} Xu, X.\end{APACrefauthors}`, "Kwok, C., & Xu, X."},
		{`\APACinsertmetastar {kwok}Title`, "Title"},
	}
	for _, tt := range tests {
		if got := latex.Decode(tt.give); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// A command's name argument prints nothing (\bibinfo{author}{X} prints
// X); \slash is a slash, in text and in a DOI.
func TestBibinfoAndSlash(t *testing.T) {
	for give, want := range map[string]string{
		`\bibinfo{author}{J. Fundaun}`:             "J. Fundaun",
		`\bibfield{journal}{\bibinfo{journal}{P}}`: "P",
		`and\slash or`: "and/or",
	} {
		if got := latex.Decode(give); got != want {
			t.Errorf("Decode(%q) = %q, want %q", give, got, want)
		}
	}
	if got := latex.Literal(`10.1097\slash pr9.829`); got != "10.1097/pr9.829" {
		t.Errorf("Literal = %q", got)
	}
}
