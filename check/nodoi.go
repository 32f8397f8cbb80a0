package check

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/check/compare"
	"github.com/citeloop/citeloop/oracles"
)

// searchRows is how many records each title search asks for: the paper, if
// it is there, is among the first few.
const searchRows = 5

// DefaultTitleSimilarity is the token-set similarity a search hit's title
// must reach to be taken for the entry's paper and compared with it field
// by field; a hit below it is another paper.
const DefaultTitleSimilarity = 0.8

// familyName guesses the family name of an author as files write it:
// before a comma ("Müller, Hans"), the first word before initials
// ("Müller H", "Smith AB"), else the last word ("Hans Müller").
func familyName(author string) string {
	if family, _, ok := strings.Cut(author, ","); ok {
		return strings.TrimSpace(family)
	}
	words := strings.Fields(author)
	switch {
	case len(words) == 0:
		return ""
	case len(words) > 1 && isInitials(words[len(words)-1]):
		return words[0]
	default:
		return words[len(words)-1]
	}
}

// isInitials reports whether w looks like initials: at most three
// upper-case letters, dots allowed ("AB", "J.", "H.-P.").
func isInitials(w string) bool {
	letters := 0
	for _, r := range w {
		switch {
		case r == '.' || r == '-':
		case r >= 'A' && r <= 'Z':
			letters++
		default:
			return false
		}
	}
	return letters > 0 && letters <= 3
}

// searched is what the title searches of one entry gave: the distinct
// records whose title is close to the entry's, compared field by field.
type searched struct {
	matches []oracles.Record // candidates every field of which agrees
	// closest is the candidate whose title the comparison accepts but some
	// other field does not (the entry's paper described wrongly), else the
	// most similar candidate; its comparison is closestRes.
	closest    *oracles.Record
	closestRes compare.Result
	candidates int
	asked      []string // the services that answered
	failed     []string // "service: error" for those that did not
}

// searchEntry asks every searcher for e's title and first author's family
// name and compares the hits whose title is at least threshold similar to
// e's, field by field, leaving out the DOI except.
func (c *Checker) searchEntry(ctx context.Context, e bib.Entry, except string) searched {
	author := ""
	if len(e.Authors) > 0 {
		author = familyName(e.Authors[0])
	}
	var out searched
	seen := map[string]bool{except: except != ""}
	best := -1.0
	for _, s := range c.searchers {
		res, err := s.Search(ctx, oracles.Query{Title: e.Title, Author: author}, searchRows)
		if err != nil {
			out.failed = append(out.failed, fmt.Sprintf("%s: %v", s.Name(), err))
			continue
		}
		out.asked = append(out.asked, s.Name())
		for _, h := range res.Hits {
			rec := h.Record
			if rec.DOI == "" || seen[rec.DOI] {
				continue
			}
			sim := titleSimilarity(e.Title, rec.Title)
			if sim < c.opts.TitleSimilarity {
				continue
			}
			seen[rec.DOI] = true
			out.candidates++
			cmp := comparison(e, &rec, c.opts.Compare)
			if cmp.OK() {
				out.matches = append(out.matches, rec)
				continue
			}
			// A candidate whose title the comparison accepts is the entry's
			// paper; otherwise the closest title wins.
			score := sim
			if !hasField(cmp, compare.Title) {
				score += 1
			}
			if score > best {
				best, out.closest, out.closestRes = score, &rec, cmp
			}
		}
	}
	return out
}

// hasField reports whether a comparison failed on field f.
func hasField(r compare.Result, f compare.Field) bool {
	for _, m := range r.Mismatches {
		if m.Field == f {
			return true
		}
	}
	return false
}

// noDOIRow is the row of an entry without a DOI: looked up by title and
// first author in every searcher, each candidate compared field by field.
// One candidate that agrees in every field is suggested (verdict no_doi,
// the DOI to add); a candidate with the entry's title that disagrees on
// another field makes the row a mismatch naming that paper (the entry
// describes a real paper wrongly); otherwise the row says what the search
// found. A search that fails is named in the row.
//
// Under NoDOIWarn a row still no_doi after the search is a warning: it
// does not fail the check. A row the search made a mismatch still does.
func (c *Checker) noDOIRow(ctx context.Context, e bib.Entry, loc Location) Row {
	row := c.searchNoDOI(ctx, e, loc)
	row.Warning = row.Verdict == VerdictNoDOI && c.opts.NoDOI == NoDOIWarn
	return row
}

