package refline

import (
	"regexp"
	"strings"
)

// Block is one reference as a document lays it out: a list item with its
// indented or wrapped continuation lines, or a paragraph.
type Block struct {
	// Lines are the block's lines as written, list marker included.
	Lines []string
	// Line is the 1-based line of the block's first line.
	Line int
}

// Text is the block's lines joined by newlines.
func (b Block) Text() string { return strings.Join(b.Lines, "\n") }

// quoteMarks are the blockquote marks a line opens with: "> ", "> > ".
var quoteMarks = regexp.MustCompile(`^\s{0,3}(?:>\s?)+`)

// mdItem is a line that opens a Markdown list item: a bullet (-, *, +), a
// number ("1." "1)") or a bracketed number ("[1]"), at any depth.
var mdItem = regexp.MustCompile(`^\s*(?:[-*+]|\d{1,6}[.)]|\[\d{1,6}\])\s+\S`)

// indent is the width of the white space line opens with.
func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// Blocks splits text into reference blocks: a list item (a line that
// opens with markup, see OpensItem) starts a block, a blank line or a
// Markdown heading ends one, and any other line continues the block before
// it (a wrapped line) or starts a paragraph. Markup other than a Markdown
// list marker opens an item only on a line indented no deeper than the
// block's first: a deeper line continues it ("  — *Title.*", "  · a note").
// A blockquote is read as its
// lines without their ">".
func Blocks(text string) []Block {
	var (
		out []Block
		cur *Block
	)
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(strings.TrimSpace(line), ">") {
			line = quoteMarks.ReplaceAllString(line, "")
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			flush()
		case cur == nil || OpensItem(line) && (mdItem.MatchString(line) || indent(line) <= indent(cur.Lines[0])):
			flush()
			cur = &Block{Lines: []string{line}, Line: i + 1}
		default:
			cur.Lines = append(cur.Lines, line)
		}
	}
	flush()
	return out
}
