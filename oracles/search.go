package oracles

import (
	"context"
	"errors"
)

// Searcher is the optional capability of an oracle that can search its
// service for records, discovered by type assertion (as database/sql/driver
// discovers a driver's optional interfaces):
//
//	if s, ok := o.(oracles.Searcher); ok { ... }
//
// It serves evidence collection (a lead's query) and check's title search
// for an entry without a DOI (a bibliographic query). Each searcher owns
// its query syntax: it writes q in its service's language, quoting every
// value so that no field can add an operator, another field or a wildcard,
// and says in SearchResult.Query what it sent.
//
// Search returns at most max hits, in the service's order (collection
// ranks them itself; a title search keeps only close matches). A query it
// cannot run (empty, or with fields it does not search) is a *QueryError
// wrapping ErrQuery, before any request; a failure of the service wraps
// ErrUnavailable. Search must be safe for concurrent use.
type Searcher interface {
	Name() string
	Search(ctx context.Context, q Query, max int) (SearchResult, error)
}

// Query is a search for records in no service's syntax. Fields hold plain
// text (leads are cleaned with internal/phrase before they become one);
// empty fields are not searched.
//
// A query is either a lead's, from ORCID, Author, Affiliation, Terms and
// the date window, or a bibliographic one for a single paper: Title, with
// Author its first author's family name. Raw is a query in one service's
// own syntax, sent as the whole query; other searchers refuse it.
type Query struct {
	// ORCID is an author's ORCID iD. When it is set, Author and
	// Affiliation are not searched: an ORCID is exact, a name is not.
	ORCID string
	// Author is an author's name as the service writes authors ("Smith
	// AB"), or, with Title, a family name.
	Author string
	// Affiliation narrows Author to authors with this affiliation.
	Affiliation string
	// Title is the title of the one paper a bibliographic search looks for.
	Title string
	// Terms are the topic's words and phrases: a record must match all of
	// them, or one of them when Any is set.
	Terms []string
	Any   bool
	// Since and Until bound the first publication date (YYYY-MM-DD; empty
	// when open).
	Since, Until string
	// Raw, when set, is the whole query in one service's syntax, as a user
	// wrote it: no other field is combined with it.
	Raw string
}

// IsEmpty reports whether q asks for nothing at all.
func (q Query) IsEmpty() bool {
	return q.Raw == "" && q.ORCID == "" && q.Author == "" && q.Affiliation == "" && q.Title == "" &&
		len(q.Terms) == 0 && q.Since == "" && q.Until == ""
}

// SearchResult is what one search found.
type SearchResult struct {
	// Query is the search as the service was asked it, in its own syntax
	// (a Europe PMC query, Crossref's parameters): a ledger records it.
	Query string
	Hits  []Hit
}

// Hit is one record a search found, with what collection needs beyond the
// Record to merge the versions of one work.
type Hit struct {
	Record Record
	// ID is the service's own identifier of the record ("PPR1303372",
	// "31398324") in the namespace Record.Source names; "" when it has
	// none.
	ID string
	// SameWork lists, as Key values, the service's other records of the
	// same work: a preprint's published paper, a paper's preprint (Europe
	// PMC's "Preprint of" and "Preprint in" links).
	SameWork []string
}

// Key identifies the hit's record in its service ("MED:31398324"); "" when
// it has no ID.
func (h Hit) Key() string {
	if h.ID == "" {
		return ""
	}
	return h.Record.Source + ":" + h.ID
}

// ErrQuery is wrapped by every error about a query a searcher cannot run:
// the query is at fault, not the service, so it never wraps ErrUnavailable.
var ErrQuery = errors.New("query not supported")

// QueryError says why a searcher refused a query.
type QueryError struct {
	// Reason is the whole message, naming the searcher.
	Reason string
}

func (e *QueryError) Error() string { return e.Reason }

// Is makes errors.Is(err, ErrQuery) hold.
func (e *QueryError) Is(target error) bool { return target == ErrQuery }
