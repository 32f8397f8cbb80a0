package jats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Options bound what Read holds.
type Options struct {
	// MaxBytes caps the input; 0 means DefaultMaxBytes.
	MaxBytes int64
	// MaxDepth caps the element nesting; 0 means DefaultMaxDepth.
	MaxDepth int
}

const (
	// DefaultMaxBytes is 16 MiB: Europe PMC's open-access articles run
	// from 15 KB to under 1 MB.
	DefaultMaxBytes = 16 << 20
	// DefaultMaxDepth is far deeper than any article nests (a table in a
	// list in a boxed text in five levels of sections is under 30).
	DefaultMaxDepth = 256
)

// ErrNotArticle is returned for XML whose root is not <article>.
var ErrNotArticle = errors.New("jats: not a JATS article")

// LimitError says which bound an input passed.
type LimitError struct {
	What  string // "input" or "nesting"
	Limit int64
}

func (e *LimitError) Error() string {
	if e.What == "nesting" {
		return fmt.Sprintf("jats: elements nested deeper than %d", e.Limit)
	}
	return fmt.Sprintf("jats: input larger than %d bytes", e.Limit)
}

// Read reads one JATS article with the default options.
func Read(r io.Reader) (Article, error) { return ReadWith(r, Options{}) }

// ReadWith reads one JATS article from r. It returns an error for input
// that is not well-formed XML, not an <article>, or over a bound of o.
func ReadWith(r io.Reader, o Options) (Article, error) {
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	lr := &io.LimitedReader{R: r, N: o.MaxBytes + 1}
	d := xml.NewDecoder(lr)
	d.Entity = xml.HTMLEntity
	d.Strict = true
	rd := &reader{d: d, lr: lr, opts: o}
	if err := rd.article(); err != nil {
		return Article{}, err
	}
	return rd.art, nil
}

type reader struct {
	d     *xml.Decoder
	lr    *io.LimitedReader
	opts  Options
	depth int
	art   Article
	// floats counts unlabelled tables and figures, to name them apart.
	floats int
}

