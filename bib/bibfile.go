package bib

import (
	"bufio"
	"bytes"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/internal/latex"
)

// setDOI normalises raw, also pulling a DOI out of a doi.org URL.
func (e *Entry) setDOI(raw string) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return
	}
	e.RawDOI = raw
	if strings.Contains(raw, "%") {
		// BibTeX cannot hold a bare "#", so files write SICI DOIs' "#" as
		// %23; Crossref's DOI pattern allows no "%" of its own.
		if u, err := url.PathUnescape(raw); err == nil {
			raw = u
		}
	}
	if d, err := doi.Normalize(raw); err == nil {
		e.DOI = d
	}
}

var doiInURL = regexp.MustCompile(`(?i)^https?://(dx\.)?doi\.org/(10\.\S+)$`)

// doiFromURL returns the DOI of a doi.org URL, or "": a CFF reference's
// DOI written as a link keeps the DOI alone as written.
func doiFromURL(u string) string {
	if m := doiInURL.FindStringSubmatch(strings.TrimSpace(u)); m != nil {
		return m[2]
	}
	return ""
}

func leadingYear(s string) int {
	s = strings.TrimSpace(s)
	if len(s) >= 4 {
		if y, err := strconv.Atoi(s[:4]); err == nil && y > 0 {
			return y
		}
	}
	return 0
}

// parseBibTeX reads @type{key, field = {value} | "value" | macro # ..., ...}
// entries, skipping @comment, @string and @preamble. Values are evaluated
// as BibTeX does (@string macros, # concatenation; latex.Expand) and
// decoded to the text a reader of the typeset bibliography sees
// (latex.Decode): accents, special letters, text and font commands, common
// math. A DOI or URL is only unescaped and unbraced, never decoded: TeX's
// ligatures would turn a DOI's "--" into a dash. Authors are split on
// " and ". Fields an entry inherits through crossref or biblatex's xdata
// are its own; the entries it inherits from (and @xdata) are no
// references of their own unless they give a DOI.
func parseBibTeX(data []byte) []Entry {
	recs := bibRecords(data)
	macros := latex.Strings(string(data))
	byKey := make(map[string]int, len(recs))
	for i, r := range recs {
		if _, ok := byKey[strings.ToLower(r.key)]; !ok {
			byKey[strings.ToLower(r.key)] = i
		}
	}
	// A record others inherit from (crossref, xdata) is a container: it
	// is no reference of its own unless it has a DOI to check.
	parent := map[int]bool{}
	out := make([]Entry, 0, len(recs))
	resolved := make([][]rawField, len(recs))
	for i := range recs {
		resolved[i] = inherit(i, recs, byKey, parent, 0)
	}
	for i, r := range recs {
		if r.kind == "xdata" {
			continue
		}
		e := bibEntry(r.kind, r.key, r.line, resolved[i], macros)
		e.last = r.last
		if !r.closed {
			e.Unread = "its braces do not balance before the next entry"
		}
		if parent[i] && e.DOI == "" && e.RawDOI == "" {
			continue
		}
		out = append(out, e)
	}
	return out
}

// bibRecord is one BibTeX entry as written: its type, key, lines and raw
// fields.
type bibRecord struct {
	kind, key  string
	line, last int
	fields     []rawField
	closed     bool
}

