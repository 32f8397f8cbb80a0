package bib

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// jsonSource accepts contract.Entry-like and CSL-JSON records. Field names
// match case-insensitively, so "DOI" and "doi" both land in DOI.
type jsonSource struct {
	DOI            string          `json:"doi"`
	Title          string          `json:"title"`
	Abstract       string          `json:"abstract"`
	Authors        []string        `json:"authors"`
	Author         json.RawMessage `json:"author"`
	Journal        string          `json:"journal"`
	ContainerTitle string          `json:"container-title"`
	Year           json.RawMessage `json:"year"`
	// Issued is a CSL date in any form tools write (see cslYearOf).
	Issued              json.RawMessage `json:"issued"`
	ContainerTitleShort string          `json:"container-title-short"`
	JournalAbbreviation string          `json:"journalAbbreviation"`
	TitleShort          string          `json:"title-short"`
	PMID                string          `json:"pmid"`
	PMCID               string          `json:"pmcid"`
	URL                 string          `json:"url"`
	Note                string          `json:"note"`
	Type                string          `json:"type"`
	Volume              json.RawMessage `json:"volume"`
	Issue               json.RawMessage `json:"issue"`
	Page                json.RawMessage `json:"page"`
	ISSN                json.RawMessage `json:"ISSN"`
	Publisher           string          `json:"publisher"`
	// line and last are the lines the record starts and ends on, set by
	// the array reader.
	line, last int
}

// scalar reads a CSL value that files write as a string or a number.
func scalar(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// strings reads a CSL value written as a string or a list of strings.
func stringsOf(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		return many
	}
	return splitList(scalar(raw))
}

// cslYearOf is the year of a CSL date in any form tools write: an object
// with date-parts (numbers or strings), raw, literal or year; a string
// ("2020-07-15", "May 2019"); a number; a list of date objects (older
// citeproc). 0 when it gives none.
func cslYearOf(raw json.RawMessage, depth int) int {
	raw = json.RawMessage(bytes.TrimSpace(raw))
	if len(raw) == 0 || depth > 3 {
		return 0
	}
	switch raw[0] {
	case '{':
		var d struct {
			DateParts [][]json.RawMessage `json:"date-parts"`
			Raw       json.RawMessage     `json:"raw"`
			Literal   json.RawMessage     `json:"literal"`
			Year      json.RawMessage     `json:"year"`
		}
		if json.Unmarshal(raw, &d) != nil {
			return 0
		}
		if len(d.DateParts) > 0 && len(d.DateParts[0]) > 0 {
			if y := cslYearOf(d.DateParts[0][0], depth+1); y > 0 {
				return y
			}
		}
		for _, v := range []json.RawMessage{d.Year, d.Raw, d.Literal} {
			if y := cslYearOf(v, depth+1); y > 0 {
				return y
			}
		}
	case '[':
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil && len(list) > 0 {
			return cslYearOf(list[0], depth+1)
		}
	default:
		if m := cslYear.FindString(scalar(raw)); m != "" {
			return leadingYear(m)
		}
	}
	return 0
}

// cslYear is the year of a CSL date written as text.
var cslYear = regexp.MustCompile(`\b(?:1[5-9]|20)\d\d\b`)

// parseCSL reads a CSL JSON document: an array of items, an object whose
// "items" are the array (as Zotero's web API writes format=csljson), or
// one item on its own. Each record has the lines it starts and ends on.
// An object that is neither gives no entries: it is no CSL.
func parseCSL(data []byte) ([]Entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	lines := lineCounter{data: data}
	if tok == json.Delim('[') {
		recs, err := readCSLItems(dec, &lines)
		return jsonEntries(recs), err
	}
	if tok != json.Delim('{') {
		return nil, nil
	}
	// An object: the items of its "items" array, else the object itself
	// when it has the fields of a CSL item.
	var whole map[string]json.RawMessage
	if err := json.Unmarshal(data, &whole); err != nil {
		return nil, err
	}
	if items, ok := whole["items"]; ok && bytes.HasPrefix(bytes.TrimSpace(items), []byte("[")) {
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if key != "items" {
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return nil, err
				}
				continue
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			recs, err := readCSLItems(dec, &lines)
			return jsonEntries(recs), err
		}
	}
	for _, k := range []string{"type", "title", "DOI", "author", "issued", "container-title"} {
		if _, ok := whole[k]; ok {
			var r jsonSource
			if err := json.Unmarshal(data, &r); err != nil {
				return nil, err
			}
			r.line, r.last = 1, bytes.Count(data, []byte("\n"))+1
			return jsonEntries([]jsonSource{r}), nil
		}
	}
	return nil, nil
}