// next returns the next token that matters: elements and text. Comments,
// processing instructions and directives (DOCTYPE) are skipped; no DTD or
// external entity is ever fetched.
func (r *reader) next() (xml.Token, error) {
	for {
		tok, err := r.d.Token()
		if r.lr.N <= 0 {
			return nil, &LimitError{What: "input", Limit: r.opts.MaxBytes}
		}
		if err != nil {
			if err == io.EOF {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, fmt.Errorf("jats: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			r.depth++
			if r.depth > r.opts.MaxDepth {
				return nil, &LimitError{What: "nesting", Limit: int64(r.opts.MaxDepth)}
			}
			return t, nil
		case xml.EndElement:
			r.depth--
			return t, nil
		case xml.CharData:
			return t, nil
		}
	}
}

// skip consumes the rest of the element whose start was just read.
func (r *reader) skip() error {
	for depth := 1; depth > 0; {
		tok, err := r.next()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// children calls f for each child element of the element whose start was
// just read, until its end; text between children is passed to text when
// it is not nil. f must consume the child (read it or skip it).
func (r *reader) children(f func(xml.StartElement) error, text func(string)) error {
	for {
		tok, err := r.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := f(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		case xml.CharData:
			if text != nil {
				text(string(t))
			}
		}
	}
}

func (r *reader) article() error {
	for {
		tok, err := r.next()
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return ErrNotArticle
			}
			return err
		}
		if _, ok := tok.(xml.CharData); ok {
			continue
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "article" {
			return ErrNotArticle
		}
		r.art.ArticleType = attr(start, "article-type")
		r.art.Form = BodyOnly
		if err := r.children(r.articleChild, nil); err != nil {
			return err
		}
		return r.trailing()
	}
}

// trailing checks that nothing but space follows the root element.
func (r *reader) trailing() error {
	for {
		tok, err := r.d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("jats: %w", err)
		}
		if cd, ok := tok.(xml.CharData); ok && len(bytes.TrimSpace(cd)) == 0 {
			continue
		}
		if _, ok := tok.(xml.StartElement); ok {
			return fmt.Errorf("jats: content after the </article> element")
		}
	}
}

func (r *reader) articleChild(el xml.StartElement) error {
	switch el.Name.Local {
	case "front":
		return r.children(r.front, nil)
	case "body":
		return r.blocks(&section{part: Body, path: string(Body)})
	case "back":
		r.art.Form = WithBack
		return r.children(r.back, nil)
	case "floats-group":
		return r.blocks(&section{part: Float, path: "floats", dropText: true})
	}
	return r.skip() // sub-article, response: not this article's own text
}

func (r *reader) front(el xml.StartElement) error {
	switch el.Name.Local {
	case "journal-meta", "journal-title-group", "article-meta", "title-group", "permissions", "pub-date":
		return r.children(r.front, nil)
	case "contrib-group":
		return r.children(r.contrib, nil)
	case "journal-title":
		if r.art.Journal == "" {
			r.art.Journal = r.plain()
			return nil
		}
	case "article-id":
		id := r.plain()
		switch attr(el, "pub-id-type") {
		case "doi":
			r.art.DOI = strings.ToLower(id)
		case "pmid":
			r.art.PMID = id
		case "pmcid":
			r.art.PMCID = id
		case "pmc":
			if r.art.PMCID == "" && id != "" {
				r.art.PMCID = "PMC" + strings.TrimPrefix(id, "PMC")
			}
		}
		return nil
	case "article-title":
		var t text
		if err := r.inline(&t); err != nil {
			return err
		}
		r.art.Title = t.cleanText()
		return nil
	case "subtitle":
		var t text
		if err := r.inline(&t); err != nil {
			return err
		}
		if s := t.cleanText(); s != "" {
			r.art.Title = strings.TrimRight(r.art.Title, ":") + ": " + s
		}
		return nil
	case "year":
		if r.art.Year == 0 {
			y, err := strconv.Atoi(r.plain())
			if err == nil && y > 0 {
				r.art.Year = y
			}
			return nil
		}
	case "license":
		if r.art.License == "" {
			r.art.License = attr(el, "license-type")
		}
		return r.children(r.license, nil)
	case "abstract":
		path := string(Abstract)
		if t := attr(el, "abstract-type"); t != "" {
			path += " (" + t + ")"
		}
		return r.blocks(&section{part: Abstract, path: path, kind: KindAbstract, titled: true})
	}
	return r.skip()
}

// contrib keeps the authors of a contrib-group, as Europe PMC writes
// them ("Schmid AB"), or a collaboration's name.
func (r *reader) contrib(el xml.StartElement) error {
	if el.Name.Local != "contrib" || (attr(el, "contrib-type") != "" && attr(el, "contrib-type") != "author") {
		return r.skip()
	}
	var surname, given, collab string
	err := r.children(func(c xml.StartElement) error {
		switch c.Name.Local {
		case "name":
			return r.children(func(n xml.StartElement) error {
				switch n.Name.Local {
				case "surname":
					surname = r.plain()
					return nil
				case "given-names":
					given = r.plain()
					return nil
				}
				return r.skip()
			}, nil)
		case "collab":
			collab = r.plain()
			return nil
		}
		return r.skip()
	}, nil)
	if err != nil {
		return err
	}
	switch {
	case surname != "":
		r.art.Authors = append(r.art.Authors, strings.TrimSpace(surname+" "+initials(given)))
	case collab != "":
		r.art.Authors = append(r.art.Authors, collab)
	}
	return nil
}

// initials are the capitals of given names ("Annina B." gives "AB").
func initials(given string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(given, func(r rune) bool { return r == ' ' || r == '.' || r == '-' }) {
		for _, c := range w {
			b.WriteRune(unicode.ToUpper(c))
			break
		}
	}
	return b.String()
}

// license keeps the licence's URL: an ali:license_ref, or a link in its text.
func (r *reader) license(el xml.StartElement) error {
	switch el.Name.Local {
	case "license_ref":
		if u := r.plain(); u != "" {
			r.art.License = u
		}
		return nil
	case "ext-link", "uri":
		href := attrNS(el, "href")
		if err := r.skip(); err != nil {
			return err
		}
		if href != "" && (r.art.License == "" || !strings.Contains(r.art.License, "://")) {
			r.art.License = href
		}
		return nil
	case "license-p":
		return r.children(r.license, nil)
	}
	return r.skip()
}

func (r *reader) back(el xml.StartElement) error {
	switch el.Name.Local {
	case "app-group":
		return r.children(r.back, nil)
	case "app":
		return r.blocks(&section{part: Back, path: string(Back), kind: KindOther, titled: true})
	case "table-wrap", "fig", "table-wrap-group", "fig-group":
		return r.float(el)
	}
	return r.skip() // ack, ref-list, fn-group, notes, glossary, sec (declarations)
}

// plain reads the element's text, markup dropped, space collapsed.
func (r *reader) plain() string {
	var b strings.Builder
	depth := 1
	for depth > 0 {
		tok, err := r.next()
		if err != nil {
			return collapse(b.String())
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.Write(t)
		}
	}
	return collapse(b.String())
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// attrNS is attr for a namespaced attribute such as xlink:href.
func attrNS(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
