package bib

import (
	"bufio"
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// medlineTag is a MEDLINE (PubMed .nbib) tag line: a tag of up to four
// characters, padded, then "- " and the value ("PMID- 12345", "TI  - …").
var medlineTag = regexp.MustCompile(`^([A-Z][A-Z0-9]{0,3}) {0,3}- ?(.*)$`)

// taggedField is one field of a tagged record (MEDLINE, refer): its tag,
// its value with continuation lines joined by a space, and its line.
type taggedField struct {
	tag, val string
	line     int
}

// parseMedline reads MEDLINE records, as PubMed exports them (.nbib): a
// record starts at a PMID line, or at the first tag line after a blank
// line, and runs to the next blank line; a line indented by spaces
// continues the field before it. The DOI is the LID or AID value marked
// "[doi]"; the entry's authors are its FAU names ("Family, Given"), else
// its AU names ("Family Initials" written "Family, Initials"), with each CN
// group author in its place.
func parseMedline(data []byte) []Entry {
	var out []Entry
	var rec []taggedField
	start, last := 0, 0
	finish := func() {
		if len(rec) > 0 {
			out = append(out, medlineEntry(rec, len(out)+1, start, last))
		}
		rec = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r \t")
		switch m := medlineTag.FindStringSubmatch(text); {
		case strings.TrimSpace(text) == "":
			finish()
		case m == nil:
			// A continuation line (six spaces in PubMed's files), or text
			// that is no tag: part of the field before it.
			if len(rec) > 0 {
				f := &rec[len(rec)-1]
				f.val = strings.TrimSpace(f.val + " " + strings.TrimSpace(text))
				last = line
			}
		default:
			if m[1] == "PMID" {
				finish()
			}
			if len(rec) == 0 {
				start = line
			}
			rec = append(rec, taggedField{tag: m[1], val: strings.TrimSpace(m[2]), line: line})
			last = line
		}
	}
	finish()
	return out
}

// medlineEntry is the entry of one MEDLINE record, the n-th of its file,
// on lines start to last.
func medlineEntry(rec []taggedField, n, start, last int) Entry {
	e := Entry{Label: "record " + strconv.Itoa(n) + " (line " + strconv.Itoa(start) + ")", Line: start, last: last}
	var full, short []string
	var jt, ta string
	var others []string
	var types []string
	for _, f := range rec {
		switch f.tag {
		case "PMID":
			e.PMID = f.val
		case "PMC":
			e.PMCID = f.val
		case "TI":
			if e.Title == "" {
				e.Title = strings.TrimSpace(f.val)
			}
		case "BTI":
			if e.Title == "" {
				e.Title = f.val
			}
			types = append(types, "Book")
		case "FAU":
			full = append(full, f.val)
		case "AU":
			short = append(short, medlineAuthor(f.val))
		case "CN":
			full, short = append(full, f.val), append(short, f.val)
		case "JT":
			jt = f.val
		case "TA":
			ta = f.val
		case "DP":
			if e.Year == 0 {
				e.Year = leadingYear(f.val)
			}
		case "VI":
			e.Volume = f.val
		case "IP":
			e.Issue = f.val
		case "PG":
			e.Pages = f.val
		case "IS":
			if i := strings.IndexByte(f.val, ' '); i > 0 {
				e.ISSN = append(e.ISSN, f.val[:i])
			} else if f.val != "" {
				e.ISSN = append(e.ISSN, f.val)
			}
		case "PB":
			e.Publisher = f.val
		case "PT":
			types = append(types, f.val)
		case "AB":
			e.Abstract = strings.TrimSpace(e.Abstract + " " + f.val)
		case "LID", "AID":
			if v, ok := strings.CutSuffix(f.val, "[doi]"); ok {
				v = strings.TrimSpace(v)
				if e.RawDOI == "" {
					e.setDOI(v)
					e.doiLine = f.line
					continue
				}
				others = append(others, v)
			} else {
				others = append(others, f.val)
			}
		default:
			others = append(others, f.val)
		}
	}
	if len(full) > 0 && len(full) >= len(short) {
		e.Authors = full
	} else {
		e.Authors = short
	}
	e.Journal = jt
	if e.Journal == "" {
		e.Journal = ta
	}
	e.Type = medlineType(types, e.Journal)
	e.takeFieldDOIs(others...)
	e.otherDOIsIn(e.Abstract)
	return e
}

// medlineAuthor writes a MEDLINE AU name ("Smith JA", "van der Berg J")
// as "Family, Initials"; a name of one word is as written.
func medlineAuthor(au string) string {
	i := strings.LastIndexByte(au, ' ')
	if i < 0 {
		return au
	}
	return au[:i] + ", " + au[i+1:]
}

// medlineType is what a record's publication types (PT) say it cites: a
// preprint, a book, else a journal article when a journal is named.
func medlineType(types []string, journal string) Type {
	for _, t := range types {
		if strings.EqualFold(t, "Preprint") {
			return TypePreprint
		}
	}
	for _, t := range types {
		if strings.Contains(strings.ToLower(t), "book") {
			return TypeOther
		}
	}
	if journal != "" {
		return TypeArticle
	}
	return ""
}