// bibRecords splits a .bib file into its entries, skipping @comment,
// @string and @preamble and any "@" that opens no entry.
func bibRecords(data []byte) []bibRecord {
	s := string(data)
	var out []bibRecord
	line, counted := 1, 0 // the line of offset counted in data
	offset := 0           // offset of s in data
	for {
		at := strings.IndexByte(s, '@')
		if at < 0 {
			return out
		}
		line += bytes.Count(data[counted:offset+at], []byte{'\n'})
		counted = offset + at
		start := line
		s = s[at+1:]
		offset += at + 1
		open := strings.IndexAny(s, "{(")
		if open < 0 {
			return out
		}
		kind := strings.ToLower(strings.TrimSpace(s[:open]))
		if !isWord(kind) {
			// An @ that opens no entry (an e-mail address or "@todo" in
			// a comment): read on from just after it, so the entry it
			// stands before is not swallowed.
			continue
		}
		body, rest, closed := entryBody(s[open:])
		offset += len(s) - len(rest)
		s = rest
		if kind == "comment" || kind == "string" || kind == "preamble" {
			continue
		}
		key, fields, _ := strings.Cut(body, ",")
		if strings.Contains(key, "=") {
			// No citation key: the first field starts the entry.
			key, fields = "entry at line "+strconv.Itoa(start), body
		}
		out = append(out, bibRecord{kind: kind, key: strings.TrimSpace(key), line: start,
			last: start + bytes.Count(data[counted:offset], []byte{'\n'}), fields: bibRawFields(fields), closed: closed})
	}
}

// inherit is recs[self]'s fields with what the entries its crossref and
// xdata fields name give and it does not (BibTeX's and biblatex's
// inheritance): a parent's title is the child's booktitle when the child
// has a title of its own, as biblatex maps it. Parents are marked in
// parent; depth bounds a chain, and an entry is never its own parent.
func inherit(self int, recs []bibRecord, byKey map[string]int, parent map[int]bool, depth int) []rawField {
	fields := recs[self].fields
	if depth > 8 {
		return fields
	}
	has := make(map[string]bool, len(fields))
	var from []string
	for _, f := range fields {
		has[f.name] = true
		if f.name == "crossref" || f.name == "xdata" {
			for _, k := range strings.Split(strings.Trim(f.value, "{}\" "), ",") {
				from = append(from, strings.ToLower(strings.TrimSpace(k)))
			}
		}
	}
	out := fields
	for _, k := range from {
		i, ok := byKey[k]
		if !ok || i == self {
			continue
		}
		parent[i] = true
		for _, f := range inherit(i, recs, byKey, parent, depth+1) {
			name := f.name
			if name == "title" && has["title"] {
				name = "booktitle"
			}
			if has[name] || name == "crossref" || name == "xdata" || name == "doi" || name == "ids" {
				continue
			}
			has[name] = true
			out = append(slices.Clip(out), rawField{name, f.value})
		}
	}
	return out
}

