package check

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/oracles"
)

// DefaultTitleSimilarity is the token-set similarity below which an
// entry's title and the record's title name different papers.
const DefaultTitleSimilarity = 0.8

// Entry is what a bibliography entry says about the paper its DOI should
// name; Check compares it with the oracle's record.
type Entry struct {
	// Label names the entry (a BibTeX key, "record 3").
	Label  string `json:"label,omitempty"`
	Title  string `json:"title,omitempty"`
	Year   int    `json:"year,omitempty"`
	Author string `json:"first_author,omitempty"`
}

// entriesByDOI groups the entries with a DOI of every document (BibTeX,
// RIS, CSL JSON, CFF, and the Markdown or text reference lines whose title
// and year can be told apart), every entry of a DOI in document order: a
// list that cites one DOI twice, once for the wrong paper, is caught on
// either entry.
func entriesByDOI(docs []bib.Document) map[string][]bib.Entry {
	out := map[string][]bib.Entry{}
	for _, d := range docs {
		for _, e := range d.Entries {
			if e.DOI != "" {
				out[e.DOI] = append(out[e.DOI], e)
			}
		}
	}
	return out
}

// firstMismatch returns the first of es that does not describe rec, with
// why; when every entry does, the first entry and "".
func firstMismatch(es []bib.Entry, rec *oracles.Record, threshold float64) (bib.Entry, string) {
	for _, e := range es {
		if why := mismatch(e, rec, threshold); why != "" {
			return e, why
		}
	}
	return es[0], ""
}

// mismatch says why rec is not the paper e describes, or "" when it is (or
// when either side lacks the field): titles less similar than threshold,
// years more than one apart, or the entry's first author missing from the
// record's authors.
func mismatch(e bib.Entry, rec *oracles.Record, threshold float64) string {
	var why []string
	if e.Title != "" && rec.Title != "" {
		if s := titleSimilarity(e.Title, rec.Title); s < threshold {
			why = append(why, fmt.Sprintf("title similarity %.2f < %.2f", s, threshold))
		}
	}
	if e.Year != 0 && rec.Year != 0 && (e.Year-rec.Year > 1 || rec.Year-e.Year > 1) {
		why = append(why, fmt.Sprintf("year %d, record %d", e.Year, rec.Year))
	}
	if len(e.Authors) > 0 && len(rec.Authors) > 0 && !authorAmong(e.Authors[0], rec.Authors) {
		why = append(why, fmt.Sprintf("first author %q not among the record's %d authors", e.Authors[0], len(rec.Authors)))
	}
	return strings.Join(why, "; ")
}

// tokens folds s to lower-case ASCII-ish words: accents dropped (é → e),
// punctuation and markup a separator.
func tokens(s string) []string {
	s = norm.NFD.String(strings.ToLower(s))
	return strings.FieldsFunc(strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// titleSimilarity is the token-set similarity of two titles: the shared
// distinct words over the distinct words of the shorter title. A subtitle
// one side leaves out costs nothing; a different paper shares few words.
// Titles are also compared with their hyphens joined, and the better score
// kept: text pasted from a PDF splits words at line ends ("clus- tering"),
// and "multi-channel" is one word to some and two to others.
func titleSimilarity(a, b string) float64 {
	return max(tokenSetSimilarity(a, b), tokenSetSimilarity(joinHyphens(a), joinHyphens(b)))
}

// hyphenBreak is a hyphen inside or at the end of a word, with the space a
// PDF line break leaves after it.
var hyphenBreak = regexp.MustCompile(`(\pL)-\s*(\pL)`)

// joinHyphens joins the words a hyphen splits: "clus- tering" and
// "multi-channel" become "clustering" and "multichannel".
func joinHyphens(s string) string { return hyphenBreak.ReplaceAllString(s, "$1$2") }

func tokenSetSimilarity(a, b string) float64 {
	sa, sb := set(tokens(a)), set(tokens(b))
	if len(sa) == 0 || len(sb) == 0 {
		return 0
	}
	shared := 0
	for w := range sa {
		if sb[w] {
			shared++
		}
	}
	return float64(shared) / float64(min(len(sa), len(sb)))
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// authorAmong reports whether the family name of author (before a comma,
// else any of its words of two letters or more, since files write both
// "Given Family" and "Family Given") is a word of one of the record's
// authors.
func authorAmong(author string, record []string) bool {
	names := tokens(author)
	if family, _, ok := strings.Cut(author, ","); ok {
		names = tokens(family)
	}
	have := map[string]bool{}
	for _, a := range record {
		for _, w := range tokens(a) {
			have[w] = true
		}
	}
	for _, n := range names {
		if len(n) >= 2 && have[n] {
			return true
		}
	}
	return false
}
