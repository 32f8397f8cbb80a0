package collect

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// ResultSearcher is the Europe PMC client's paged core search
// (europepmc.Client satisfies it).
type ResultSearcher interface {
	SearchAll(ctx context.Context, query string, max int) ([]europepmc.Result, error)
}

// EuropePMCSearcher searches Europe PMC live through its client, which pages
// with cursorMark in resultType=core.
type EuropePMCSearcher struct {
	Client ResultSearcher
}

// Search sends q.String() and converts the hits.
func (s EuropePMCSearcher) Search(ctx context.Context, q Query, max int) ([]Doc, error) {
	if q.IsEmpty() {
		return nil, fmt.Errorf("europepmc: empty query")
	}
	results, err := s.Client.SearchAll(ctx, q.String(), max)
	if err != nil {
		return nil, fmt.Errorf("europepmc: search: %w", err)
	}
	docs := make([]Doc, 0, len(results))
	for _, r := range results {
		docs = append(docs, DocFromResult(r))
	}
	return docs, nil
}

// Corpus searches a fixed set of docs in memory with the semantics of the
// query Europe PMC would run, so the offline snapshot goes through the same
// collector as a live search:
//
//   - ORCID: an author of the record has that ORCID;
//   - Author: an author's name starts with the query's words (the last word
//     as a prefix, so "Smith A" matches "Smith AB"), case-insensitively;
//   - Affiliation: the words appear in that order in an affiliation;
//   - Terms: the words of every term (of at least one with Any) appear in
//     that order in the title, abstract or keywords;
//   - Since/Until: the first publication date (else the year) is inside;
//     a record with neither is outside every window (see pubDate).
//
// Records are returned in corpus order; ranking is the collector's job.
type Corpus struct {
	Docs []Doc
}

// Search returns at most max docs matching q.
func (c Corpus) Search(ctx context.Context, q Query, max int) ([]Doc, error) {
	if q.IsEmpty() {
		return nil, fmt.Errorf("corpus: empty query")
	}
	if q.Raw != "" {
		return nil, fmt.Errorf("%w: query: a raw Europe PMC query needs Europe PMC; the offline corpus searches a topic, name or ORCID", leads.ErrInvalidLead)
	}
	var out []Doc
	for _, d := range c.Docs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(out) >= max {
			break
		}
		if matches(d, q) {
			out = append(out, d)
		}
	}
	return out, nil
}

func matches(d Doc, q Query) bool {
	if q.ORCID != "" {
		found := false
		for _, o := range d.ORCIDs {
			found = found || o == q.ORCID
		}
		if !found {
			return false
		}
	} else {
		if q.Author != "" && !authorMatches(d.Record.Authors, q.Author) {
			return false
		}
		if q.Affiliation != "" && !anyContainsPhrase(d.Affiliations, q.Affiliation) {
			return false
		}
	}
	text := []string{d.Record.Title, d.Record.Abstract, strings.Join(d.Keywords, " ; ")}
	if len(q.Terms) > 0 {
		hits := 0
		for _, t := range q.Terms {
			if anyContainsPhrase(text, t) {
				hits++
			}
		}
		if hits == 0 || (!q.Any && hits < len(q.Terms)) {
			return false
		}
	}
	if q.Since != "" || q.Until != "" {
		date, ok := pubDate(d)
		if !ok || (q.Since != "" && date < q.Since) || (q.Until != "" && date > q.Until) {
			return false
		}
	}
	return true
}

// pubDate is a doc's first publication date as YYYY-MM-DD: the first ten
// characters of FirstPublished when it is that long, else mid-year of the
// record's year or of the year FirstPublished starts with ("2021-03" is
// 2021-07-01). ok is false when there is no date to compare.
func pubDate(d Doc) (date string, ok bool) {
	if len(d.FirstPublished) >= 10 {
		return d.FirstPublished[:10], true
	}
	year := d.Record.Year
	if year <= 0 {
		year = leadingYear(d.FirstPublished)
	}
	if year <= 0 || year > 9999 {
		return "", false
	}
	return fmt.Sprintf("%04d-07-01", year), true
}

func authorMatches(authors []string, name string) bool {
	want := tokens(name)
	if len(want) == 0 {
		return false
	}
	for _, a := range authors {
		got := tokens(a)
		if len(got) < len(want) {
			continue
		}
		ok := true
		for i, w := range want {
			if i == len(want)-1 {
				ok = ok && strings.HasPrefix(got[i], w)
			} else {
				ok = ok && got[i] == w
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// anyContainsPhrase reports whether the phrase's tokens appear consecutively
// in one of texts.
func anyContainsPhrase(texts []string, phrase string) bool {
	want := tokens(phrase)
	if len(want) == 0 {
		return true
	}
	for _, t := range texts {
		got := tokens(t)
		for i := 0; i+len(want) <= len(got); i++ {
			ok := true
			for j, w := range want {
				if got[i+j] != w {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// leadingYear is the year a date starts with ("2021-03" is 2021), 0 when
// it starts with none.
func leadingYear(s string) int {
	s = strings.TrimSpace(s)
	if len(s) >= 4 {
		if y, err := strconv.Atoi(s[:4]); err == nil && y > 0 {
			return y
		}
	}
	return 0
}
