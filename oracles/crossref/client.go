package crossref

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// Name is the oracle's name in results, logs and the registry.
const Name = "crossref"

// Defaults used when an Options field is zero. The rates are Crossref's
// published limits since December 2025: the public pool allows 5 requests a
// second, one at a time; the polite pool (a mailto address) 10, three at a
// time.
const (
	DefaultBaseURL          = "https://api.crossref.org"
	DefaultPublicRate       = 5
	DefaultPublicConcurrent = 1
	DefaultPoliteRate       = 10
	DefaultPoliteConcurrent = 3
	// unlimitedConcurrent stands for "no cap" (a negative MaxConcurrent).
	unlimitedConcurrent = 64
)

// notFoundBody is the whole body of Crossref's 404 for an unknown DOI.
const notFoundBody = "Resource not found."

// Options configures a Client. Zero fields take their defaults.
type Options struct {
	// BaseURL is the API root; /works/{doi} is appended.
	BaseURL string
	// Contact is an email address: sent as mailto= (polite pool) and in the
	// User-Agent.
	Contact string
	// TotalBudget, when positive, bounds each Lookup, retries included, on
	// top of the caller's context.
	TotalBudget time.Duration
	// BatchSize is the number of DOIs per filter=doi:A,doi:B request;
	// zero means DefaultBatchSize, negative means no batching (one
	// request per DOI on /works/{doi}), and it is capped at MaxBatchSize.
	BatchSize int
	// HTTPOptions configures the underlying httpx client (timeouts,
	// retries, body cap). Its RatePerSecond and MaxConcurrent are not given
	// to httpx as they are: they set the Client's throttle (zero means the
	// pool's default, negative means unlimited), which httpx waits on before
	// every attempt, retries included, as its Limiter (any Limiter set here
	// is replaced), and which Crossref's x-rate-limit and
	// x-concurrency-limit headers can lower at run time.
	HTTPOptions httpx.Options
	// Logger receives counts and statuses; default zap.NewNop().
	Logger *zap.Logger
}

// Client is the Crossref oracle. It is safe for concurrent use; its limits
// are shared by every Lookup.
type Client struct {
	base     string
	contact  string
	throttle *throttle
	perDOI   httpx.PerDOI
	batch    int // DOIs per filter request; 0 asks every DOI alone
	budget   time.Duration
}

var _ oracles.Oracle = (*Client)(nil)

// New builds a Client.
func New(opts Options) *Client {
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultBaseURL
	}
	ho := opts.HTTPOptions
	if opts.Contact != "" {
		ho.Contact = opts.Contact
	}
	perSecond, conc := ho.RatePerSecond, ho.MaxConcurrent
	if perSecond == 0 {
		perSecond = DefaultPublicRate
		if ho.Contact != "" {
			perSecond = DefaultPoliteRate
		}
	}
	switch {
	case conc == 0 && ho.Contact != "":
		conc = DefaultPoliteConcurrent
	case conc == 0:
		conc = DefaultPublicConcurrent
	case conc < 0:
		conc = unlimitedConcurrent
	}
	th := newThrottle(perSecond, conc)
	// The throttle gates every attempt, retries included; httpx's own
	// limits would only add a second, fixed bound.
	ho.RatePerSecond, ho.MaxConcurrent = -1, -1
	ho.Limiter = th
	batch := opts.BatchSize
	switch {
	case batch == 0:
		batch = DefaultBatchSize
	case batch < 0:
		batch = 0
	}
	c := &Client{base: strings.TrimRight(opts.BaseURL, "/"), contact: ho.Contact, throttle: th,
		batch: min(batch, MaxBatchSize), budget: opts.TotalBudget}
	c.perDOI = httpx.NewPerDOI(Name, ho, opts.Logger)
	// No Parallel cap: the throttle bounds the requests in flight.
	c.perDOI.URL, c.perDOI.Answer, c.perDOI.Budget = c.WorkURL, c.answer, opts.TotalBudget
	return c
}

// Name returns "crossref".
func (c *Client) Name() string { return Name }

// WorkURL is the request URL for one normalised DOI: each path segment of
// the DOI is escaped, so SICI DOIs with "<>;#()" reach the API whole.
func (c *Client) WorkURL(id string) string {
	u := c.base + "/works/" + doi.PathEscape(id)
	if c.contact != "" {
		u += "?" + url.Values{"mailto": {c.contact}}.Encode()
	}
	return u
}

// observe lowers the throttle to the limits resp announces.
func (c *Client) observe(resp *httpx.Response) {
	if rate, conc := c.throttle.observe(resp.Header); resp.Header.Get("x-rate-limit-limit") != "" {
		c.perDOI.Log.Debug("limits", zap.Float64("rate_per_second", rate), zap.Int("max_concurrent", conc))
	}
}

// answer learns the limits a response announces, then gives its verdict;
// PerDOI checks that a Found record is the asked DOI's.
func (c *Client) answer(resp *httpx.Response, _ string) (oracles.Status, *oracles.Record, error) {
	c.observe(resp)
	switch resp.StatusCode {
	case http.StatusOK:
		rec, err := c.parseWork(resp)
		if err != nil {
			return oracles.Unknown, nil, err
		}
		return oracles.Found, rec, nil
	case http.StatusNotFound:
		if strings.TrimSpace(string(resp.Body)) == notFoundBody {
			return oracles.NotFound, nil, nil
		}
		// A 404 that is not Crossref's own answer (a proxy, a wrong base
		// URL) proves nothing about the DOI.
		return oracles.Unknown, nil, c.perDOI.HTTP.Bad(resp, "404 without Crossref's not-found body")
	default:
		return oracles.Unknown, nil, c.perDOI.HTTP.Bad(resp, "unexpected status")
	}
}
