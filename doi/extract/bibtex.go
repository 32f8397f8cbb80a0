package extract

import (
	"path/filepath"
	"strings"
)

// ForFile extracts the DOIs of a file named name: a BibTeX file (".bib")
// has its escapes undone first (see BibTeX), any other text is read as is.
func ForFile(name, text string) []Found {
	if strings.EqualFold(filepath.Ext(name), ".bib") {
		return BibTeX(text)
	}
	return Extract(text)
}

// BibTeX extracts the DOIs of a BibTeX file. BibTeX writers escape
// characters of a DOI ("10.1000/a\_b", "2-\%23") and protect its case with
// braces ("10.1000/{ABC}x"); read raw, the brace ends the DOI early and a
// different, shorter DOI is reported. Within each DOI those are undone, so
// Raw is the DOI as BibTeX means it. Only BibTeX does this for braces:
// outside a .bib file a brace delimits a DOI, while the backslash escapes
// are read in any text (see Extract).
func BibTeX(text string) []Found {
	if !strings.Contains(text, "10.") {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = unescapeBibLine(l)
	}
	return Extract(strings.Join(lines, "\n"))
}

// bibEscapable are the characters BibTeX writers escape with a backslash.
const bibEscapable = `_%&#$~{}`

// unescapeBibLine rewrites each run starting at "10." up to the first
// whitespace, double quote or unmatched "}": a backslash escape becomes its
// character and case-protecting braces are dropped.
func unescapeBibLine(line string) string {
	if !strings.Contains(line, `\`) && !strings.Contains(line, "{") {
		return line
	}
	var b strings.Builder
	b.Grow(len(line))
	for i := 0; i < len(line); {
		j := strings.Index(line[i:], "10.")
		if j < 0 {
			b.WriteString(line[i:])
			break
		}
		b.WriteString(line[i : i+j])
		i = unescapeRun(&b, line, i+j)
	}
	return b.String()
}

// unescapeRun writes the unescaped run starting at line[i] to b and returns
// where the run ended.
func unescapeRun(b *strings.Builder, line string, i int) int {
	depth := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c <= ' ' || c == '"':
			return i
		case c == '\\' && i+1 < len(line) && strings.IndexByte(bibEscapable, line[i+1]) >= 0:
			b.WriteByte(line[i+1])
			i += 2
			continue
		case c == '{':
			depth++
		case c == '}':
			if depth == 0 {
				return i
			}
			depth--
		default:
			b.WriteByte(c)
		}
		i++
	}
	return i
}
