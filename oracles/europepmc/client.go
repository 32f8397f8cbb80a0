package europepmc

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Name is the oracle's name in results, logs and the registry.
const Name = "europepmc"

// Defaults used when an Options field is zero.
const (
	DefaultBaseURL = "https://www.ebi.ac.uk/europepmc/webservices/rest"
	// DefaultBatchSize is the number of DOIs per query; public clients use
	// 20–25.
	DefaultBatchSize = 25
	// DefaultPostOver is the query length in bytes above which the query is
	// sent as a form to /searchPOST instead of in a GET URL.
	DefaultPostOver = 1500
	// DefaultParallel is the number of batches looked up at once (the
	// shared httpx limits still apply).
	DefaultParallel = 4
	// DefaultBurst is how many requests may leave at once before the rate
	// limit spaces them: the batches of a typical paper (up to 100 DOIs)
	// go out together instead of 200 ms apart.
	DefaultBurst = 4
	// maxPageSize is the largest pageSize Europe PMC accepts.
	maxPageSize = 1000
	// maxLookupPages bounds cursor paging for one batch of DOIs.
	maxLookupPages = 10
)

// Options configures a Client. Zero fields take their defaults.
type Options struct {
	// BaseURL is the REST root; /search and /searchPOST are appended.
	BaseURL string
	// BatchSize is the number of DOIs per query.
	BatchSize int
	// PostOver is the query length above which POST /searchPOST is used.
	PostOver int
	// Parallel is the number of batches in flight at once.
	Parallel int
	// TotalBudget, when positive, bounds each batch's request, retries
	// and rate-limit waits included, on top of the caller's context.
	TotalBudget time.Duration
	// HTTP is the shared client to use. When nil, one is built from
	// HTTPOptions with Name set to "europepmc".
	HTTP *httpx.Client
	// HTTPOptions configures the client built when HTTP is nil (contact
	// address, timeouts, retries, rate and concurrency limits).
	HTTPOptions httpx.Options
	// Logger receives counts and statuses; default zap.NewNop().
	Logger *zap.Logger
}

// Client is the Europe PMC oracle and search client. It is safe for
// concurrent use.
type Client struct {
	base     string
	batch    int
	postOver int
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
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.BatchSize > maxPageSize/2 {
		opts.BatchSize = maxPageSize / 2
	}
	if opts.PostOver <= 0 {
		opts.PostOver = DefaultPostOver
	}
	if opts.Parallel <= 0 {
		opts.Parallel = DefaultParallel
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	if opts.HTTP == nil {
		ho := opts.HTTPOptions
		ho.Name = Name
		if ho.Burst <= 0 {
			ho.Burst = DefaultBurst
		}
		if ho.Logger == nil {
			ho.Logger = opts.Logger
		}
		opts.HTTP = httpx.New(ho)
	}
	return &Client{
		base:     strings.TrimRight(opts.BaseURL, "/"),
		batch:    opts.BatchSize,
		postOver: opts.PostOver,
		parallel: opts.Parallel,
		budget:   opts.TotalBudget,
		http:     opts.HTTP,
		log:      opts.Logger.With(zap.String("oracle", Name)),
	}
}

// Name returns "europepmc".
func (c *Client) Name() string { return Name }

// SearchPage fetches one page of results for query, in Europe PMC's
// syntax, in resultType=core. pageSize is clamped to 1..1000 (0 means 25)
// and an empty cursorMark means the first page ("*"). Failures are typed as
// in package httpx; a 200 that is not a search answer is a
// *oracles.BadResponseError.
func (c *Client) SearchPage(ctx context.Context, query string, pageSize int, cursorMark string) (*Response, error) {
	resp, err := c.search(ctx, query, pageSize, cursorMark)
	if err != nil {
		return nil, fmt.Errorf("europepmc: search: %w", err)
	}
	return resp, nil
}

// SearchAll follows nextCursorMark from the first page of query, in Europe
// PMC's syntax, until it has max records or the last page. It returns at most max records; on an error it
// returns the error and no records.
func (c *Client) SearchAll(ctx context.Context, query string, max int) ([]Result, error) {
	if max <= 0 {
		return nil, fmt.Errorf("europepmc: search all: max must be positive, got %d", max)
	}
	var out []Result
	cursor := "*"
	for pages := 0; len(out) < max; pages++ {
		page, err := c.search(ctx, query, min(max-len(out), maxPageSize), cursor)
		if err != nil {
			return nil, fmt.Errorf("europepmc: search all (page %d, %d records so far): %w", pages+1, len(out), err)
		}
		out = append(out, page.ResultList.Result...)
		if len(page.ResultList.Result) == 0 || page.NextCursorMark == "" || page.NextCursorMark == cursor {
			break
		}
		cursor = page.NextCursorMark
	}
	if len(out) > max {
		out = out[:max]
	}
	c.log.Debug("search done", zap.Int("records", len(out)))
	return out, nil
}

// search runs one page of query, by GET or, for long queries, POST.
func (c *Client) search(ctx context.Context, query string, pageSize int, cursorMark string) (*Response, error) {
	if pageSize <= 0 {
		pageSize = DefaultBatchSize
	}
	pageSize = min(pageSize, maxPageSize)
	if cursorMark == "" {
		cursorMark = "*"
	}
	params := url.Values{
		"query":      {query},
		"format":     {"json"},
		"resultType": {"core"},
		"synonym":    {"false"},
		"pageSize":   {strconv.Itoa(pageSize)},
		"cursorMark": {cursorMark},
	}
	var (
		resp *httpx.Response
		err  error
	)
	if len(query) > c.postOver {
		resp, err = c.http.PostForm(ctx, c.base+"/searchPOST", params)
	} else {
		resp, err = c.http.Get(ctx, c.base+"/search?"+params.Encode())
	}
	if err != nil {
		return nil, err
	}
	if err := c.http.CheckJSON(resp); err != nil {
		return nil, err
	}
	page, err := ParseResponse(resp.Body)
	if err != nil {
		return nil, c.http.Bad(resp, err.Error())
	}
	return page, nil
}
