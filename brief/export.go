package brief

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/contract"
)

// entries are the ledger entries the brief cites, in reference order: the
// exports are rendered from them, never from model text.
func (b view) entries(l contract.Ledger) []contract.Entry {
	out := make([]contract.Entry, 0, len(b.References))
	for _, r := range b.References {
		if e, ok := l.ByDOI(r.DOI); ok {
			out = append(out, e)
		}
	}
	return out
}

// RenderExport renders entries as a reference export: BibTeX, RIS or CSL
// JSON (read by pandoc, Zotero and most reference managers).
func RenderExport(f Format, entries []contract.Entry) ([]byte, error) {
	switch f {
	case BibTeX:
		return renderBibTeX(entries), nil
	case RIS:
		return renderRIS(entries), nil
	case CSL:
		return renderCSL(entries)
	}
	return nil, fmt.Errorf("export: unknown format %q (want bib, ris or csl)", f)
}

// initialsName matches Europe PMC's "Surname AB" author form.
var initialsName = regexp.MustCompile(`^(.+?) ([A-Z]{1,4})$`)

// splitName returns an author's family and given names. "Smith AB" is
// Europe PMC's form; "Smith, Anna" is BibTeX's; anything else is a family
// name only (a consortium).
func splitName(a string) (family, given string) {
	a = strings.TrimSpace(a)
	if f, g, ok := strings.Cut(a, ","); ok {
		return strings.TrimSpace(f), strings.TrimSpace(g)
	}
	if m := initialsName.FindStringSubmatch(a); m != nil {
		return m[1], m[2]
	}
	return a, ""
}

// BibKeys are stable BibTeX keys for entries: first author's family name,
// year and first title word of four letters or more, in ASCII lower case
// ("smith2020screening"); keys two entries share get a, b, ... suffixes in
// entry order.
func BibKeys(entries []contract.Entry) []string {
	keys := make([]string, len(entries))
	count := map[string]int{}
	for i, e := range entries {
		keys[i] = baseKey(e)
		count[keys[i]]++
	}
	seen := map[string]int{}
	for i, k := range keys {
		if count[k] > 1 {
			keys[i] = k + suffix(seen[k])
			seen[k]++
		}
	}
	return keys
}

// suffix is a, b, ..., z, aa, ab, ...
func suffix(n int) string {
	s := string(rune('a' + n%26))
	if n >= 26 {
		return suffix(n/26-1) + s
	}
	return s
}

func baseKey(e contract.Entry) string {
	author := "anon"
	if len(e.Authors) > 0 {
		f, _ := splitName(e.Authors[0])
		if a := asciiWord(f); a != "" {
			author = a
		}
	}
	year := "nd"
	if e.Year > 0 {
		year = strconv.Itoa(e.Year)
	}
	word := ""
	for _, w := range strings.Fields(e.Title) {
		if a := asciiWord(w); len(a) >= 4 {
			word = a
			break
		}
	}
	return author + year + word
}

// asciiWord folds accents and keeps ASCII letters and digits, lower-cased.
func asciiWord(s string) string {
	var sb strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			sb.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			sb.WriteRune(unicode.ToLower(r))
		}
	}
	return sb.String()
}

// bibEscaper escapes what BibTeX would read as markup; braces are dropped,
// as a source title's braces are not meant for BibTeX.
var bibEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, "{", "", "}", "", "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`,
	"\r\n", " ", "\n", " ", "\r", " ")