// lineCounter turns a decoder's offsets into lines, counting forward.
type lineCounter struct {
	data    []byte
	line    int // the line of offset counted, 1-based
	counted int
}

// at is the line of offset off, off at or after the last one asked.
func (c *lineCounter) at(off int) int {
	if c.line == 0 {
		c.line = 1
	}
	off = min(off, len(c.data))
	if off > c.counted {
		c.line += bytes.Count(c.data[c.counted:off], []byte("\n"))
		c.counted = off
	}
	return c.line
}

// readCSLItems reads the items of an array whose "[" dec has read, and
// its "]".
func readCSLItems(dec *json.Decoder, lines *lineCounter) ([]jsonSource, error) {
	var recs []jsonSource
	data := lines.data
	for dec.More() {
		off := int(dec.InputOffset())
		for off < len(data) && (data[off] == ',' || data[off] == ' ' || data[off] == '\n' || data[off] == '\r' || data[off] == '\t') {
			off++
		}
		var r jsonSource
		if err := dec.Decode(&r); err != nil {
			return nil, err
		}
		r.line, r.last = lines.at(off), lines.at(int(dec.InputOffset()))
		recs = append(recs, r)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return recs, nil
}

// cslType is what a CSL type says the entry cites.
func cslType(t string) Type {
	switch t {
	case "article-journal", "article-magazine", "article-newspaper", "review":
		return TypeArticle
	case "article", "posted-content", "preprint":
		// CSL 1.0.2's "article" is a preprint or working paper.
		return TypePreprint
	case "":
		return ""
	}
	return TypeOther
}

func parseJSONLines(data []byte) ([]Entry, error) {
	var recs []jsonSource
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var r jsonSource
		if err := json.Unmarshal(text, &r); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		r.line, r.last = line, line
		recs = append(recs, r)
	}
	return jsonEntries(recs), sc.Err()
}

func jsonEntries(recs []jsonSource) []Entry {
	out := make([]Entry, 0, len(recs))
	for i, r := range recs {
		e := Entry{
			Label: "record " + strconv.Itoa(i+1), Line: r.line, Title: strings.TrimSpace(r.Title),
			Abstract: strings.TrimSpace(r.Abstract), Authors: r.Authors, Journal: r.Journal,
			PMID: r.PMID, PMCID: r.PMCID, Type: cslType(r.Type), Publisher: strings.TrimSpace(r.Publisher),
			Volume: scalar(r.Volume), Issue: scalar(r.Issue), Pages: scalar(r.Page), ISSN: stringsOf(r.ISSN),
		}
		e.setDOI(strings.TrimPrefix(strings.TrimSpace(r.DOI), "DOI "))
		e.last = r.last
		e.takeFieldDOIs(r.URL, r.Note)
		e.otherDOIsIn(e.Abstract)
		for _, v := range []string{r.ContainerTitle, r.ContainerTitleShort, r.JournalAbbreviation} {
			if e.Journal == "" {
				e.Journal = strings.TrimSpace(v)
			}
		}
		if e.Title == "" {
			e.Title = strings.TrimSpace(r.TitleShort)
		}
		if len(e.Authors) == 0 && len(r.Author) > 0 {
			var csl []struct {
				Family  string `json:"family"`
				Given   string `json:"given"`
				Literal string `json:"literal"`
			}
			var one string
			if json.Unmarshal(r.Author, &one) == nil {
				// An author list written as one string, BibTeX's way or
				// with semicolons.
				for _, n := range strings.FieldsFunc(strings.ReplaceAll(one, " and ", ";"), func(c rune) bool { return c == ';' }) {
					if n = strings.TrimSpace(n); n != "" {
						e.Authors = append(e.Authors, n)
					}
				}
			} else if json.Unmarshal(r.Author, &csl) == nil {
				for _, a := range csl {
					// "Family, Given": CSL says which is which, and a family
					// name of two words must not read as a given name.
					name := strings.TrimSpace(a.Family)
					if g := strings.TrimSpace(a.Given); g != "" && name != "" {
						name += ", " + g
					} else if name == "" {
						name = g
					}
					if name == "" {
						name = strings.TrimSpace(a.Literal)
					}
					if name != "" {
						e.Authors = append(e.Authors, name)
					}
				}
			}
		}
		if y := strings.Trim(string(r.Year), `" `); y != "" {
			e.Year = leadingYear(y)
		}
		if e.Year == 0 {
			e.Year = cslYearOf(r.Issued, 0)
		}
		out = append(out, e)
	}
	return out
}
