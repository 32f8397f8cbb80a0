// Package doiorg is a DOI oracle over the doi.org handle API:
// GET /api/handles/{doi}?type=URL answers for every registration agency
// (Crossref, DataCite, mEDRA, ...), so it confirms that a DOI is registered
// even where no bibliographic API has a record. It knows nothing but the DOI
// itself: Found records carry no title, so pair it with a metadata oracle
// (the policies fill the gaps).
//
// Wire facts: HTTP 200 with responseCode 1 means the handle exists; HTTP 404
// with responseCode 100 means it does not; responseCode 200 means the handle
// exists but has no value of the asked type. Every other code or body is not
// an answer. The DOI's slash is sent as a path separator, never as %2F.
package doiorg

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Name is the oracle's name in results, logs and the registry.
const Name = "doiorg"

// Defaults used when an Options field is zero.
const (
	DefaultBaseURL = "https://doi.org"
	// DefaultParallel is the number of DOIs asked at once (the httpx rate
	// and concurrency limits still apply).
	DefaultParallel = 4
)

// Handle API response codes.
const (
	codeSuccess        = 1
	codeHandleNotFound = 100
	codeValuesNotFound = 200
)

// Options configures a Client. Zero fields take their defaults.
type Options struct {
	// BaseURL is the proxy root; /api/handles/{doi} is appended.
	BaseURL string
	// Parallel is the number of DOIs in flight at once.
	Parallel int
	// TotalBudget, when positive, bounds each Lookup, retries included.
	TotalBudget time.Duration
	// HTTPOptions configures the httpx client (Name is set to "doiorg").
	HTTPOptions httpx.Options
	// Logger receives counts and statuses; default zap.NewNop().
	Logger *zap.Logger
}

// Client is the doi.org oracle. It is safe for concurrent use.
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
	c.perDOI.URL, c.perDOI.Answer = c.HandleURL, c.answer
	c.perDOI.Parallel, c.perDOI.Budget = opts.Parallel, opts.TotalBudget
	return c
}

// Name returns "doiorg".
func (c *Client) Name() string { return Name }

// HandleURL is the request URL for one normalised DOI. Each path segment is
// escaped; the slashes between them stay slashes.
func (c *Client) HandleURL(id string) string {
	return c.base + "/api/handles/" + doi.PathEscape(id) + "?type=URL"
}

// Lookup answers every DOI in dois, one request each; see oracles.Oracle
// and httpx.PerDOI.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	return c.perDOI.Lookup(ctx, dois)
}

// handleResponse is the part of a handle API answer citeloop reads.
type handleResponse struct {
	ResponseCode *int   `json:"responseCode"`
	Handle       string `json:"handle"`
}

// answer maps a response to a verdict, or to an error when the response is
// not one the handle API gives. A Found record is the asked DOI alone.
func (c *Client) answer(resp *httpx.Response, doi string) (oracles.Status, *oracles.Record, error) {
	status, err := c.interpret(resp, doi)
	if err != nil || status != oracles.Found {
		return status, nil, err
	}
	return oracles.Found, &oracles.Record{DOI: doi}, nil
}

// interpret maps an answer to a verdict, or to an error when the answer is
// not one the handle API gives.
func (c *Client) interpret(resp *httpx.Response, id string) (oracles.Status, error) {
	bad := c.perDOI.HTTP.Bad
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound {
		return oracles.Unknown, bad(resp, "unexpected status")
	}
	// Both verdicts come as JSON, the 404 included: an HTML or empty body is
	// a proxy or an outage talking, not the handle API.
	if b := bytes.TrimSpace(resp.Body); len(b) == 0 || b[0] != '{' || !json.Valid(b) {
		return oracles.Unknown, bad(resp, "not a handle API answer")
	}
	var hr handleResponse
	if err := json.Unmarshal(resp.Body, &hr); err != nil {
		return oracles.Unknown, bad(resp, "invalid JSON: "+err.Error())
	}
	if hr.ResponseCode == nil {
		return oracles.Unknown, bad(resp, "no responseCode")
	}
	// The record carries no handle for PerDOI to check, and a not-found
	// answer must be about the asked handle too.
	if hr.Handle != "" && !doi.Same(hr.Handle, id) {
		return oracles.Unknown, bad(resp, fmt.Sprintf("answered for another handle %q", hr.Handle))
	}
	switch code := *hr.ResponseCode; {
	case resp.StatusCode == http.StatusOK && (code == codeSuccess || code == codeValuesNotFound) && hr.Handle != "":
		return oracles.Found, nil
	case resp.StatusCode == http.StatusNotFound && code == codeHandleNotFound:
		return oracles.NotFound, nil
	default:
		return oracles.Unknown, bad(resp, fmt.Sprintf("responseCode %d", code))
	}
}