func renderBibTeX(entries []contract.Entry) []byte {
	var sb strings.Builder
	keys := BibKeys(entries)
	for i, e := range entries {
		kind := "article"
		if e.Preprint {
			kind = "misc"
		}
		fmt.Fprintf(&sb, "@%s{%s,\n", kind, keys[i])
		field := func(name, v string) {
			if v != "" {
				fmt.Fprintf(&sb, "  %s = {%s},\n", name, bibEscaper.Replace(v))
			}
		}
		var authors []string
		for _, a := range e.Authors {
			f, g := splitName(a)
			if g != "" {
				f += ", " + g
			}
			authors = append(authors, f)
		}
		field("author", strings.Join(authors, " and "))
		field("title", e.Title)
		field("journal", e.Journal)
		if e.Year > 0 {
			field("year", strconv.Itoa(e.Year))
		}
		field("doi", e.DOI)
		field("pmid", e.PMID)
		field("pmcid", e.PMCID)
		if e.Preprint {
			field("note", "Preprint, not peer reviewed")
		}
		sb.WriteString("}\n\n")
	}
	return []byte(sb.String())
}

// risLine keeps a RIS value on one line.
var risLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

func renderRIS(entries []contract.Entry) []byte {
	var sb strings.Builder
	tag := func(t, v string) {
		if v = strings.TrimSpace(risLine.Replace(v)); v != "" {
			fmt.Fprintf(&sb, "%s  - %s\r\n", t, v)
		}
	}
	for _, e := range entries {
		kind := "JOUR"
		if e.Preprint {
			kind = "UNPB"
		}
		tag("TY", kind)
		for _, a := range e.Authors {
			f, g := splitName(a)
			if g != "" {
				f += ", " + g
			}
			tag("AU", f)
		}
		tag("TI", e.Title)
		tag("JO", e.Journal)
		if e.Year > 0 {
			tag("PY", strconv.Itoa(e.Year))
		}
		tag("DO", e.DOI)
		if e.PMID != "" {
			tag("AN", "PMID:"+e.PMID)
		}
		if e.PMCID != "" {
			tag("C2", e.PMCID)
		}
		tag("UR", "https://doi.org/"+e.DOI)
		if e.Preprint {
			tag("N1", "Preprint, not peer reviewed")
		}
		sb.WriteString("ER  - \r\n\r\n")
	}
	return []byte(sb.String())
}

type cslName struct {
	Family string `json:"family,omitempty"`
	Given  string `json:"given,omitempty"`
	// Literal is a name that is not a person's (a consortium).
	Literal string `json:"literal,omitempty"`
}

type cslItem struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	Title          string    `json:"title"`
	Author         []cslName `json:"author,omitempty"`
	ContainerTitle string    `json:"container-title,omitempty"`
	Issued         *cslDate  `json:"issued,omitempty"`
	DOI            string    `json:"DOI"`
	PMID           string    `json:"PMID,omitempty"`
	PMCID          string    `json:"PMCID,omitempty"`
	URL            string    `json:"URL"`
	Note           string    `json:"note,omitempty"`
}

type cslDate struct {
	DateParts [][]int `json:"date-parts"`
}

func renderCSL(entries []contract.Entry) ([]byte, error) {
	keys := BibKeys(entries)
	items := make([]cslItem, 0, len(entries))
	for i, e := range entries {
		it := cslItem{ID: keys[i], Type: "article-journal", Title: e.Title, ContainerTitle: e.Journal, DOI: e.DOI, PMID: e.PMID, PMCID: e.PMCID, URL: "https://doi.org/" + e.DOI}
		if e.Preprint {
			it.Type, it.Note = "article", "Preprint, not peer reviewed"
		}
		for _, a := range e.Authors {
			f, g := splitName(a)
			if g == "" && strings.Contains(f, " ") {
				it.Author = append(it.Author, cslName{Literal: f})
				continue
			}
			it.Author = append(it.Author, cslName{Family: f, Given: g})
		}
		if e.Year > 0 {
			it.Issued = &cslDate{DateParts: [][]int{{e.Year}}}
		}
		items = append(items, it)
	}
	return marshalIndent(items)
}

// CitedEntries are the ledger entries draft cites, in reference order: what
// an export of its brief lists.
func CitedEntries(d contract.Draft, l contract.Ledger) ([]contract.Entry, error) {
	b, err := newView(Content{Draft: d, Ledger: l})
	if err != nil {
		return nil, err
	}
	return b.entries(l), nil
}
