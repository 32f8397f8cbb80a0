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

// itemStart matches a line that opens a list item: a bullet (-, *, +), a
// number ("1." "1)") or a bracketed number ("[1]").
var itemStart = regexp.MustCompile(`^\s*(?:[-*+]|\d{1,6}[.)]|\[\d{1,6}\])\s+\S`)

// Blocks splits text into reference blocks: a list item starts a block, a
// blank line or a Markdown heading ends one, and any other line continues
// the block before it (a wrapped line) or starts a paragraph.
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
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			flush()
		case itemStart.MatchString(line) || cur == nil:
			flush()
			cur = &Block{Lines: []string{line}, Line: i + 1}
		default:
			cur.Lines = append(cur.Lines, line)
		}
	}
	flush()
	return out
}