// bibEntry builds the entry of one BibTeX record from its raw fields: a
// field written twice is read as BibTeX reads it, the first time, except
// that a doi field written again with another DOI gives that DOI too
// (MoreDOIs); without a doi field, the first DOI another field gives (a
// url, biblatex's eprint, a note) is the entry's.
func bibEntry(kind, key string, line int, fields []rawField, macros map[string]string) Entry {
	e := Entry{Label: key, Line: line}
	raw := make(map[string]string, len(fields))
	for _, f := range fields {
		if _, ok := raw[f.name]; !ok {
			raw[f.name] = f.value
		}
	}
	text := func(name string) string {
		v, ok := raw[name]
		if !ok {
			return ""
		}
		return latex.Decode(latex.Expand(v, macros))
	}
	literal := func(name string) string {
		v, ok := raw[name]
		if !ok {
			return ""
		}
		return latex.Literal(latex.Expand(v, macros))
	}
	if v, ok := raw["doi"]; ok {
		e.setDOI(literal("doi"))
		if undef := latex.Undefined(v, macros); len(undef) > 0 {
			// BibTeX reads an undefined macro as nothing: the DOI it
			// gives is not the one the file means.
			e.DOI, e.RawDOI = "", strings.Join(strings.Fields(v), " ")
			e.doiWhy = "undefined @string macro " + strings.Join(undef, ", ")
		}
	}
	var others, abstracts []string
	for _, f := range fields {
		switch {
		case f.name == "doi" && f.value != raw["doi"]:
			var more Entry
			if more.setDOI(latex.Literal(latex.Expand(f.value, macros))); more.DOI != "" && more.DOI != e.DOI && !slices.Contains(e.MoreDOIs, more.DOI) {
				e.MoreDOIs = append(e.MoreDOIs, more.DOI)
			}
		case f.name != "doi" && f.name != "abstract":
			others = append(others, latex.Literal(latex.Expand(f.value, macros)))
		case f.name == "abstract":
			abstracts = append(abstracts, latex.Literal(latex.Expand(f.value, macros)))
		}
	}
	e.Title = text("title")
	if e.Title == "" {
		e.Title = text("maintitle") // biblatex: a volume of a multi-volume work
	}
	if a := text("author"); a != "" {
		e.Authors = splitBibNames(a)
		if k := len(e.Authors) - 1; k >= 0 {
			// "Smith, J. et al." written into the field: the list is cut
			// short on purpose, as "and others" says.
			if m := trailingEtAl.FindStringIndex(e.Authors[k]); m != nil && m[0] > 0 {
				e.Authors[k] = strings.TrimRight(strings.TrimSpace(e.Authors[k][:m[0]]), ",;")
				e.Authors = append(e.Authors, "others")
			}
		}
	}
	for _, f := range []string{"journal", "journaltitle", "booktitle"} {
		if e.Journal == "" {
			e.Journal = text(f)
		}
	}
	for _, f := range []string{"publisher", "howpublished", "institution", "organization", "archiveprefix", "eprinttype"} {
		if e.Publisher == "" {
			e.Publisher = strings.TrimSpace(text(f))
		}
	}
	for _, f := range []string{"year", "date"} {
		if e.Year == 0 {
			e.Year = leadingYear(text(f))
		}
	}
	e.Volume = text("volume")
	e.Issue = text("number")
	if e.Issue == "" {
		e.Issue = text("issue")
	}
	e.Pages = text("pages")
	if e.Pages == "" {
		e.Pages = text("eid") // biblatex: an article number for pages
	}
	e.ISSN = splitList(text("issn"))
	e.Abstract = text("abstract")
	e.PMID = literal("pmid")
	e.takeFieldDOIs(others...)
	for _, a := range abstracts {
		e.otherDOIsIn(a)
	}
	e.Type = bibType(kind, e, raw)
	return e
}

// splitBibNames splits a BibTeX name list at each word "and" (BibTeX's
// separator; any white space around it), skipping empty names: "Smith, J.
// and  and Doe, A." is two people.
func splitBibNames(a string) []string {
	var out, name []string
	flush := func() {
		if len(name) > 0 {
			out = append(out, strings.Join(name, " "))
			name = nil
		}
	}
	for _, w := range strings.Fields(a) {
		if w == "and" {
			flush()
			continue
		}
		name = append(name, w)
	}
	flush()
	return out
}

// trailingEtAl is "et al." (or "et al", "et. al.", "and others") ending
// an author written into a field.
var trailingEtAl = regexp.MustCompile(`(?i)[\s,;]+(?:et\.?\s*al\.?|and\s+others)\s*$`)

// bibType is what a BibTeX entry type says the entry cites: @article an
// article; @misc, @unpublished, @online or @techreport a preprint when an
// eprint field, its publisher or note says so; books, chapters,
// proceedings, theses and software something else.
func bibType(kind string, e Entry, raw map[string]string) Type {
	switch kind {
	case "article":
		return TypeArticle
	case "preprint":
		return TypePreprint
	case "misc", "unpublished", "online", "electronic", "techreport", "report":
		if _, ok := raw["eprint"]; ok {
			return TypePreprint
		}
		if refline.PreprintVenue(e.Publisher) || refline.PreprintVenue(e.Journal) || refline.PreprintVenue(raw["note"]) {
			return TypePreprint
		}
		if e.Journal != "" {
			return TypeArticle
		}
		return ""
	case "book", "inbook", "incollection", "inproceedings", "conference", "proceedings", "phdthesis",
		"mastersthesis", "thesis", "manual", "software", "dataset", "patent", "standard":
		return TypeOther
	}
	return ""
}

