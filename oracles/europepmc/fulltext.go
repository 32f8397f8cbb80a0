package europepmc

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"regexp"

	"github.com/citeloop/citeloop/oracles"
)

var _ oracles.FullTexter = (*Client)(nil)

// pmcid is the only id fullTextXML takes.
var pmcid = regexp.MustCompile(`^PMC[0-9]{1,12}$`)

// FullText fetches an open-access article's JATS XML:
// GET {base}/{PMCID}/fullTextXML. Europe PMC answers 404 (with a JSON body)
// for records outside the open-access subset and, as seen in 2026, 500 with
// a JSON body for author manuscripts; 403 is seen too. Each wraps
// oracles.ErrNoFullText. A 200 that is not XML is an
// *oracles.BadResponseError. The request asks for XML: a global
// "Accept: application/json" makes this endpoint answer 406.
func (c *Client) FullText(ctx context.Context, id string) (oracles.FullText, error) {
	if !pmcid.MatchString(id) {
		return oracles.FullText{}, fmt.Errorf("europepmc: full text of %q: %w: not a PMCID", id, oracles.ErrNoFullText)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/"+id+"/fullTextXML", nil)
	if err != nil {
		return oracles.FullText{}, fmt.Errorf("europepmc: full text of %s: %w", id, err)
	}
	req.Header.Set("Accept", "application/xml")
	resp, err := c.http.Do(req)
	if err != nil {
		// 5xx after retries (an author manuscript's 500 among them),
		// 429, the network: the service could not say.
		return oracles.FullText{}, fmt.Errorf("europepmc: full text of %s: %w", id, err)
	}
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusNotFound, http.StatusForbidden, http.StatusGone:
		return oracles.FullText{}, fmt.Errorf("europepmc: full text of %s: %w (HTTP %d)", id, oracles.ErrNoFullText, resp.StatusCode)
	default:
		return oracles.FullText{}, c.http.Bad(resp, "unexpected status for fullTextXML")
	}
	if b := bytes.TrimSpace(resp.Body); len(b) == 0 || b[0] != '<' {
		return oracles.FullText{}, c.http.Bad(resp, "fullTextXML body is not XML")
	}
	return oracles.FullText{ID: id, Body: resp.Body, Oracle: Name}, nil
}
