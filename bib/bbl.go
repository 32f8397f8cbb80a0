package bib

import (
	"regexp"
	"sort"
	"strings"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/internal/latex"
)

// bibitem opens one item of a LaTeX thebibliography list: \bibitem, an
// optional [label] (natbib's "[Lee et~al.(2010)Lee, Green]") and {key}
// (group 1); or the harvard package's \harvarditem[short]{long}{year}{key}
// (groups 2 and 3).
var bibitem = regexp.MustCompile(`\\bibitem\s*(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\])?\s*\{([^{}]*)\}|\\harvarditem\s*(?:\[[^\[\]]*\])?\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{([^{}]*)\}\s*\{([^{}]*)\}`)

// bblEnd ends the last item.
var bblEnd = regexp.MustCompile(`\\end\s*\{thebibliography\}`)

// bblNoise are commands BibTeX styles write that carry no text.
var bblNoise = regexp.MustCompile(`\\penalty-?\d+|\\natexlab\{[^{}]*\}|\\providecommand\{[^{}]*\}(?:\[\d\])?\{[^{}]*\}|\\urlprefix|\\Eprint\{[^{}]*\}\{[^{}]*\}|\\BibitemOpen|\\BibitemShut\{\w+\}`)

// emphasised is a journal or book title in italics: {\em X}, {\it X},
// \emph{X}, \textit{X}.
var emphasised = regexp.MustCompile(`\{\\(?:em|it|itshape|sl)\s+((?:[^{}]|\{[^{}]*\})*)\}|\\(?:emph|textit|textsl)\{((?:[^{}]|\{[^{}]*\})*)\}`)

// bblVolume reads "70(12):4880--4890", "35 (3): 432--445", "16:1123".
var bblVolume = regexp.MustCompile(`(\d+[A-Za-z]?)\s*(?:\(([^()]{1,12})\))?\s*(?::\s*([A-Za-z]?\d+[A-Za-z0-9.]*(?:\s*[-–]+\s*[A-Za-z]?\d+[A-Za-z0-9.]*)?))?`)

// bblAuthorYear is the year a style prints after the authors: APA's
// "(2025)", "(2025a)", "(2025, March 3)", ACM's ". 2025".
var bblAuthorYear = regexp.MustCompile(`(?:\s*\(|[.,]\s+)((?:1[89]|20)\d\d)[a-z]?(?:,[^()]*)?\)?\.?$`)

// bblVenueYear is a year in parentheses closing a venue: "Pain Reports
// (2020)." (elsarticle), read as the year, not as the venue's name.
var bblVenueYear = regexp.MustCompile(`\s*\(((?:1[89]|20)\d\d)[a-z]?\)\.?$`)

// bblInitialEnd is an author list ending in an initial, whose period is
// the initial's ("Xu, X.").
var bblInitialEnd = regexp.MustCompile(`(?:^|[\s.,])\p{Lu}\.$`)

