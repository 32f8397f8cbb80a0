package bib

import (
	"regexp"
	"strings"

	"github.com/citeloop/citeloop/bib/refline"
	"github.com/citeloop/citeloop/internal/latex"
)

// bibitem opens one item of a LaTeX thebibliography list: \bibitem, an
// optional [label] (natbib's "[Lee et~al.(2010)Lee, Green]") and {key}.
var bibitem = regexp.MustCompile(`\\bibitem\s*(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\])?\s*\{([^{}]*)\}`)

// bblEnd ends the last item.
var bblEnd = regexp.MustCompile(`\\end\s*\{thebibliography\}`)

// bblNoise are commands BibTeX styles write that carry no text.
var bblNoise = regexp.MustCompile(`\\penalty-?\d+|\\natexlab\{[^{}]*\}|\\providecommand\{[^{}]*\}(?:\[\d\])?\{[^{}]*\}|\\urlprefix|\\Eprint\{[^{}]*\}\{[^{}]*\}|\\BibitemOpen|\\BibitemShut\{\w+\}`)

// emphasised is a journal or book title in italics: {\em X}, {\it X},
// \emph{X}, \textit{X}.
var emphasised = regexp.MustCompile(`\{\\(?:em|it|itshape|sl)\s+((?:[^{}]|\{[^{}]*\})*)\}|\\(?:emph|textit|textsl)\{((?:[^{}]|\{[^{}]*\})*)\}`)

// bblVolume reads "70(12):4880--4890", "35 (3): 432--445", "16:1123".
var bblVolume = regexp.MustCompile(`(\d+[A-Za-z]?)\s*(?:\(([^()]{1,12})\))?\s*(?::\s*([A-Za-z]?\d+[A-Za-z0-9.]*(?:\s*[-–]+\s*[A-Za-z]?\d+[A-Za-z0-9.]*)?))?`)

// bblYear is a year in the venue block; the last one is the item's.
var bblYear = regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`)

// parseBBL reads the \bibitem items of a .bbl file or a LaTeX
// thebibliography list. An item as BibTeX styles write it (plain, abbrv,
// unsrt, alpha, plainnat and others) is blocks joined by \newblock: the
// authors, the title, then the venue with its volume, issue, pages and
// year; each is decoded with the BibTeX reader's LaTeX table. An item
// without \newblock (written by hand) is read as a reference line; one
// that reads as neither is an entry Unread says why.
func parseBBL(text string) []Entry {
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
		e := Entry{Label: text[loc[2]:loc[3]], Line: strings.Count(text[:loc[0]], "\n") + 1}
		e.Text = strings.Join(strings.Fields(latex.Decode(bblNoise.ReplaceAllString(strings.ReplaceAll(body, `\newblock`, " "), ""))), " ")
		if ds := validDOIs(body); len(ds) == 1 {
			e.setDOI(ds[0].DOI)
			e.RawDOI = ds[0].Raw
		} else if bad := invalidLabelled(body); bad != "" {
			e.RawDOI = bad
		}
		e.readBBL(body)
		out = append(out, e)
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
	authors := strings.TrimRight(decode(parts[0]), ".")
	e.Authors = refline.SplitAuthors(authors)
	e.Title = strings.TrimRight(decode(parts[1]), ".")
	venue := parts[2]
	rest := venue
	if m := emphasised.FindStringSubmatchIndex(venue); m != nil {
		var inner string
		if m[2] >= 0 {
			inner = venue[m[2]:m[3]]
		} else {
			inner = venue[m[4]:m[5]]
		}
		e.Journal = strings.TrimRight(decode(inner), ",")
		rest = venue[m[1]:]
	} else {
		v := decode(venue)
		j, after, _ := strings.Cut(v, ",")
		e.Journal, rest = strings.TrimSpace(j), after
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
