package collect

import (
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/leads"
)

// Open ends of a date window are written as these bounds, which Europe PMC
// accepts in a FIRST_PDATE range.
const (
	openSince = "1000-01-01"
	openUntil = "9999-12-31"
)

// Query is the structured search for a lead. Every field holds clean text
// (see phrase.Clean): String quotes each value as one phrase, so no user input can
// add an operator, a field or a wildcard to the query.
type Query struct {
	// ORCID searches AUTHORID. When it is set, Author and Affiliation are
	// not searched: an ORCID is exact, a name is not.
	ORCID string
	// Author searches AUTH, e.g. "Smith AB".
	Author string
	// Affiliation searches AFF. It narrows a name-only lead.
	Affiliation string
	// Terms are the topic's words and phrases; a record must match all of
	// them, or one of them when Any is set.
	Terms []string
	Any   bool
	// Raw, when set, is a Europe PMC query the user wrote, sent as the whole
	// query: no other field is combined with it.
	Raw string
	// Since and Until bound FIRST_PDATE (YYYY-MM-DD; empty when open).
	Since, Until string
}

// BuildQuery turns a validated lead into a query. ValidateLead rejects a
// name, affiliation or topic that would clean down to nothing here, so no
// field given by the user is silently left out of the query.
//
// Topic handling: text inside double quotes in the topic is one phrase
// ("cancer screening" must appear as such); every other word is its own
// term; commas and semicolons separate words too. Each word or phrase is
// quoted on its own and they are ANDed, as Europe PMC and PubMed users
// expect: `"cancer screening" adults` becomes ("cancer screening" AND
// "adults"); with Lead.AnyTopicWord they are ORed. The BM25 ranking over
// title and abstract that follows (see rankBM25) orders the hits. Bare words
// such as and/or/not/the/of are dropped. A Lead.Query is the whole query,
// as the user wrote it. Characters that are special inside a Europe PMC phrase (", \, *,
// ?) and control characters become spaces (see phrase.Clean).
func BuildQuery(l contract.Lead) Query {
	if l.Query != "" {
		return Query{Raw: l.Query}
	}
	q := Query{Since: l.Since, Until: l.Until, Any: l.AnyTopicWord}
	if l.ORCID != "" {
		q.ORCID = phrase.Clean(l.ORCID)
	} else {
		q.Author = phrase.Clean(l.Name)
		q.Affiliation = phrase.Clean(l.Affiliation)
	}
	q.Terms = leads.TopicTerms(l.Topic)
	return q
}

// IsEmpty reports whether the query has no clause at all.
func (q Query) IsEmpty() bool {
	return q.Raw == "" && q.ORCID == "" && q.Author == "" && q.Affiliation == "" && len(q.Terms) == 0 && q.Since == "" && q.Until == ""
}

// String renders the query in Europe PMC syntax: clauses joined by " AND ",
// in the order AUTHORID:"…", AUTH:"…", AFF:"…", ("term" AND "term"…; OR
// with Any),
// FIRST_PDATE:[since TO until] (an open end is 1000-01-01 or 9999-12-31).
// Every value is a quoted phrase; dates are validated YYYY-MM-DD. A Raw
// query is returned as it is.
func (q Query) String() string {
	if q.Raw != "" {
		return q.Raw
	}
	var clauses []string
	add := func(field, v string) {
		if v = phrase.Clean(v); v != "" {
			clauses = append(clauses, field+`:"`+v+`"`)
		}
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