// searchNoDOI is noDOIRow before the NoDOI policy is applied.
func (c *Checker) searchNoDOI(ctx context.Context, e bib.Entry, loc Location) Row {
	row := Row{Verdict: VerdictNoDOI, Entry: entryOf(e), Locations: []Location{loc}}
	switch {
	case c.opts.Offline:
		row.Error = "no DOI; not searched offline"
		return row
	case len(c.searchers) == 0:
		row.Error = "no DOI; no oracle to search by title"
		return row
	}
	s := c.searchEntry(ctx, e, "")
	s.matches = oneVersion(e, s.matches)
	row.Oracle = strings.Join(s.asked, ",")
	row.Candidates = s.candidates
	switch {
	case len(s.matches) == 1:
		m := s.matches[0]
		row.SuggestedDOI = m.DOI
		row.Title, row.Year = cleanTitle(m.Title), m.Year
		row.versions(&m)
		row.Notes = comparison(e, &m, c.opts.Compare).Notes
		row.Error = "no DOI; found " + m.DOI
	case len(s.matches) > 1:
		row.Error = fmt.Sprintf("no DOI; ambiguous: %d candidates agree with the entry", len(s.matches))
	case s.closest != nil && !hasField(s.closestRes, compare.Title):
		row.Title, row.Year = cleanTitle(s.closest.Title), s.closest.Year
		row.versions(s.closest)
		row.mismatch(s.closestRes, e, 1)
		row.Error = fmt.Sprintf("no DOI; the paper of this title is %s: %s", s.closest.DOI, row.Error)
	case s.closest != nil:
		row.Error = fmt.Sprintf("no DOI; no candidate agrees: the closest, %s, differs (%s)", s.closest.DOI, s.closestRes.Why())
	case len(s.failed) > 0:
		row.Error = "no DOI; search failed: " + strings.Join(s.failed, "; ")
	default:
		row.Error = "no DOI; no candidate found"
	}
	return row
}

// oneVersion keeps, of two matching records that are versions of one work
// (a preprint and its published paper, linked by DOI or by the source's
// id), the one the entry cites: the preprint when it says preprint, else
// the published paper.
func oneVersion(e bib.Entry, ms []oracles.Record) []oracles.Record {
	if len(ms) != 2 || !linked(ms[0], ms[1]) || ms[0].Preprint == ms[1].Preprint {
		return ms
	}
	wantPreprint := e.Type == bib.TypePreprint
	for _, m := range ms {
		if m.Preprint == wantPreprint {
			return []oracles.Record{m}
		}
	}
	return ms
}

// linked reports whether a and b name each other as their other version.
func linked(a, b oracles.Record) bool {
	names := func(r, o oracles.Record) bool {
		return r.PublishedDOI != "" && r.PublishedDOI == o.DOI || r.PreprintDOI != "" && r.PreprintDOI == o.DOI ||
			o.PMID != "" && r.PublishedAs == "MED "+o.PMID
	}
	return names(a, b) || names(b, a)
}

// suggestCorrection searches by title and first author for the paper a
// mismatching entry describes and sets SuggestedDOI when exactly one
// other record agrees with the entry in every field: the DOI the entry
// should have carried.
func (c *Checker) suggestCorrection(ctx context.Context, row *Row, e bib.Entry) {
	if len(c.searchers) == 0 || strings.TrimSpace(e.Title) == "" {
		return
	}
	s := c.searchEntry(ctx, e, row.DOI)
	s.matches = oneVersion(e, s.matches)
	row.Candidates = len(s.matches)
	switch {
	case len(s.matches) == 1:
		row.SuggestedDOI = s.matches[0].DOI
		row.Error += "; the entry's paper is " + s.matches[0].DOI
	case len(s.matches) > 1:
		row.Error += fmt.Sprintf("; ambiguous: %d candidates for the entry", len(s.matches))
	}
}

// titleSimilarity is the token-set similarity of two titles: the shared
// distinct words over the distinct words of the shorter title, also with
// hyphens joined (the better score kept). It only picks search hits worth
// comparing; the comparison itself is word for word (package compare).
func titleSimilarity(a, b string) float64 {
	return max(tokenSetSimilarity(a, b), tokenSetSimilarity(joinHyphens(a), joinHyphens(b)))
}

// hyphenBreak is a hyphen inside or at the end of a word, with the space a
// PDF line break leaves after it.
var hyphenBreak = regexp.MustCompile(`(\pL)-\s*(\pL)`)

func joinHyphens(s string) string { return hyphenBreak.ReplaceAllString(s, "$1$2") }

func tokenSetSimilarity(a, b string) float64 {
	sa, sb := wordSet(a), wordSet(b)
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

// wordSet is the set of s's words, folded to lower case without accents,
// punctuation and markup a separator.
func wordSet(s string) map[string]bool {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, norm.NFD.String(strings.ToLower(s)))
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out[w] = true
	}
	return out
}
