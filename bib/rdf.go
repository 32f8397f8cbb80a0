package bib

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// errNotZoteroRDF says an .rdf file has no rdf:RDF root.
var errNotZoteroRDF = errors.New("not RDF/XML: no rdf:RDF root element")

// parseZoteroRDF reads Zotero's RDF export: every element under rdf:RDF
// is an item (bib:Article, bib:Book, rdf:Description …) but attachments,
// notes, collections and the containers (bib:Journal) an item's
// dcterms:isPartOf names, which give the item its journal, volume and
// issue. dc:identifier "DOI 10.…" is the DOI, on the item or its
// container; the authors are bib:authors' foaf:surname and givenName.
func parseZoteroRDF(data []byte) ([]Entry, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var root *xnode
	for root == nil {
		tok, err := dec.Token()
		if err != nil {
			return nil, errNotZoteroRDF
		}
		if t, ok := tok.(xml.StartElement); ok {
			if t.Name.Local != "RDF" {
				return nil, errNotZoteroRDF
			}
			line, _ := dec.InputPos()
			root, err = readXNode(dec, t, line)
			if err != nil {
				return zoteroEntries(root), fmt.Errorf("Zotero RDF: %w", err)
			}
		}
	}
	return zoteroEntries(root), nil
}

// zoteroEntries are the items of an rdf:RDF element, in file order.
func zoteroEntries(root *xnode) []Entry {
	byAbout := map[string]*xnode{}
	parts := map[string]bool{}
	for _, n := range root.kids {
		if a := n.attrOf("about"); a != "" {
			byAbout[a] = n
		}
		for _, p := range n.children("isPartOf") {
			if r := p.attrOf("resource"); r != "" {
				parts[r] = true
			}
		}
	}
	var out []Entry
	for _, n := range root.kids {
		switch n.name.Local {
		case "Attachment", "Memo", "Collection":
			continue
		}
		switch n.child("itemType").all() {
		case "attachment", "note":
			continue
		}
		if parts[n.attrOf("about")] {
			continue
		}
		out = append(out, zoteroEntry(n, byAbout, len(out)+1))
	}
	return out
}

// anyYear is a year anywhere in a date ("March 2018", "2018-03-01").
var anyYear = regexp.MustCompile(`\b(1[5-9]\d\d|20\d\d)\b`)

// zoteroEntry is the entry of Zotero RDF item n, the k-th of its file.
func zoteroEntry(n *xnode, byAbout map[string]*xnode, k int) Entry {
	e := Entry{Label: "record " + strconv.Itoa(k) + " (line " + strconv.Itoa(n.line) + ")", Line: n.line, last: max(n.last, n.line)}
	e.Title = n.child("title").all()
	for _, li := range n.child("authors", "Seq").children("li") {
		for _, p := range li.kids {
			family, given := p.child("surname").all(), p.child("givenName").all()
			switch {
			case family != "" && given != "":
				e.Authors = append(e.Authors, family+", "+given)
			case family != "":
				e.Authors = append(e.Authors, family)
			case p.child("name").all() != "":
				e.Authors = append(e.Authors, p.child("name").all())
			}
		}
	}
	if m := anyYear.FindString(n.child("date").all()); m != "" {
		e.Year, _ = strconv.Atoi(m)
	}
	e.Pages = n.child("pages").all()
	e.Publisher = n.child("publisher").all()
	e.Abstract = n.child("abstract").all()
	switch t := n.child("itemType").all(); {
	case t == "journalArticle" || t == "magazineArticle" || t == "newspaperArticle":
		e.Type = TypeArticle
	case t == "preprint":
		e.Type = TypePreprint
	case t != "":
		e.Type = TypeOther
	case n.name.Local == "Article":
		e.Type = TypeArticle
	}
	ids := n.children("identifier")
	var container *xnode
	if p := n.child("isPartOf"); p != nil {
		if len(p.kids) > 0 {
			container = p.kids[0]
		} else {
			container = byAbout[p.attrOf("resource")]
		}
	}
	if container != nil {
		e.Journal = container.child("title").all()
		e.Volume = container.child("volume").all()
		e.Issue = container.child("number").all()
		ids = append(ids, container.children("identifier")...)
	}
	if e.Volume == "" {
		e.Volume = n.child("volume").all()
	}
	if e.Issue == "" {
		e.Issue = n.child("number").all()
	}
	var others []string
	for _, id := range ids {
		v := id.all()
		switch {
		case strings.HasPrefix(v, "DOI ") && e.RawDOI == "":
			e.setDOI(strings.TrimSpace(v[4:]))
			e.doiLine = id.line
		case strings.HasPrefix(v, "ISSN "):
			e.ISSN = append(e.ISSN, splitList(v[5:])...)
		default:
			others = append(others, v)
		}
	}
	others = append(others, n.child("description").all())
	e.takeFieldDOIs(others...)
	e.otherDOIsIn(e.Abstract)
	return e
}
