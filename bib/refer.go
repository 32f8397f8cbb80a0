package bib

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
)

// parseRefer reads refer records, as EndNote exports them (.enw) and refer
// writes them (.refer): "%X value" lines, a record ending at a blank line
// or where the next "%0" type line starts one. A line that opens with no
// tag continues the field before it. %R is the DOI (EndNote's electronic
// resource number); a record without one takes the first DOI its %U, %M
// or note fields give.
func parseRefer(data []byte) []Entry {
	var out []Entry
	var rec []taggedField
	start, last := 0, 0
	finish := func() {
		if len(rec) > 0 {
			out = append(out, referEntry(rec, len(out)+1, start, last))
		}
		rec = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r \t")
		switch {
		case strings.TrimSpace(text) == "":
			finish()
		case len(text) >= 2 && text[0] == '%' && text[1] > ' ' && (len(text) == 2 || text[2] == ' ' || text[2] == '\t'):
			tag := text[1:2]
			if tag == "0" {
				finish()
			}
			if len(rec) == 0 {
				start = line
			}
			val := ""
			if len(text) > 2 {
				val = strings.TrimSpace(text[3:])
			}
			rec = append(rec, taggedField{tag: tag, val: val, line: line})
			last = line
		case len(rec) > 0:
			f := &rec[len(rec)-1]
			f.val = strings.TrimSpace(f.val + " " + strings.TrimSpace(text))
			last = line
		}
	}
	finish()
	return out
}

// referEntry is the entry of one refer record, the n-th of its file, on
// lines start to last.
func referEntry(rec []taggedField, n, start, last int) Entry {
	e := Entry{Label: "record " + strconv.Itoa(n) + " (line " + strconv.Itoa(start) + ")", Line: start, last: last}
	var others []string
	var book, journal, kind string
	for _, f := range rec {
		switch f.tag {
		case "0":
			kind = f.val
		case "T":
			if e.Title == "" {
				e.Title = f.val
			}
		case "A", "Q":
			e.Authors = append(e.Authors, f.val)
		case "J":
			if journal == "" {
				journal = f.val
			}
		case "B":
			if book == "" {
				book = f.val
			}
		case "D":
			if e.Year == 0 {
				e.Year = leadingYear(f.val)
			}
		case "V":
			e.Volume = f.val
		case "N":
			e.Issue = f.val
		case "P":
			e.Pages = f.val
		case "I":
			e.Publisher = f.val
		case "@":
			e.ISSN = append(e.ISSN, splitList(f.val)...)
		case "X":
			e.Abstract = strings.TrimSpace(e.Abstract + " " + f.val)
		case "R":
			if e.RawDOI == "" {
				e.setDOI(f.val)
				e.doiLine = f.line
				continue
			}
			others = append(others, f.val)
		case "K":
			// Keywords cite nothing.
		default:
			others = append(others, f.val)
		}
	}
	e.Journal = journal
	if e.Journal == "" {
		e.Journal = book
	}
	e.Type = referType(kind)
	e.takeFieldDOIs(others...)
	e.otherDOIsIn(e.Abstract)
	return e
}

// referType is what an EndNote reference type ("%0 Journal Article") says
// the entry cites.
func referType(kind string) Type {
	k := strings.ToLower(strings.TrimSpace(kind))
	switch {
	case k == "":
		return ""
	case strings.Contains(k, "preprint"):
		return TypePreprint
	case k == "journal article" || k == "electronic article" || k == "magazine article" || k == "newspaper article":
		return TypeArticle
	}
	return TypeOther
}
