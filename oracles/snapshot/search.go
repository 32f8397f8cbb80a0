package snapshot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

// Search returns at most max records of the corpus matching q, in corpus
// order (ranking is the collector's job), with the semantics of the query
// Europe PMC would run, so the offline corpus goes through the same
// collector as a live search:
//
//   - ORCID: an author of the record has that ORCID;
//   - Author: an author's name starts with the query's words (the last word
//     as a prefix, so "Smith A" matches "Smith AB"), case-insensitively;
//   - Affiliation: the words appear in that order in an affiliation;
//   - Title: its words appear in that order in the title;
//   - Terms: the words of every term (of at least one with Any) appear in
//     that order in the title, abstract or keywords;
//   - Since/Until: the first publication date (else the year) is inside;
//     a record with neither is outside every window (see pubDate).
//
// SearchResult.Query is q in Europe PMC's syntax (europepmc.QueryString).
// A Raw query is Europe PMC's to run: it is a *oracles.QueryError, as is an
// empty one.
func (o *Oracle) Search(ctx context.Context, q oracles.Query, max int) (oracles.SearchResult, error) {
	if q.IsEmpty() {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: "corpus: empty query"}
	}
	if q.Raw != "" {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: "query: a raw Europe PMC query needs Europe PMC; the offline corpus searches a topic, name or ORCID"}
	}
	out := oracles.SearchResult{Query: europepmc.QueryString(q)}
	for _, d := range o.corpus.docs {
		if err := ctx.Err(); err != nil {
			return oracles.SearchResult{}, err
		}
		if len(out.Hits) >= max {
			break
		}
		if d.matches(q) {
			out.Hits = append(out.Hits, d.hit)
		}
	}
	return out, nil
}

func (d doc) matches(q oracles.Query) bool {
	rec := d.hit.Record
	if q.ORCID != "" {
		found := false
		for _, o := range d.orcids {
			found = found || o == q.ORCID
		}
		if !found {
			return false
		}
	} else {
		if q.Author != "" && !authorMatches(rec.Authors, q.Author) {
			return false
		}
		if q.Affiliation != "" && !anyContainsPhrase(d.affiliations, q.Affiliation) {
			return false
		}
	}
	if q.Title != "" && !anyContainsPhrase([]string{rec.Title}, q.Title) {
		return false
	}
	text := []string{rec.Title, rec.Abstract, strings.Join(d.keywords, " ; ")}
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
		date, ok := d.pubDate()
		if !ok || (q.Since != "" && date < q.Since) || (q.Until != "" && date > q.Until) {
			return false
		}
	}
	return true
}

// pubDate is a record's first publication date as YYYY-MM-DD: the first
// ten characters of firstPublished when it is that long, else mid-year of
// the record's year or of the year firstPublished starts with ("2021-03"
// is 2021-07-01). ok is false when there is no date to compare.
func (d doc) pubDate() (date string, ok bool) {
	if len(d.firstPublished) >= 10 {
		return d.firstPublished[:10], true
	}
	year := d.hit.Record.Year
	if s := strings.TrimSpace(d.firstPublished); year <= 0 && len(s) >= 4 {
		year, _ = strconv.Atoi(s[:4])
	}
	if year <= 0 || year > 9999 {
		return "", false
	}
	return fmt.Sprintf("%04d-07-01", year), true
}

func authorMatches(authors []string, name string) bool {
	want := phrase.Words(name)
	if len(want) == 0 {
		return false
	}
	for _, a := range authors {
		got := phrase.Words(a)
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

// anyContainsPhrase reports whether the words of p appear consecutively
// in one of texts.
func anyContainsPhrase(texts []string, p string) bool {
	want := phrase.Words(p)
	if len(want) == 0 {
		return true
	}
	for _, t := range texts {
		got := phrase.Words(t)
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
