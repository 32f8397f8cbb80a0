// Package markuptest reads a brief as its readers' tools do: brief.md
// through a CommonMark renderer with GitHub's extensions (goldmark with
// tables, strikethrough and autolinks, raw HTML kept so that any shows),
// brief.html through an HTML5 parser (golang.org/x/net/html). Tests use it
// to hold that markup typed into prose means nothing.
package markuptest

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"
)

// Page is what a reader is shown of a rendered page: every element in
// document order (a comment as "<!--"), and the text of each kind of
// block the prose of a brief goes into.
type Page struct {
	Tags []string
	// Title is the text of the HTML title element ("" in Markdown).
	Title string
	// H1 and H2 are the texts of the headings, Paragraphs of the
	// paragraphs outside block quotes, Quotes of the block quotes, in
	// order; every text has the spaces at its ends trimmed.
	H1, H2, Paragraphs, Quotes []string
}

// Count returns how many elements named tag the page holds.
func (p Page) Count(tag string) int {
	n := 0
	for _, t := range p.Tags {
		if t == tag {
			n++
		}
	}
	return n
}

// gfm is GitHub's flavour of CommonMark.
var gfm = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// Markdown renders md as GitHub would and reads the page.
func Markdown(md []byte) (Page, error) {
	var out bytes.Buffer
	if err := gfm.Convert(md, &out); err != nil {
		return Page{}, fmt.Errorf("markuptest: render: %w", err)
	}
	return HTML(out.Bytes())
}

// HTML parses page as a browser would and reads it.
func HTML(page []byte) (Page, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return Page{}, fmt.Errorf("markuptest: parse: %w", err)
	}
	var p Page
	var walk func(n *html.Node, quoted bool)
	walk = func(n *html.Node, quoted bool) {
		switch n.Type {
		case html.CommentNode:
			p.Tags = append(p.Tags, "<!--")
		case html.ElementNode:
			p.Tags = append(p.Tags, n.Data)
			switch n.Data {
			case "title":
				p.Title = textOf(n)
			case "h1":
				p.H1 = append(p.H1, textOf(n))
			case "h2":
				p.H2 = append(p.H2, textOf(n))
			case "p":
				if !quoted {
					p.Paragraphs = append(p.Paragraphs, textOf(n))
				}
			case "blockquote":
				p.Quotes = append(p.Quotes, textOf(n))
				quoted = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, quoted)
		}
	}
	walk(doc, false)
	return p, nil
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

// charRef is a character reference no backslash escapes.
var charRef = regexp.MustCompile(`(^|[^\\])&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);`)

// CharacterReference returns the first character reference Markdown text
// holds ("&lt;", "&#178;"), or "".
func CharacterReference(md []byte) string {
	m := charRef.FindSubmatch(md)
	if m == nil {
		return ""
	}
	return string(m[0][len(m[1]):])
}
