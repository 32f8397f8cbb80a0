package bib

import (
	"bufio"
	"bytes"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/citeloop/citeloop/doi"
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

// doiFromURL returns the DOI of a doi.org URL, or "".
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

// parseBibTeX reads @type{key, field = {value} | "value" | bare, ...}
// entries, skipping @comment, @string and @preamble. Braces are removed from
// values, LaTeX accents are dropped to their letter ({\"o} → o), and white
// space is collapsed. Authors are split on " and ".
func parseBibTeX(data []byte) []Entry {
	s := string(data)
	var out []Entry
	for {
		at := strings.IndexByte(s, '@')
		if at < 0 {
			return out
		}
		s = s[at+1:]
		open := strings.IndexAny(s, "{(")
		if open < 0 {
			return out
		}
		kind := strings.ToLower(strings.TrimSpace(s[:open]))
		body, rest := matchingBody(s[open:])
		s = rest
		if kind == "comment" || kind == "string" || kind == "preamble" || !isWord(kind) {
			continue
		}
		key, fields, _ := strings.Cut(body, ",")
		e := Entry{Label: strings.TrimSpace(key)}
		var url string
		for name, v := range bibFields(fields) {
			switch name {
			case "doi":
				e.setDOI(v)
			case "title":
				e.Title = v
			case "author":
				for _, a := range strings.Split(v, " and ") {
					if a = strings.TrimSpace(a); a != "" {
						e.Authors = append(e.Authors, a)
					}
				}
			case "journal", "journaltitle", "booktitle":
				if e.Journal == "" {
					e.Journal = v
				}
			case "year", "date":
				if e.Year == 0 {
					e.Year = leadingYear(v)
				}
			case "abstract":
				e.Abstract = v
			case "pmid":
				e.PMID = v
			case "url":
				url = v
			}
		}
		if e.RawDOI == "" {
			e.setDOI(doiFromURL(url))
		}
		out = append(out, e)
	}
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

// bibFields splits "name = value, ..." at top-level commas into a map of
// lower-cased names to cleaned values.
func bibFields(s string) map[string]string {
	out := map[string]string{}
	for len(s) > 0 {
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return out
		}
		name := strings.ToLower(strings.TrimSpace(strings.Trim(s[:eq], ", \t\r\n")))
		s = strings.TrimLeft(s[eq+1:], " \t\r\n")
		var val string
		switch {
		case strings.HasPrefix(s, "{"):
			val, s = matchingBody(s)
		case strings.HasPrefix(s, `"`):
			end := 1
			depth := 0
			for ; end < len(s); end++ {
				if s[end] == '{' {
					depth++
				} else if s[end] == '}' {
					depth--
				} else if s[end] == '"' && depth == 0 && s[end-1] != '\\' {
					break
				}
			}
			val = s[1:min(end, len(s))]
			s = s[min(end+1, len(s)):]
		default:
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			val, s = s[:end], s[end:]
		}
		if i := strings.IndexByte(s, ','); i >= 0 {
			s = s[i+1:]
		} else {
			s = ""
		}
		out[name] = cleanTeX(val)
	}
	return out
}

var texAccent = regexp.MustCompile(`\\[\x60'^"~=.uvHcdbtk]\s*\{?([A-Za-z])\}?`)

// cleanTeX removes the markup of a BibTeX value that is not text.
func cleanTeX(s string) string {
	s = texAccent.ReplaceAllString(s, "$1")
	s = strings.NewReplacer(`\&`, "&", `\%`, "%", `\_`, "_", `\$`, "$", `\#`, "#", "{", "", "}", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// parseRIS reads RIS records ("TY  - " ... "ER  - ").
func parseRIS(data []byte) []Entry {
	var out []Entry
	var e *Entry
	var url string
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if len(text) < 5 || text[2:5] != "  -" {
			continue
		}
		tag, val := text[:2], strings.TrimSpace(text[5:])
		if tag == "TY" {
			n++
			e = &Entry{Label: "record " + strconv.Itoa(n) + " (line " + strconv.Itoa(line) + ")"}
			url = ""
			continue
		}
		if e == nil {
			continue
		}
		switch tag {
		case "DO":
			if e.RawDOI == "" {
				e.setDOI(val)
			}
		case "TI", "T1":
			if e.Title == "" {
				e.Title = val
			}
		case "AU", "A1":
			e.Authors = append(e.Authors, val)
		case "JO", "JF", "T2", "JA":
			if e.Journal == "" {
				e.Journal = val
			}
		case "PY", "Y1", "DA":
			if e.Year == 0 {
				e.Year = leadingYear(val)
			}
		case "AB", "N2":
			e.Abstract = strings.TrimSpace(e.Abstract + " " + val)
		case "UR":
			if url == "" {
				url = doiFromURL(val)
			}
		case "ER":
			if e.RawDOI == "" {
				e.setDOI(url)
			}
			out = append(out, *e)
			e = nil
		}
	}
	if e != nil {
		out = append(out, *e)
	}
	return out
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