// bblYear is a year in the venue block; the last one is the item's.
var bblYear = regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`)

// parseBBL reads the items of a .bbl file or of a LaTeX document's
// bibliography, after TeX's comments are gone (latex.Uncomment: a
// "%\bibitem" line is no item, and BibTeX's "%" line break inside a DOI
// joins it). Items are \bibitem and \harvarditem lists (parseBibitems),
// biblatex's \entry as biber writes it (parseBiblatex) and amsrefs' \bib
// (parseAmsrefs); a file may hold any of them, and its entries are given
// in file order.
func parseBBL(text string) []Entry {
	text, joined := latex.Uncomment(text)
	x := newLineIndex(text)
	line := func(off int) int { return x.line(off) + sort.SearchInts(joined, off+1) }
	out := parseBibitems(text, line)
	out = append(out, parseBiblatex(text, line)...)
	out = append(out, parseAmsrefs(text, line)...)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Line < out[b].Line })
	return out
}

// parseBibitems reads \bibitem and \harvarditem items. An item as BibTeX
// styles write it (plain, abbrv, unsrt, alpha, plainnat and others) is
// blocks joined by \newblock: the authors, the title, then the venue with
// its volume, issue, pages and year; each is decoded with the BibTeX
// reader's LaTeX table. An item without \newblock (written by hand) is
// read as a reference line; one that reads as neither is an entry Unread
// says why. An item's DOI is read from what TeX prints (latex.Literal:
// \allowbreak and \discretionary break no DOI).
func parseBibitems(text string, line func(int) int) []Entry {
	locs := bibitem.FindAllStringSubmatchIndex(text, -1)
	var out []Entry
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := text[loc[1]:end]
		if m := bblEnd.FindStringIndex(body); m != nil {
			body = body[:m[0]]
		}
		last := line(loc[1] + len(body))
		body = oneOfTwins(body)
		key := ""
		if loc[2] >= 0 {
			key = text[loc[2]:loc[3]]
		} else {
			key = text[loc[6]:loc[7]]
		}
		e := Entry{Label: key, Line: line(loc[0]), last: last}
		e.Text = strings.Join(strings.Fields(latex.Decode(bblNoise.ReplaceAllString(strings.ReplaceAll(body, `\newblock`, " "), ""))), " ")
		printed := latex.Literal(bblNoise.ReplaceAllString(body, " "))
		if ds := validDOIs(printed); len(ds) >= 1 {
			e.setDOI(ds[0].DOI)
			e.RawDOI = ds[0].Raw
			e.doiLine = line(loc[1] + startOf(body, e.RawDOI))
			for _, d := range ds[1:] {
				e.addBeside(d)
			}
		} else if bad := invalidLabelled(printed); bad != "" {
			e.RawDOI = bad
		}
		e.readBBL(body)
		if e.Year == 0 && loc[4] >= 0 {
			e.Year = leadingYear(text[loc[4]:loc[5]])
		}
		out = append(out, e)
	}
	return out
}

// startOf is where in body the DOI raw, as TeX prints it, starts: at the
// longest start of it body holds as written (a comment or a break command
// may follow), 0 when not even its prefix is there.
func startOf(body, raw string) int {
	for n := len(raw); n >= len("10.1/"); n-- {
		if i := strings.Index(body, raw[:n]); i >= 0 {
			return i
		}
	}
	return 0
}

// twins is a command given one text twice ("\APACrefatitle {T} {T}",
// apacite's sort and display forms).
var twins = regexp.MustCompile(`(\\[A-Za-z]+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}`)

// oneOfTwins keeps one of a command's two equal arguments: typeset, the
// reader sees the text once.
func oneOfTwins(body string) string {
	if !strings.Contains(body, "}") {
		return body
	}
	return twins.ReplaceAllStringFunc(body, func(m string) string {
		g := twins.FindStringSubmatch(m)
		if strings.TrimSpace(g[2]) != strings.TrimSpace(g[3]) || strings.TrimSpace(g[2]) == "" {
			return m
		}
		return g[1] + "{" + g[3] + "}"
	})
}

// biblatexEntry is one \entry{key}{type}{options} ... \endentry of a .bbl
// biber writes.
var biblatexEntry = regexp.MustCompile(`(?s)\\entry\s*\{([^{}]*)\}\s*\{([^{}]*)\}\s*\{[^{}]*\}(.*?)\\endentry`)

// The fields of a biblatex entry: \field{name}{value}, \list{name}{n}{
// {a}{b}}, \verb{name} \verb value \endverb, and \name{role}{n}{}{
// people}; a person's family and given names.
var (
	bblField   = regexp.MustCompile(`\\(field|list)\s*\{([^{}]*)\}\s*(?:\{\d+\}\s*)?\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}`)
	bblVerb    = regexp.MustCompile(`(?s)\\verb\s*\{([^{}]*)\}\s*((?:\\verb [^\n]*\n\s*)+)\\endverb`)
	bblVerbRun = regexp.MustCompile(`\\verb ([^\n]*)`)
	bblName    = regexp.MustCompile(`\\name\s*\{([^{}]*)\}\s*\{\d+\}\s*\{[^{}]*\}\s*\{`)
	bblFamily  = regexp.MustCompile(`\bfamily=\{((?:[^{}]|\{[^{}]*\})*)\}`)
	bblGiven   = regexp.MustCompile(`\bgiven=\{((?:[^{}]|\{[^{}]*\})*)\}`)
)

// parseBiblatex reads biber's \entry records as BibTeX entries of the
// same fields: each field, list and verbatim field (doi, url, eprint) by
// its name, and the authors from their family and given names.
func parseBiblatex(text string, line func(int) int) []Entry {
	if !strings.Contains(text, `\entry`) {
		return nil
	}
	var out []Entry
	for _, m := range biblatexEntry.FindAllStringSubmatchIndex(text, -1) {
		body := text[m[6]:m[7]]
		var fields []rawField
		for _, f := range bblField.FindAllStringSubmatch(body, -1) {
			v := f[3]
			if f[1] == "list" {
				v = strings.Join(bblGroups(v), " and ")
			}
			fields = append(fields, rawField{strings.ToLower(f[2]), "{" + v + "}"})
		}
		for _, v := range bblVerb.FindAllStringSubmatch(body, -1) {
			var parts []string
			for _, run := range bblVerbRun.FindAllStringSubmatch(v[2], -1) {
				parts = append(parts, strings.TrimSpace(run[1]))
			}
			fields = append(fields, rawField{strings.ToLower(v[1]), "{" + strings.Join(parts, "") + "}"})
		}
		for _, n := range bblName.FindAllStringSubmatchIndex(body, -1) {
			start := n[1] - 1
			people := body[start+1 : start+latex.MatchBrace(body[start:])]
			var names []string
			for _, p := range bblGroups(people) {
				fam := bblFamily.FindStringSubmatch(p)
				if fam == nil {
					continue
				}
				name := fam[1]
				if g := bblGiven.FindStringSubmatch(p); g != nil {
					name += ", " + g[1]
				}
				names = append(names, name)
			}
			role := strings.ToLower(body[n[2]:n[3]])
			if strings.Contains(body, `\true{more`+role+`}`) {
				// biber's mark of a list cut short: "and others".
				names = append(names, "others")
			}
			fields = append(fields, rawField{role, "{" + strings.Join(names, " and ") + "}"})
		}
		e := bibEntry(strings.ToLower(text[m[4]:m[5]]), text[m[2]:m[3]], line(m[0]), fields, nil)
		e.last = line(m[1])
		out = append(out, e)
	}
	return out
}

// amsrefsBib opens one amsrefs item: \bib{key}{type}{.
var amsrefsBib = regexp.MustCompile(`\\bib\s*\{([^{}]*)\}\s*\{([^{}]*)\}\s*\{`)

// parseAmsrefs reads amsrefs' \bib{key}{type}{field={value}, ...} items
// as BibTeX entries; the author field, given once a person, is one list.
func parseAmsrefs(text string, line func(int) int) []Entry {
	if !strings.Contains(text, `\bib{`) && !strings.Contains(text, `\bib {`) {
		return nil
	}
	var out []Entry
	for _, m := range amsrefsBib.FindAllStringSubmatchIndex(text, -1) {
		open := m[1] - 1
		end := open + latex.MatchBrace(text[open:])
		fields := bibRawFields(text[open+1 : min(end, len(text))])
		var authors []string
		kept := fields[:0]
		for _, f := range fields {
			if f.name == "author" {
				authors = append(authors, strings.Trim(f.value, "{}"))
				continue
			}
			kept = append(kept, f)
		}
		if len(authors) > 0 {
			kept = append(kept, rawField{"author", "{" + strings.Join(authors, " and ") + "}"})
		}
		e := bibEntry(strings.ToLower(text[m[4]:m[5]]), text[m[2]:m[3]], line(m[0]), kept, nil)
		e.last = line(min(end, len(text)))
		out = append(out, e)
	}
	return out
}

// bblGroups are the top-level braced groups of s.
func bblGroups(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		end := i + latex.MatchBrace(s[i:])
		out = append(out, s[i+1:min(end, len(s))])
		i = end
	}
	return out
}

// readBBL fills e from an item's body.
func (e *Entry) readBBL(body string) {
	body = bblNoise.ReplaceAllString(body, "")
	parts := strings.Split(body, `\newblock`)
	if len(parts) < 3 {
		if r, why := refline.Read(e.Text); why == "" {
			e.fromRef(r)
		} else {
			e.Unread = why
		}
		return
	}
	decode := func(s string) string {
		return strings.TrimSpace(strings.ReplaceAll(latex.Decode(s), "\u00a0", " "))
	}
	authors := decode(parts[0])
	if m := bblAuthorYear.FindStringSubmatchIndex(authors); m != nil {
		// APA styles (apacite, apalike) print the year after the authors.
		e.Year = leadingYear(authors[m[2]:m[3]])
		authors = strings.TrimSpace(authors[:m[0]])
	}
	if !bblInitialEnd.MatchString(authors) {
		authors = strings.TrimRight(authors, ".")
	}
	e.Authors = refline.SplitAuthors(authors)
	title, venue := parts[1], parts[2]
	if m := emphasised.FindStringIndex(strings.TrimSpace(title)); m != nil && m[0] == 0 {
		// The second block opens with the journal in italics: a style
		// that prints no title (physics), so it is the venue.
		title, venue = "", parts[1]
	}
	e.Title = strings.TrimRight(decode(title), ".")
	rest := venue
	if m := emphasised.FindStringSubmatchIndex(venue); m != nil {
		var inner string
		if m[2] >= 0 {
			inner = venue[m[2]:m[3]]
		} else {
			inner = venue[m[4]:m[5]]
		}
		e.Journal = strings.TrimRight(decode(inner), ",")
		if m := bblVenueYear.FindStringSubmatchIndex(e.Journal); m != nil {
			e.Year = leadingYear(e.Journal[m[2]:m[3]])
			e.Journal = strings.TrimSpace(e.Journal[:m[0]])
		}
		rest = venue[m[1]:]
	} else {
		v := decode(venue)
		j, after, _ := strings.Cut(v, ",")
		e.Journal, rest = strings.TrimSpace(j), after
		if m := bblVenueYear.FindStringSubmatchIndex(e.Journal); m != nil {
			e.Year = leadingYear(e.Journal[m[2]:m[3]])
			e.Journal = strings.TrimSpace(e.Journal[:m[0]])
		}
	}
	rest = decode(rest)
	if ys := bblYear.FindAllString(rest, -1); len(ys) > 0 {
		e.Year = leadingYear(ys[len(ys)-1])
	}
	if m := bblVolume.FindStringSubmatch(strings.TrimLeft(rest, " ,.")); m != nil && leadingYear(m[1]) == 0 {
		e.Volume, e.Issue, e.Pages = m[1], m[2], strings.TrimSpace(m[3])
	}
	switch {
	case refline.PreprintVenue(e.Journal):
		e.Type, e.Publisher = TypePreprint, e.Journal
	case e.Journal != "" && e.Volume != "":
		e.Type = TypeArticle
	}
	if e.Year == 0 {
		if ys := bblYear.FindAllString(decode(venue), -1); len(ys) > 0 {
			e.Year = leadingYear(ys[len(ys)-1])
		}
	}
}
