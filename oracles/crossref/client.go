package crossref

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"

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
	budget   time.Duration
	http     *httpx.Client
	throttle *throttle
	log      *zap.Logger
}

var _ oracles.Oracle = (*Client)(nil)

// New builds a Client.
func New(opts Options) *Client {
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultBaseURL
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	ho := opts.HTTPOptions
	ho.Name = Name
	if opts.Contact != "" {
		ho.Contact = opts.Contact
	}
	if ho.Logger == nil {
		ho.Logger = opts.Logger
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
	return &Client{
		base:     strings.TrimRight(opts.BaseURL, "/"),
		contact:  ho.Contact,
		budget:   opts.TotalBudget,
		http:     httpx.New(ho),
		throttle: th,
		log:      opts.Logger.With(zap.String("oracle", Name)),
	}
}

// Factory builds the oracle from registry settings; register it in main as
// reg.Register(crossref.Name, crossref.Factory).
func Factory(s oracles.Settings) (oracles.Oracle, error) {
	return New(Options{
		BaseURL:     s.BaseURL,
		Contact:     s.Contact,
		TotalBudget: s.TotalBudget,
		HTTPOptions: httpx.OptionsFrom(s),
		Logger:      s.Log(),
	}), nil
}

// Name returns "crossref".
func (c *Client) Name() string { return Name }

// WorkURL is the request URL for one normalised DOI: each path segment of
// the DOI is escaped, so SICI DOIs with "<>;#()" reach the API whole.
func (c *Client) WorkURL(doi string) string {
	u := c.base + "/works/" + oracles.PathEscapeDOI(doi)
	if c.contact != "" {
		u += "?" + url.Values{"mailto": {c.contact}}.Encode()
	}
	return u
}

// Lookup answers every DOI in dois; see oracles.Oracle. Invalid DOIs are
// answered Unknown without any request; valid ones are asked one request
// each, as many at once as Crossref's announced concurrency allows; every
// attempt, retries included, waits for the rate limit.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	// No cap here: the throttle bounds the requests in flight.
	return oracles.LookupEach(ctx, dois, oracles.EachOptions{Oracle: Name, Budget: c.budget, Log: c.log}, c.lookupOne)
}

// lookupOne asks for one normalised DOI.
func (c *Client) lookupOne(ctx context.Context, doi string) oracles.Result {
	unknown := func(err error) oracles.Result {
		return oracles.Result{DOI: doi, Status: oracles.Unknown, Oracle: Name,
			Err: fmt.Errorf("crossref: lookup %s: %w", doi, err)}
	}
	if err := ctx.Err(); err != nil {
		return unknown(err)
	}
	// The throttle is httpx's Limiter: every attempt waits on it.
	resp, err := c.http.Get(ctx, c.WorkURL(doi))
	if err != nil {
		return unknown(err)
	}
	if rate, conc := c.throttle.observe(resp.Header); resp.Header.Get("x-rate-limit-limit") != "" {
		c.log.Debug("limits", zap.Float64("rate_per_second", rate), zap.Int("max_concurrent", conc))
	}
	switch resp.StatusCode {
	case http.StatusOK:
		rec, err := c.parseWork(resp)
		if err != nil {
			return unknown(err)
		}
		if !oracles.SameDOI(rec.DOI, doi) {
			return unknown(c.http.Bad(resp, fmt.Sprintf("answered for another DOI %q", rec.DOI)))
		}
		return oracles.Result{DOI: doi, Status: oracles.Found, Oracle: Name, Record: rec}
	case http.StatusNotFound:
		if strings.TrimSpace(string(resp.Body)) == notFoundBody {
			return oracles.Result{DOI: doi, Status: oracles.NotFound, Oracle: Name}
		}
		// A 404 that is not Crossref's own answer (a proxy, a wrong base
		// URL) proves nothing about the DOI.
		return unknown(c.http.Bad(resp, "404 without Crossref's not-found body"))
	default:
		return unknown(c.http.Bad(resp, "unexpected status"))
	}
}