// splitList splits "1234-5678, 2345-6789" at commas and semicolons.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// matchingBody returns the text inside the brace (or parenthesis) that opens
// s, and what follows its match. An unclosed entry runs to the end.
func matchingBody(s string) (body, rest string) {
	closer := byte('}')
	if s[0] == '(' {
		closer = ')'
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '{' || (i == 0 && s[i] == '('):
			depth++
		case s[i] == '}' || (closer == ')' && s[i] == ')' && depth == 1):
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:]
			}
		}
	}
	return s[1:], ""
}

// nextEntry is the start of an entry on a line of its own: "@type{" or
// "@type(".
var nextEntry = regexp.MustCompile(`\n[ \t]*@[A-Za-z]+[ \t]*[{(]`)

// entryBody is matchingBody for an entry. An entry whose braces never
// balance (one "{" too many in a field) ends where the next entry starts
// on a line of its own, so it does not swallow the rest of the file;
// closed says whether its braces balanced.
func entryBody(s string) (body, rest string, closed bool) {
	body, rest = matchingBody(s)
	if len(body) < len(s)-1 || rest != "" {
		return body, rest, true
	}
	if k := nextEntry.FindStringIndex(body); k != nil {
		return body[:k[0]], s[1+k[0]:], false
	}
	return body, "", false
}

// rawField is one field of a BibTeX entry: its lower-cased name and its
// value as written.
type rawField struct{ name, value string }

// bibRawFields splits "name = value, ..." at top-level commas into the
// fields in file order, each value as written: braced or quoted strings,
// numbers, macro names and their # concatenations.
func bibRawFields(s string) []rawField {
	var out []rawField
	for len(s) > 0 {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return out
		}
		name := strings.ToLower(strings.TrimSpace(strings.Trim(s[:eq], ", \t\r\n")))
		s = s[eq+1:]
		end, next := valueEnd(s)
		out = append(out, rawField{name, strings.TrimSpace(s[:end])})
		s = s[min(next, len(s)):]
	}
	return out
}

// valueEnd is where the field value s starts with ends, and where the
// next field starts: at the comma after it, outside braces and quotes; or,
// where a comma is missing, where a braced or quoted value is followed by
// the next field's "name =" (BibTeX stops there with an error; the fields
// are read as meant). len(s) when the value runs to the end.
func valueEnd(s string) (end, next int) {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 && !quoted {
				if k := missingComma(s[i+1:]); k >= 0 {
					return i + 1, i + 1 + k
				}
			}
		case c == '"' && depth == 0:
			quoted = !quoted
			if !quoted {
				if k := missingComma(s[i+1:]); k >= 0 {
					return i + 1, i + 1 + k
				}
			}
		case c == ',' && depth <= 0 && !quoted:
			return i, i + 1
		}
	}
	return len(s), len(s)
}

// nextField is a field name and its "=" after a value, on a new line.
var nextField = regexp.MustCompile(`^[ \t]*\r?\n\s*[A-Za-z][\w.:-]*\s*=`)

// missingComma is the offset in rest of the next field's name when rest,
// what follows a value, starts a new field without a comma; -1 otherwise.
func missingComma(rest string) int {
	m := nextField.FindStringIndex(rest)
	if m == nil {
		return -1
	}
	return len(rest) - len(strings.TrimLeft(rest, " \t\r\n"))
}

