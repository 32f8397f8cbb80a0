package latex

import (
	"strings"
	"unicode/utf8"
)

// Literal returns the characters TeX prints for a literal value, a DOI or
// a URL, where Decode's ligatures would be wrong ("--" stays "--"):
//   - an escaped character is itself (\_ \% \# \& \$ \~ \{ \});
//   - a command prints nothing of its own, its arguments are read
//     (\url{x}, \doi{x}, \detokenize{x}, \nolinkurl{x} are x; \allowbreak{}
//     and \- are nothing); a command is a backslash and one non-letter, or
//     a backslash and every letter that follows, so \url is never the
//     accent \u before "rl";
//   - a command standing for one ASCII character (\textunderscore) is it;
//   - \discretionary{pre}{post}{none} is its unbroken form, none;
//   - braces are dropped, except that two groups side by side (the URL
//     and the text of \href{x}{y}) are two values, a space apart;
//   - white space runs are one space, and none at either end.
//
// TeX comments are the caller's: a "%" is a character here, as it is in a
// BibTeX field and in \url's argument.
func Literal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && !isLetterByte(s[i+1]):
			switch e := s[i+1]; e {
			case '_', '%', '#', '&', '$', '~', '{', '}':
				b.WriteByte(e)
			case ' ', '\\':
				b.WriteByte(' ')
			}
			i += 2
		case c == '\\':
			j := i + 1
			for j < len(s) && isLetterByte(s[j]) {
				j++
			}
			name := s[i+1 : j]
			i = j
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') && name != "" {
				i++ // the space after a control word ends it
			}
			switch {
			case name == "discretionary":
				groups, end := groupsAt(s, i, 3)
				if len(groups) == 3 {
					b.WriteString(Literal(groups[2]))
					i = end
				}
			case symbols[name] != "" && len(symbols[name]) == 1 && symbols[name][0] < utf8.RuneSelf:
				b.WriteString(symbols[name])
			}
		case c == '}' && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte(' ')
			i += 2
		case c == '{' || c == '}':
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// groupsAt reads up to n braced groups from s[i:], white space between
// them allowed, and returns their insides and the offset after the last.
func groupsAt(s string, i, n int) ([]string, int) {
	var out []string
	for len(out) < n {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r') {
			j++
		}
		if j >= len(s) || s[j] != '{' {
			break
		}
		end := j + matchBrace(s[j:])
		if end >= len(s) {
			break
		}
		out = append(out, s[j+1:end])
		i = end + 1
	}
	return out, i
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Undefined names the macros of a BibTeX field value that neither macros
// nor the month macros define: BibTeX warns of each and reads it as
// nothing (Expand), so a value built from one is not what its file says.
func Undefined(value string, macros map[string]string) []string {
	var out []string
	s := strings.TrimSpace(value)
	for s != "" {
		switch s[0] {
		case '{':
			s = s[min(matchBrace(s)+1, len(s)):]
		case '"':
			s = s[min(closingQuote(s)+1, len(s)):]
		default:
			end := strings.IndexByte(s, '#')
			if end < 0 {
				end = len(s)
			}
			name := strings.TrimSpace(s[:end])
			if _, ok := lookup(macros, name); !ok && !isNumber(name) && name != "" {
				out = append(out, name)
			}
			s = s[end:]
		}
		s = strings.TrimPrefix(strings.TrimSpace(s), "#")
		s = strings.TrimSpace(s)
	}
	return out
}

// Uncomment removes the comments of a LaTeX text (a .bbl file) as TeX
// reads them: an unescaped "%" that starts a line's text, follows a space
// or ends its line begins a comment, which runs to the end of the line
// and takes the newline and the next line's indent with it, so "10.1002/
// hpja.%⏎70059" (BibTeX's own break of a long line) reads 10.1002/
// hpja.70059 and a line "%\bibitem{old}" is gone. A "%" between two
// characters of a token ("a%20b" in a URL) is a character. joined lists
// the offsets in the result where a newline was taken, in order, so a
// caller can still give line numbers of the text as written.
func Uncomment(s string) (out string, joined []int) { return uncomment(s, false) }

// BlankComments is s with its comments (as Uncomment reads them) gone but
// every newline kept, so each line keeps its number.
func BlankComments(s string) string {
	out, _ := uncomment(s, true)
	return out
}

func uncomment(s string, keepLines bool) (out string, joined []int) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	lineStart := true // only blanks so far on this line
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
			lineStart = false
			continue
		}
		if c == '%' && isComment(s, i, lineStart) {
			j := i
			for j < len(s) && s[j] != '\n' {
				j++
			}
			switch {
			case j < len(s) && keepLines:
				// The newline is written next, as any character.
			case j < len(s):
				j++ // the newline
				joined = append(joined, b.Len())
				for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
					j++
				}
			}
			i = j - 1
			continue
		}
		b.WriteByte(c)
		switch {
		case c == '\n':
			lineStart = true
		case c != ' ' && c != '\t' && c != '\r':
			lineStart = false
		}
	}
	return b.String(), joined
}

// isComment says whether the "%" at s[i] starts a comment: first on its
// line, after a blank, or last on its line.
func isComment(s string, i int, lineStart bool) bool {
	if lineStart || i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		return true
	}
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
		j++
	}
	return j == len(s) || s[j] == '\n'
}
