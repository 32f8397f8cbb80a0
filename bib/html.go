package bib

import (
	"bytes"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// parseHTML reads an HTML bibliography (a page's <ol> of references,
// pandoc --citeproc's <div class="csl-entry"> list) as the text a reader
// sees, each block element a paragraph of its own and each heading a
// Markdown heading, through the Markdown and text reader (referenceLines):
// so "<h2>References</h2>" opens a reference list as "## References" does,
// and pandoc's <div id="refs"> is one. Each entry's lines are the lines of
// the file it is written on.
func parseHTML(data []byte) []Entry {
	r := renderHTML(data)
	entries := referenceLines(strings.Join(r.lines, "\n"))
	at := func(l int, src []int) int {
		if l >= 1 && l <= len(src) {
			return src[l-1]
		}
		return l
	}
	for i := range entries {
		e := &entries[i]
		e.last = at(max(e.last, e.Line), r.last)
		e.Line = at(e.Line, r.first)
		e.Label = "line " + strconv.Itoa(e.Line)
	}
	return entries
}

// htmlText is an HTML page rendered as text: its lines, and for each the
// lines of the file its text starts and ends on.
type htmlText struct {
	lines       []string
	first, last []int
}

// htmlBlocks are the elements that break the text into paragraphs.
var htmlBlocks = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "br": true,
	"caption": true, "dd": true, "div": true, "dl": true, "dt": true, "figcaption": true, "figure": true,
	"footer": true, "form": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"header": true, "hr": true, "html": true, "li": true, "main": true, "nav": true, "ol": true, "p": true,
	"pre": true, "section": true, "table": true, "tbody": true, "thead": true, "tfoot": true, "tr": true, "ul": true,
}

// htmlHidden are the elements whose text no reader sees.
var htmlHidden = map[string]bool{"head": true, "script": true, "style": true, "template": true, "noscript": true, "title": true, "svg": true}

// renderHTML is the text a reader of page sees, block by block.
func renderHTML(page []byte) htmlText {
	var (
		out              htmlText
		cur              strings.Builder
		curFirst, curEnd int
		prefix           string // a list item's marker or a heading's #s, for the next text
		hidden           int
		lists            []int // the open lists: -1 an <ul>, else the <ol>'s last number
		divs             []bool
		href             string
		hrefAt           = -1
	)
	line := 1 // the line the next token starts on
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" {
			out.lines = append(out.lines, t, "")
			out.first = append(out.first, curFirst, curEnd)
			out.last = append(out.last, curEnd, curEnd)
		}
		cur.Reset()
		hrefAt = -1
	}
	heading := func(text string, at int) {
		flush()
		out.lines = append(out.lines, text, "")
		out.first = append(out.first, at, at)
		out.last = append(out.last, at, at)
	}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		start := line
		line += bytes.Count(raw, []byte("\n"))
		switch tt {
		case html.TextToken:
			if hidden > 0 {
				break
			}
			lead := len(raw) - len(bytes.TrimLeft(raw, " \t\r\n\f"))
			if lead == len(raw) {
				if cur.Len() > 0 {
					cur.WriteByte(' ')
				}
				break
			}
			if strings.TrimSpace(cur.String()) == "" {
				cur.Reset()
				curFirst = start + bytes.Count(raw[:lead], []byte("\n"))
				cur.WriteString(prefix)
				prefix = ""
			}
			trail := len(bytes.TrimRight(raw, " \t\r\n\f"))
			curEnd = start + bytes.Count(raw[:trail], []byte("\n"))
			text := string(z.Text())
			if strings.TrimLeft(text, " \t\r\n\f") != text && cur.Len() > 0 {
				cur.WriteByte(' ')
			}
			cur.WriteString(strings.Join(strings.Fields(text), " "))
			if strings.TrimRight(text, " \t\r\n\f") != text {
				cur.WriteByte(' ')
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			attrs := map[string]string{}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs[string(k)] = string(v)
			}
			if htmlHidden[tag] {
				if tt == html.StartTagToken {
					hidden++
				}
				break
			}
			if hidden > 0 {
				break
			}
			switch tag {
			case "a":
				href, hrefAt = attrs["href"], cur.Len()
			case "td", "th":
				cur.WriteByte(' ')
			case "ol":
				n := 0
				if s, err := strconv.Atoi(attrs["start"]); err == nil {
					n = s - 1
				}
				lists = append(lists, n)
			case "ul":
				lists = append(lists, -1)
			case "div":
				class := " " + attrs["class"] + " "
				inline := strings.Contains(class, " csl-left-margin ") || strings.Contains(class, " csl-right-inline ")
				if tt == html.StartTagToken {
					divs = append(divs, inline)
				}
				if attrs["id"] == "refs" || strings.Contains(class, " csl-bib-body ") {
					heading("# References", start)
				}
				if inline {
					cur.WriteByte(' ')
					continue
				}
			}
			if htmlBlocks[tag] {
				flush()
			}
			switch {
			case tag == "li":
				prefix = "- "
				if k := len(lists) - 1; k >= 0 && lists[k] >= 0 {
					lists[k]++
					prefix = strconv.Itoa(lists[k]) + ". "
				}
			case len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6':
				prefix = strings.Repeat("#", int(tag[1]-'0')) + " "
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			if htmlHidden[tag] {
				hidden = max(hidden-1, 0)
				break
			}
			if hidden > 0 {
				break
			}
			switch tag {
			case "a":
				if hrefAt >= 0 && hrefAt <= cur.Len() {
					if i := strings.Index(href, "10."); i >= 0 && !strings.Contains(cur.String()[hrefAt:], href[i:]) {
						cur.WriteString(" " + href)
					}
				}
				hrefAt = -1
			case "ol", "ul":
				if len(lists) > 0 {
					lists = lists[:len(lists)-1]
				}
			case "div":
				inline := false
				if len(divs) > 0 {
					inline, divs = divs[len(divs)-1], divs[:len(divs)-1]
				}
				if inline {
					cur.WriteByte(' ')
					continue
				}
			}
			if htmlBlocks[tag] {
				flush()
				prefix = ""
			}
		}
	}
	flush()
	return out
}
