package jats

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// section is the section being read: the path its text goes under, and the
// paragraphs read so far that no child section has flushed.
type section struct {
	part Part
	path string
	kind Kind
	// titled: the element's <title> (and <label>) extend the path.
	titled bool
	// dropText: text directly under this element is not kept (a
	// floats-group holds only tables and figures).
	dropText bool
	// typed: a sec-type attribute gave the section a content kind
	// (results, methods…), which its heading cannot make back matter.
	typed      bool
	raw, clean []string
}

func (s *section) add(t *text) {
	if s.dropText {
		return
	}
	raw, clean := t.rawText(), t.cleanText()
	if clean == "" && raw == "" {
		return
	}
	if raw == clean {
		raw = clean // one copy of the text, not two
	}
	s.raw, s.clean = append(s.raw, raw), append(s.clean, clean)
}

// flush emits the paragraphs read so far as one Section.
func (r *reader) flush(s *section) {
	if len(s.clean) == 0 {
		return
	}
	kind := s.kind
	switch {
	case kind != "":
	case s.part == Abstract:
		kind = KindAbstract
	default:
		kind = KindOther
	}
	r.art.Sections = append(r.art.Sections, Section{
		Path: s.path, Part: s.part, Kind: kind,
		Text: strings.Join(s.clean, "\n\n"), Raw: strings.Join(s.raw, "\n\n"),
	})
	s.raw, s.clean = nil, nil
}

// blocks reads the block content of the element just started into s, and
// flushes it at its end.
func (r *reader) blocks(s *section) error {
	var label string
	err := r.children(func(el xml.StartElement) error {
		switch el.Name.Local {
		case "label":
			if s.titled {
				label = strings.TrimRight(r.plain(), ".:")
				return nil
			}
		case "title":
			if s.titled {
				var t text
				if err := r.inline(&t); err != nil {
					return err
				}
				title := strings.TrimSpace(strings.Join(nonEmpty(label, t.cleanText()), " "))
				s.titled = false
				if title == "" || strings.EqualFold(title, string(s.part)) {
					return nil
				}
				s.path = extend(s.path, title)
				if k := titleKind(title); k != "" && s.part != Float {
					s.kind = k
				}
				if s.part == Body && !s.typed && isBackMatter("", title) {
					return errDrop
				}
				return nil
			}
		}
		return r.block(s, el)
	}, func(string) {})
	if err == errDrop {
		s.raw, s.clean = nil, nil
		return r.skip()
	}
	if err != nil {
		return err
	}
	r.flush(s)
	return nil
}

// errDrop ends the reading of a section found to be back matter by its
// title; blocks skips the rest of it.
var errDrop = dropError{}

type dropError struct{}

func (dropError) Error() string { return "jats: back matter" }

// block reads one child element of a section.
func (r *reader) block(s *section, el xml.StartElement) error {
	switch el.Name.Local {
	case "sec":
		secType := attr(el, "sec-type")
		if isBackMatter(secType, "") {
			return r.skip()
		}
		r.flush(s)
		child := &section{part: s.part, path: s.path, kind: s.kind, titled: true}
		if k := secTypeKind(secType); k != "" {
			child.kind, child.typed = k, k != KindOther
		}
		return r.blocks(child)
	case "table-wrap", "fig", "table-wrap-group", "fig-group":
		return r.float(el)
	case "label", "ref-list", "fn-group", "fn", "ack", "notes", "glossary",
		"supplementary-material", "kwd-group", "graphic", "media", "inline-graphic",
		"alt-text", "long-desc", "object-id", "tex-math", "permissions", "attrib":
		return r.skip()
	case "p", "title", "disp-formula", "term", "def", "speech", "verse-line", "preformat", "code":
		var t text
		if err := r.inline(&t); err != nil {
			return err
		}
		s.add(&t)
		return nil
	case "tr":
		return r.row(s)
	}
	// list, list-item, boxed-text, disp-quote, statement, def-list,
	// def-item, table, thead, tbody, caption, table-wrap-foot, ...: their
	// blocks go on in the same section.
	return r.children(func(child xml.StartElement) error { return r.block(s, child) }, func(string) {})
}

// row reads a table row: its cells, tab-separated, as one paragraph.
func (r *reader) row(s *section) error {
	var cells []string
	var raws []string
	err := r.children(func(el xml.StartElement) error {
		if el.Name.Local != "td" && el.Name.Local != "th" {
			return r.skip()
		}
		var t text
		if err := r.inline(&t); err != nil {
			return err
		}
		cells, raws = append(cells, t.cleanText()), append(raws, t.rawText())
		return nil
	}, nil)
	if err != nil {
		return err
	}
	if strings.TrimSpace(strings.Join(cells, "")) != "" || strings.TrimSpace(strings.Join(raws, "")) != "" {
		s.raw, s.clean = append(s.raw, strings.Join(raws, "\t")), append(s.clean, strings.Join(cells, "\t"))
	}
	return nil
}

// float reads a table or figure into a section of its own, named by its
// label: "table 2", "figure 1 legend".
func (r *reader) float(el xml.StartElement) error {
	kind, noun, suffix := KindTable, "table", ""
	if strings.HasPrefix(el.Name.Local, "fig") {
		kind, noun, suffix = KindFigure, "figure", " legend"
	}
	if strings.HasSuffix(el.Name.Local, "-group") {
		return r.children(func(child xml.StartElement) error {
			switch child.Name.Local {
			case "table-wrap", "fig":
				return r.float(child)
			}
			return r.skip()
		}, nil)
	}
	s := &section{part: Float, kind: kind}
	var label string
	err := r.children(func(child xml.StartElement) error {
		if child.Name.Local == "label" {
			label = floatLabel(r.plain())
			return nil
		}
		return r.block(s, child)
	}, nil)
	if err != nil {
		return err
	}
	if label == "" {
		r.floats++
		label = fmt.Sprintf("unlabelled %s %d", noun, r.floats)
	}
	s.path = label + suffix
	r.flush(s)
	return nil
}

// Bounds on a section path, so that sections nested deep cannot make the
// paths of their descendants grow without end: past maxPathTitles titles the
// deeper ones are not named, and a title is cut at maxTitleRunes.
const (
	maxPathTitles = 8
	maxTitleRunes = 160
)

// extend appends title to path within those bounds.
func extend(path, title string) string {
	if strings.Count(path, pathSep) >= maxPathTitles {
		return path
	}
	if r := []rune(title); len(r) > maxTitleRunes {
		title = string(r[:maxTitleRunes-1]) + "…"
	}
	return path + pathSep + title
}

// floatLabel turns "TABLE 1", "Table 2." or "Fig. 1:" into "table 1",
// "table 2", "figure 1".
func floatLabel(s string) string {
	s = strings.ToLower(strings.TrimRight(collapse(s), ".:"))
	for _, abbr := range []struct{ short, long string }{{"fig.", "figure"}, {"fig", "figure"}, {"tab.", "table"}} {
		if rest, ok := strings.CutPrefix(s, abbr.short); ok && (rest == "" || rest[0] == ' ' || rest[0] >= '0' && rest[0] <= '9') {
			return abbr.long + " " + strings.TrimSpace(rest)
		}
	}
	return s
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
