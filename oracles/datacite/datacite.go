// Package datacite is a DOI oracle over the DataCite REST API:
// GET /dois/{doi} per DOI. DataCite registers the DOIs of datasets,
// software and preprints (Zenodo, arXiv, Dryad, figshare) that Crossref and
// Europe PMC do not know.
//
// Wire facts: a found DOI is a JSON:API document {"data":{"id","type":"dois",
// "attributes":{...}}}; an unknown DOI is HTTP 404 with
// {"errors":[{"status":"404","title":"The resource you are looking for
// doesn't exist."}]}. The public API allows about 3000 requests per five
// minutes; the DOI's slash is sent as a path separator.
package datacite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Name is the oracle's name in results, logs and the registry.
const Name = "datacite"

// Defaults used when an Options field is zero.
const (
	DefaultBaseURL = "https://api.datacite.org"
	// DefaultParallel is the number of DOIs asked at once (the httpx rate
	// and concurrency limits still apply).
	DefaultParallel = 4
)

// Options configures a Client. Zero fields take their defaults.
type Options struct {
	// BaseURL is the API root; /dois/{doi} is appended.
	BaseURL string
	// Parallel is the number of DOIs in flight at once.
	Parallel int
	// TotalBudget, when positive, bounds each Lookup, retries included.
	TotalBudget time.Duration
	// HTTPOptions configures the httpx client (Name is set to "datacite").
	HTTPOptions httpx.Options
	// Logger receives counts and statuses; default zap.NewNop().
	Logger *zap.Logger
}

// Client is the DataCite oracle. It is safe for concurrent use.
type Client struct {
	base   string
	perDOI httpx.PerDOI
}

var _ oracles.Oracle = (*Client)(nil)

// New builds a Client.
func New(opts Options) *Client {
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultBaseURL
	}
	if opts.Parallel <= 0 {
		opts.Parallel = DefaultParallel
	}
	c := &Client{base: strings.TrimRight(opts.BaseURL, "/")}
	c.perDOI = httpx.NewPerDOI(Name, opts.HTTPOptions, opts.Logger)
	c.perDOI.URL, c.perDOI.Answer = c.DOIURL, c.answer
	c.perDOI.Parallel, c.perDOI.Budget = opts.Parallel, opts.TotalBudget
	return c
}

// Name returns "datacite".
func (c *Client) Name() string { return Name }

// DOIURL is the request URL for one normalised DOI.
func (c *Client) DOIURL(id string) string {
	return c.base + "/dois/" + doi.PathEscape(id)
}

// Lookup answers every DOI in dois, one request each; see oracles.Oracle
// and httpx.PerDOI.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	return c.perDOI.Lookup(ctx, dois)
}

// answer is the verdict of one response; PerDOI checks that a Found record
// is the asked DOI's.
func (c *Client) answer(resp *httpx.Response, _ string) (oracles.Status, *oracles.Record, error) {
	switch resp.StatusCode {
	case http.StatusOK:
		if err := c.perDOI.HTTP.CheckJSON(resp); err != nil {
			return oracles.Unknown, nil, err
		}
		doc, err := ParseDOI(resp.Body)
		if err != nil {
			return oracles.Unknown, nil, c.perDOI.HTTP.Bad(resp, err.Error())
		}
		return oracles.Found, doc.Record(), nil
	case http.StatusNotFound:
		if isNotFound(resp.Body) {
			return oracles.NotFound, nil, nil
		}
		return oracles.Unknown, nil, c.perDOI.HTTP.Bad(resp, "404 without DataCite's errors document")
	default:
		return oracles.Unknown, nil, c.perDOI.HTTP.Bad(resp, "unexpected status")
	}
}

// isNotFound reports whether body is DataCite's 404 document: an errors
// array whose first entry has status "404".
func isNotFound(body []byte) bool {
	var doc struct {
		Errors []struct {
			Status string `json:"status"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return false
	}
	return len(doc.Errors) > 0 && doc.Errors[0].Status == "404"
}

// Document is the JSON:API answer of GET /dois/{doi}, reduced to what
// citeloop uses.
type Document struct {
	Data *struct {
		ID         string     `json:"id"`
		Type       string     `json:"type"`
		Attributes Attributes `json:"attributes"`
	} `json:"data"`
}

// Attributes are a DOI's metadata.
type Attributes struct {
	DOI      string `json:"doi"`
	Creators []struct {
		Name       string `json:"name"`
		GivenName  string `json:"givenName"`
		FamilyName string `json:"familyName"`
	} `json:"creators"`
	Titles []struct {
		Title string `json:"title"`
	} `json:"titles"`
	Publisher json.RawMessage `json:"publisher"`
	Container *struct {
		Title string `json:"title"`
	} `json:"container"`
	PublicationYear json.RawMessage `json:"publicationYear"`
	Types           struct {
		ResourceTypeGeneral string `json:"resourceTypeGeneral"`
		ResourceType        string `json:"resourceType"`
	} `json:"types"`
	State string `json:"state"`
}

// ParseDOI decodes a 200 body. A body without data, of another type, or
// without a DOI is an error.
func ParseDOI(body []byte) (*Document, error) {
	var doc Document
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	switch {
	case doc.Data == nil:
		return nil, fmt.Errorf("no data")
	case doc.Data.Type != "dois":
		return nil, fmt.Errorf("data.type %q, want dois", doc.Data.Type)
	case doc.Data.Attributes.DOI == "" && doc.Data.ID == "":
		return nil, fmt.Errorf("no DOI")
	}
	return &doc, nil
}

// Record converts the document. Preprints are flagged from
// resourceTypeGeneral "Preprint"; DataCite has no retraction flag.
func (d *Document) Record() *oracles.Record {
	a := d.Data.Attributes
	id := a.DOI
	if id == "" {
		id = d.Data.ID
	}
	rec := &oracles.Record{DOI: strings.ToLower(id), Source: "DataCite"}
	if n, err := doi.Normalize(id); err == nil {
		rec.DOI = n
	}
	if len(a.Titles) > 0 {
		rec.Title = strings.Join(strings.Fields(a.Titles[0].Title), " ")
	}
	for _, cr := range a.Creators {
		name := strings.TrimSpace(cr.GivenName + " " + cr.FamilyName)
		if name == "" {
			name = strings.TrimSpace(cr.Name)
		}
		if name != "" {
			rec.Authors = append(rec.Authors, name)
		}
	}
	switch {
	case a.Container != nil && a.Container.Title != "":
		rec.Journal = a.Container.Title
	default:
		rec.Journal = publisherName(a.Publisher)
	}
	rec.Year = year(a.PublicationYear)
	if t := a.Types.ResourceTypeGeneral; t != "" {
		rec.PubTypes = []string{t}
	}
	rec.Preprint = strings.EqualFold(a.Types.ResourceTypeGeneral, "Preprint")
	return rec
}

// publisherName reads "publisher" as a string or, in newer API versions,
// an object with a name.
func publisherName(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(raw, &o) == nil {
		return o.Name
	}
	return ""
}

// year reads publicationYear as a number or a numeric string.
func year(raw json.RawMessage) int {
	s := strings.Trim(string(bytes.TrimSpace(raw)), `"`)
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}
