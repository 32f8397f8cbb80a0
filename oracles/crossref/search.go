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
	v := url.Values{"query.bibliographic": {title}, "rows": {strconv.Itoa(rows)}}
	if author != "" {
		v.Set("query.author", author)
	}
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