// parseRIS reads RIS records ("TY  - " ... "ER  - "). A tag line is two
// letters or a letter and a digit, in any case, then blanks, "-" and the
// value ("TI  - ", "ti  - ", "TI - ", a tab before the dash); a line of a
// record that is no tag line continues the value before it (a title
// wrapped onto the next line). A record without ER ends at the next TY. A
// record without a DO tag takes the first DOI another of its tags gives
// (UR, L1, N1, M3).
func parseRIS(data []byte) []Entry {
	var out []Entry
	var rec []risField
	last := 0
	flush := func() {
		if len(rec) > 0 {
			out = append(out, risEntry(rec, len(out)+1, last))
			rec = nil
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		tag, val, ok := risTag(text)
		switch {
		case ok && tag == "TY":
			flush()
			rec, last = []risField{{tag, val, line}}, line
		case rec == nil:
		case ok && tag == "ER":
			last = line
			flush()
		case ok:
			rec, last = append(rec, risField{tag, val, line}), line
		case strings.TrimSpace(text) != "" && len(rec) > 1:
			// Continues the value before it; a type code (TY) has none.
			f := &rec[len(rec)-1]
			f.val = strings.TrimSpace(f.val + " " + strings.TrimSpace(text))
			last = line
		}
	}
	flush()
	return out
}

// risField is one tag of a RIS record, continuation lines joined.
type risField struct {
	tag, val string
	line     int
}

// risTagLine is a RIS tag line.
var risTagLine = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9])[ \t]+-(?:[ \t]+(.*))?$`)

// risTag reads a RIS tag line: its tag upper-cased and its value.
func risTag(line string) (tag, val string, ok bool) {
	m := risTagLine.FindStringSubmatch(line)
	if m == nil {
		return "", "", false
	}
	return strings.ToUpper(m[1]), strings.TrimSpace(m[2]), true
}

// risEntry is the entry of the n-th record, whose fields rec holds; last
// is its last line.
func risEntry(rec []risField, n, last int) Entry {
	e := Entry{Label: "record " + strconv.Itoa(n) + " (line " + strconv.Itoa(rec[0].line) + ")", Line: rec[0].line, Type: risType(rec[0].val), last: last}
	var others []string
	var sp, ep string
	for _, f := range rec[1:] {
		val := f.val
		switch f.tag {
		case "DO":
			if e.RawDOI == "" {
				e.setDOI(val)
				e.doiLine = f.line
			}
		case "TI", "T1":
			if e.Title == "" {
				e.Title = val
			}
		case "AU", "A1":
			e.Authors = append(e.Authors, val)
		case "JO", "JF", "T2", "JA", "J2", "BT":
			if e.Journal == "" {
				e.Journal = val
			}
		case "PB":
			e.Publisher = val
		case "PY", "Y1", "DA":
			if e.Year == 0 {
				e.Year = leadingYear(val)
			}
		case "VL":
			e.Volume = val
		case "IS":
			e.Issue = val
		case "SP":
			sp = val
		case "EP":
			ep = val
		case "SN":
			e.ISSN = append(e.ISSN, splitList(val)...)
		case "AB", "N2":
			e.Abstract = strings.TrimSpace(e.Abstract + " " + val)
		default:
			others = append(others, val)
		}
	}
	e.takeFieldDOIs(others...)
	e.otherDOIsIn(e.Abstract)
	e.Pages = sp
	if ep != "" && ep != sp {
		e.Pages = sp + "-" + ep
	}
	return e
}

// risType is what a RIS reference type says the entry cites.
func risType(ty string) Type {
	switch strings.ToUpper(strings.TrimSpace(ty)) {
	case "JOUR", "JFULL", "EJOUR", "MGZN", "ABST", "INPR":
		return TypeArticle
	case "UNPB", "PREPRINT":
		return TypePreprint
	case "BOOK", "CHAP", "EBOOK", "ECHAP", "EDBOOK", "CONF", "CPAPER", "THES", "RPRT", "COMP", "DATA", "PAT", "STAND":
		return TypeOther
	}
	return ""
}

// parseDOIList reads one DOI a line; blank lines and # comments are skipped.
func parseDOIList(data []byte) []Entry {
	var out []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		e := Entry{Label: "line " + strconv.Itoa(line)}
		e.setDOI(text)
		if e.DOI == "" {
			e.Label += " " + strconv.Quote(cut(text, 60))
		}
		out = append(out, e)
	}
	return out
}

// cut keeps the first n runes of s, marking a cut with "…".
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
