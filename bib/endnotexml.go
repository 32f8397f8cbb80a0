package bib

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// xnode is an XML element read whole: its name, attributes, character
// data (its own, not its children's), children and the lines it starts
// and ends on.
type xnode struct {
	name       xml.Name
	attr       []xml.Attr
	text       strings.Builder
	kids       []*xnode
	line, last int
}

// maxXMLDepth bounds how deep an element is read; deeper elements' text
// still counts, their structure does not.
const maxXMLDepth = 64

// readXNode reads the element whose start dec has just given, to its end.
func readXNode(dec *xml.Decoder, start xml.StartElement, line int) (*xnode, error) {
	root := &xnode{name: start.Name, attr: start.Attr, line: line}
	stack := []*xnode{root}
	for len(stack) > 0 {
		tok, err := dec.Token()
		if err != nil {
			return root, err
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			l, _ := dec.InputPos()
			if len(stack) >= maxXMLDepth {
				// Too deep: its text joins its parent's.
				stack = append(stack, top)
				continue
			}
			n := &xnode{name: t.Name, attr: t.Attr, line: l}
			top.kids = append(top.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			top.last, _ = dec.InputPos()
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.text.Write(t)
		}
	}
	return root, nil
}

// all is the text of n and its descendants, in document order, its white
// space collapsed: what a reader sees of "<title><style>A</style>
// <style>B</style></title>".
func (n *xnode) all() string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*xnode)
	walk = func(n *xnode) {
		b.WriteString(n.text.String())
		b.WriteByte(' ')
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// child is n's first child of the given local name, nil when there is
// none; path names nested children ("titles", "title").
func (n *xnode) child(path ...string) *xnode {
	for _, p := range path {
		if n == nil {
			return nil
		}
		var next *xnode
		for _, k := range n.kids {
			if k.name.Local == p {
				next = k
				break
			}
		}
		n = next
	}
	return n
}

// children are n's children of the given local name.
func (n *xnode) children(name string) []*xnode {
	if n == nil {
		return nil
	}
	var out []*xnode
	for _, k := range n.kids {
		if k.name.Local == name {
			out = append(out, k)
		}
	}
	return out
}

// attrOf is the value of n's attribute of the given local name.
func (n *xnode) attrOf(local string) string {
	for _, a := range n.attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// errNotEndNoteXML says an .xml file is not EndNote's: Parse reads it as
// text, as it did before EndNote XML was read.
var errNotEndNoteXML = errors.New("not EndNote XML")

// parseEndNoteXML reads an EndNote XML export: <xml><records> and one
// <record> each reference, its text inside <style> elements. A file whose
// root is not <xml> (or <records>) is errNotEndNoteXML. A file that
// breaks off gives the records read before the break, and the error.
func parseEndNoteXML(data []byte) ([]Entry, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var out []Entry
	depth, rooted := 0, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if !rooted {
				return nil, errNotEndNoteXML
			}
			return out, nil
		}
		if err != nil {
			if !rooted {
				return nil, errNotEndNoteXML
			}
			return out, fmt.Errorf("EndNote XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, _ := dec.InputPos()
			switch {
			case depth == 0 && t.Name.Local != "xml" && t.Name.Local != "records":
				return nil, errNotEndNoteXML
			case depth == 0:
				rooted = true
			case t.Name.Local == "record":
				n, err := readXNode(dec, t, line)
				out = append(out, endNoteEntry(n, len(out)+1))
				if err != nil {
					return out, fmt.Errorf("EndNote XML: record %d: %w", len(out), err)
				}
				continue
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}

// endNoteEntry is the entry of one EndNote XML record, the n-th of its
// file.
func endNoteEntry(r *xnode, n int) Entry {
	e := Entry{Label: "record " + strconv.Itoa(n) + " (line " + strconv.Itoa(r.line) + ")", Line: r.line, last: max(r.last, r.line)}
	e.Title = r.child("titles", "title").all()
	for _, a := range r.child("contributors", "authors").children("author") {
		if s := a.all(); s != "" {
			e.Authors = append(e.Authors, s)
		}
	}
	e.Journal = r.child("periodical", "full-title").all()
	if e.Journal == "" {
		e.Journal = r.child("titles", "secondary-title").all()
	}
	if e.Journal == "" {
		e.Journal = r.child("periodical", "abbr-1").all()
	}
	e.Year = leadingYear(r.child("dates", "year").all())
	e.Volume = r.child("volume").all()
	e.Issue = r.child("number").all()
	e.Pages = r.child("pages").all()
	e.Publisher = r.child("publisher").all()
	if s := r.child("isbn").all(); s != "" {
		e.ISSN = splitList(s)
	}
	e.Abstract = r.child("abstract").all()
	if rt := r.child("ref-type"); rt != nil {
		e.Type = referType(rt.attrOf("name"))
	}
	if d := r.child("electronic-resource-num"); d != nil {
		e.setDOI(d.all())
		e.doiLine = d.line
	}
	var others []string
	if u := r.child("urls"); u != nil {
		others = append(others, u.all())
	}
	for _, f := range []string{"notes", "accession-num", "custom1", "custom2", "label"} {
		others = append(others, r.child(f).all())
	}
	e.takeFieldDOIs(others...)
	e.otherDOIsIn(e.Abstract)
	return e
}
