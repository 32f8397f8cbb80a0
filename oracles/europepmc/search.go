package europepmc

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/oracles"
)

var _ oracles.Searcher = (*Client)(nil)

// Open ends of a date window are written as these bounds, which Europe PMC
// accepts in a FIRST_PDATE range.
const (
	openSince = "1000-01-01"
	openUntil = "9999-12-31"
)

// QueryString writes q in Europe PMC's syntax: clauses joined by " AND ",
// in the order TITLE:"…", AUTHORID:"…", AUTH:"…", AFF:"…", ("term" AND
// "term"…; OR with Any), FIRST_PDATE:[since TO until] (an open end is
// 1000-01-01 or 9999-12-31). Every value is cleaned with phrase.Clean and
// quoted as one phrase, so no text can add an operator, a field or a
// wildcard; dates are used only in YYYY-MM-DD form. Author and Affiliation
// are left out when ORCID is set. A Raw query is returned as it is.
//
// A bibliographic query, Title and Author, is TITLE:"…" AND AUTH:"…": the
// title as one phrase (even one that cleans down to nothing), the family
// name when it keeps a word.
func QueryString(q oracles.Query) string {
	if q.Raw != "" {
		return q.Raw
	}
	var clauses []string
	add := func(field, v string) {
		if v = phrase.Clean(v); v != "" {
			clauses = append(clauses, field+`:"`+v+`"`)
		}
	}
	if q.Title != "" {
		clauses = append(clauses, `TITLE:"`+phrase.Clean(q.Title)+`"`)
	}
	add("AUTHORID", q.ORCID)
	if q.ORCID == "" {
		add("AUTH", q.Author)
		add("AFF", q.Affiliation)
	}
	var terms []string
	for _, t := range q.Terms {
		if t = phrase.Clean(t); phrase.HasWord(t) {
			terms = append(terms, `"`+t+`"`)
		}
	}
	switch len(terms) {
	case 0:
	case 1:
		clauses = append(clauses, terms[0])
	default:
		op := " AND "
		if q.Any {
			op = " OR "
		}
		clauses = append(clauses, "("+strings.Join(terms, op)+")")
	}
	if q.Since != "" || q.Until != "" {
		since, until := orDefault(q.Since, openSince), orDefault(q.Until, openUntil)
		if isISODate(since) && isISODate(until) {
			clauses = append(clauses, "FIRST_PDATE:["+since+" TO "+until+"]")
		}
	}
	return strings.Join(clauses, " AND ")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// isISODate reports whether s is exactly dddd-dd-dd, the only form a date
// may take inside a range clause.
func isISODate(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 4 || i == 7 {
			if s[i] != '-' {
				return false
			}
		} else if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Search runs q, written by QueryString, in resultType=core and returns at
// most max hits (see SearchAll for the paging). Every field of Query is
// searched; an empty query is a *oracles.QueryError.
func (c *Client) Search(ctx context.Context, q oracles.Query, max int) (oracles.SearchResult, error) {
	if q.IsEmpty() {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: "europepmc: empty query"}
	}
	query := QueryString(q)
	results, err := c.SearchAll(ctx, query, max)
	if err != nil {
		return oracles.SearchResult{Query: query}, fmt.Errorf("europepmc: search: %w", err)
	}
	return oracles.SearchResult{Query: query, Hits: hits(results)}, nil
}

// hits converts core results to search hits.
func hits(results []Result) []oracles.Hit {
	out := make([]oracles.Hit, 0, len(results))
	for _, r := range results {
		out = append(out, r.Hit())
	}
	return out
}

// Hit converts a core result to a search hit: its record, its Europe PMC id
// and the records its "Preprint of" and "Preprint in" links name as the
// same work.
func (r Result) Hit() oracles.Hit {
	h := oracles.Hit{Record: r.Record(), ID: r.ID}
	if r.CommentCorrectionList != nil {
		for _, c := range r.CommentCorrectionList.CommentCorrection {
			if c.Type == "Preprint of" || c.Type == "Preprint in" {
				h.SameWork = append(h.SameWork, c.Source+":"+c.ID)
			}
		}
	}
	return h
}

// ReadResponse reads a saved Europe PMC search answer (resultType=core
// JSON, as recorded or exported; told by its "resultList") as hits, the
// records as Europe PMC has them. ok is false for data that is not one; an
// error means it is one that does not decode.
func ReadResponse(data []byte) (_ []oracles.Hit, ok bool, _ error) {
	if !bytes.Contains(data, []byte(`"resultList"`)) {
		return nil, false, nil
	}
	resp, err := ParseResponse(data)
	if err != nil {
		return nil, true, err
	}
	return hits(resp.ResultList.Result), true, nil
}
