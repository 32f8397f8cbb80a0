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
	base     string
	parallel int
	budget   time.Duration
	http     *httpx.Client
	log      *zap.Logger
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
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	ho := opts.HTTPOptions
	ho.Name = Name
	if ho.Logger == nil {
		ho.Logger = opts.Logger
	}
	return &Client{
		base:     strings.TrimRight(opts.BaseURL, "/"),
		parallel: opts.Parallel,
		budget:   opts.TotalBudget,
		http:     httpx.New(ho),
		log:      opts.Logger.With(zap.String("oracle", Name)),
	}
}

// Factory builds the oracle from registry settings; register it in main as
// reg.Register(doiorg.Name, doiorg.Factory).
func Factory(s oracles.Settings) (oracles.Oracle, error) {
	return New(Options{
		BaseURL:     s.BaseURL,
		TotalBudget: s.TotalBudget,
		HTTPOptions: httpx.OptionsFrom(s),
		Logger:      s.Log(),
	}), nil
}

// Name returns "doiorg".
func (c *Client) Name() string { return Name }

// HandleURL is the request URL for one normalised DOI. Each path segment is
// escaped; the slashes between them stay slashes.
func (c *Client) HandleURL(doi string) string {
	return c.base + "/api/handles/" + oracles.PathEscapeDOI(doi) + "?type=URL"
}

// Lookup answers every DOI in dois; see oracles.Oracle.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	return oracles.LookupEach(ctx, dois, oracles.EachOptions{
		Oracle: Name, Parallel: c.parallel, Budget: c.budget, Log: c.log,
	}, c.lookupOne)
}

// handleResponse is the part of a handle API answer citeloop reads.
type handleResponse struct {
	ResponseCode *int   `json:"responseCode"`
	Handle       string `json:"handle"`
}

func (c *Client) lookupOne(ctx context.Context, doi string) oracles.Result {
	unknown := func(err error) oracles.Result {
		return oracles.Result{DOI: doi, Status: oracles.Unknown, Oracle: Name,
			Err: fmt.Errorf("doiorg: lookup %s: %w", doi, err)}
	}
	if err := ctx.Err(); err != nil {
		return unknown(err)
	}
	resp, err := c.http.Get(ctx, c.HandleURL(doi))
	if err != nil {
		return unknown(err)
	}
	status, err := c.interpret(resp, doi)
	if err != nil {
		return unknown(err)
	}
	r := oracles.Result{DOI: doi, Status: status, Oracle: Name}
	if status == oracles.Found {
		r.Record = &oracles.Record{DOI: doi}
	}
	return r
}

// interpret maps an answer to a verdict, or to an error when the answer is
// not one the handle API gives.
func (c *Client) interpret(resp *httpx.Response, doi string) (oracles.Status, error) {
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusNotFound {
		return oracles.Unknown, c.http.Bad(resp, "unexpected status")
	}
	// Both verdicts come as JSON, the 404 included: an HTML or empty body is
	// a proxy or an outage talking, not the handle API.
	if b := bytes.TrimSpace(resp.Body); len(b) == 0 || b[0] != '{' || !json.Valid(b) {
		return oracles.Unknown, c.http.Bad(resp, "not a handle API answer")
	}
	var hr handleResponse
	if err := json.Unmarshal(resp.Body, &hr); err != nil {
		return oracles.Unknown, c.http.Bad(resp, "invalid JSON: "+err.Error())
	}
	if hr.ResponseCode == nil {
		return oracles.Unknown, c.http.Bad(resp, "no responseCode")
	}
	if hr.Handle != "" && !oracles.SameDOI(hr.Handle, doi) {
		return oracles.Unknown, c.http.Bad(resp, fmt.Sprintf("answered for another handle %q", hr.Handle))
	}
	switch code := *hr.ResponseCode; {
	case resp.StatusCode == http.StatusOK && (code == codeSuccess || code == codeValuesNotFound) && hr.Handle != "":
		return oracles.Found, nil
	case resp.StatusCode == http.StatusNotFound && code == codeHandleNotFound:
		return oracles.NotFound, nil
	default:
		return oracles.Unknown, c.http.Bad(resp, fmt.Sprintf("responseCode %d", code))
	}
}
