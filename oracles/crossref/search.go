package crossref

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"github.com/citeloop/citeloop/oracles"
)

// searchResponse is the envelope of GET /works?query...: a list of works.
type searchResponse struct {
	Status  string `json:"status"`
	Message struct {
		Items []Work `json:"items"`
	} `json:"message"`
}

// SearchURL is the request URL of a bibliographic search: the title in
// query.bibliographic, the author in query.author (left out when empty),
// at most rows items. Both are form-encoded values, never spliced into the
// URL, so no user text can add a parameter.
func (c *Client) SearchURL(title, author string, rows int) string {
	v := searchValues(title, author)
	v.Set("rows", strconv.Itoa(rows))
	if c.contact != "" {
		v.Set("mailto", c.contact)
	}
	return c.base + "/works?" + v.Encode()
}

// SearchBibliographic asks Crossref for the works best matching a title
// and an author, at most rows of them, through the client's throttle. The
// records are Crossref's ranking, not matches: the caller decides which, if
// any, is the paper.
func (c *Client) SearchBibliographic(ctx context.Context, title, author string, rows int) ([]oracles.Record, error) {
	if title == "" {
		return nil, fmt.Errorf("crossref: bibliographic search: empty title")
	}
	var resp searchResponse
	if err := c.perDOI.HTTP.GetJSON(ctx, c.SearchURL(title, author, rows), &resp); err != nil {
		return nil, fmt.Errorf("crossref: bibliographic search: %w", err)
	}
	out := make([]oracles.Record, 0, len(resp.Message.Items))
	for i := range resp.Message.Items {
		if rec := resp.Message.Items[i].Record(); rec != nil {
			out = append(out, *rec)
		}
	}
	return out, nil
}

var _ oracles.Searcher = (*Client)(nil)

// Search runs a bibliographic query (see SearchBibliographic): q.Title,
// with q.Author the first author's family name, at most max works.
// Crossref searches nothing else here: a query with any other field, or
// without a title, is a *oracles.QueryError. SearchResult.Query is the
// query's parameters, form-encoded.
func (c *Client) Search(ctx context.Context, q oracles.Query, max int) (oracles.SearchResult, error) {
	if q.Title == "" || q.ORCID != "" || q.Affiliation != "" || len(q.Terms) > 0 || q.Since != "" || q.Until != "" || q.Raw != "" {
		return oracles.SearchResult{}, &oracles.QueryError{Reason: "crossref: bibliographic search: a title, and an author, only"}
	}
	query := searchValues(q.Title, q.Author).Encode()
	recs, err := c.SearchBibliographic(ctx, q.Title, q.Author, max)
	if err != nil {
		return oracles.SearchResult{Query: query}, err
	}
	recs = recs[:min(len(recs), max)] // rows asks for max; a longer answer is cut
	hits := make([]oracles.Hit, 0, len(recs))
	for _, r := range recs {
		hits = append(hits, oracles.Hit{Record: r})
	}
	return oracles.SearchResult{Query: query, Hits: hits}, nil
}

// searchValues are the parameters of a bibliographic query.
func searchValues(title, author string) url.Values {
	v := url.Values{"query.bibliographic": {title}}
	if author != "" {
		v.Set("query.author", author)
	}
	return v
}
