package jats

import (
	"encoding/xml"
	"regexp"
	"strings"
)

// marker stands for a removed citation marker in the clean text until
// dropMarkers removes it with the brackets around it. U+FFFF cannot occur
// in XML text (encoding/xml refuses it), so it never stands for itself.
const marker = '\uFFFF'

// text is a run of inline content read twice: raw keeps citation markers
// as their text nodes spell them, clean has a marker rune in their place.
type text struct {
	raw, clean strings.Builder
}

func (t *text) write(s string) {
	t.raw.WriteString(s)
	t.clean.WriteString(s)
}

func (t *text) rawText() string { return collapse(t.raw.String()) }

func (t *text) cleanText() string { return collapse(dropMarkers(t.clean.String())) }

// onlyMarkers reports whether the clean text holds a marker and nothing but
// markers and separators: a superscript that is only a citation.
func (t *text) onlyMarkers() bool {
	s := t.clean.String()
	return strings.ContainsRune(s, marker) && strings.Trim(s, markerSeparators+string(marker)) == ""
}

// markerSeparators may stand between the markers of one citation.
const markerSeparators = " \t\n\r,;–—‐‑−-"

// separatorClass is markerSeparators inside a regular expression class.
var separatorClass = strings.ReplaceAll(markerSeparators, "-", `\-`)

// isCitation reports whether an <xref> is a citation marker: a reference
// (ref-type "bibr", or "ref" in some publishers' JATS) or a footnote.
func isCitation(el xml.StartElement) bool {
	switch attr(el, "ref-type") {
	case "bibr", "ref", "fn", "table-fn":
		return true
	}
	return false
}

// inline reads the inline content of the element just started into t.
func (r *reader) inline(t *text) error {
	return r.children(func(el xml.StartElement) error {
		switch el.Name.Local {
		case "xref":
			if isCitation(el) {
				t.raw.WriteString(r.plain())
				t.clean.WriteRune(marker)
				return nil
			}
		case "sup", "sub":
			var u text
			if err := r.inline(&u); err != nil {
				return err
			}
			if u.onlyMarkers() {
				t.raw.WriteString(u.raw.String())
				t.clean.WriteString(u.clean.String())
				return nil
			}
			sup := el.Name.Local == "sup"
			t.raw.WriteString(script(u.raw.String(), sup))
			t.clean.WriteString(script(u.clean.String(), sup))
			return nil
		case "math":
			m, err := r.math(el)
			if err != nil {
				return err
			}
			t.write(m)
			return nil
		case "break":
			t.write(" ")
			return r.skip()
		case "fn", "tex-math", "inline-graphic", "graphic", "alt-text", "ref-list", "object-id":
			return r.skip()
		case "table-wrap", "fig", "table-wrap-group", "fig-group":
			return r.float(el)
		case "p", "list-item", "title":
			t.write(" ")
		}
		return r.inline(t)
	}, t.write)
}

var (
	// citationGroup is a bracketed or parenthesised citation: markers
	// with separators, or an author–year list whose years were the
	// markers ("(Wu et al. \uFFFF; Lee and Kim \uFFFF)"). Runs of groups
	// joined by a dash or comma ("[1]–[3]") go as one.
	citationGroup = regexp.MustCompile(`\s*` + group + `(?:\s*[,–—\-]\s*` + group + `)*`)
	// loneMarkers are markers with no bracket: a superscript citation.
	loneMarkers = regexp.MustCompile(`[ \t]*\x{FFFF}(?:[` + separatorClass + `]*\x{FFFF})*`)
	spaceRun    = regexp.MustCompile(`[ \t\n\r]+`)
)

// group matches one bracket holding at least one marker, and else only
// separators, author names, "et al.", "and", "&" and the small words of a
// citation ("see", "e.g.", "cf.").
var group = `[\[(]` + groupBody + `\x{FFFF}` + groupBody + `[\])]`

var groupBody = `(?:[` + separatorClass + `\x{FFFF}]|\p{Lu}[\p{L}'’-]*\.?|et al\.?|and|&|see|also|e\.g\.,?|cf\.|for review|reviewed in)*`

// dropMarkers removes the citation markers of a clean text with the
// brackets that hold them only, so that "diabetes [\uFFFF–\uFFFF]." reads
// "diabetes." and "diabetes.\uFFFF The" reads "diabetes. The".
func dropMarkers(s string) string {
	if !strings.ContainsRune(s, marker) {
		return s
	}
	s = citationGroup.ReplaceAllString(s, "")
	s = loneMarkers.ReplaceAllString(s, "")
	return strings.ReplaceAll(s, string(marker), "")
}

// collapse joins runs of ASCII white space into one space and trims the
// ends. Other spaces (no-break, thin) are text and kept.
func collapse(s string) string {
	return strings.TrimSpace(spaceRun.ReplaceAllString(s, " "))
}
