package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"go.uber.org/zap"
	"golang.org/x/time/rate"

	"github.com/citeloop/citeloop/oracles"
)

// Defaults used when an Options field is zero.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultMaxAttempts   = 4
	DefaultMinBackoff    = 500 * time.Millisecond
	DefaultMaxBackoff    = 30 * time.Second
	DefaultRatePerSecond = 5
	DefaultMaxConcurrent = 4
	DefaultMaxBodyBytes  = 16 << 20
	DefaultVersion       = "dev"
)

// Options configures a Client. The zero value is usable: every zero field
// takes its default.
type Options struct {
	// Name labels errors and logs, usually the oracle's name ("europepmc").
	Name string
	// Version and Contact go into the User-Agent:
	// citeloop/<Version> (+https://github.com/citeloop/citeloop; mailto:<Contact>).
	Version string
	Contact string
	// UserAgent, when set, replaces the built User-Agent.
	UserAgent string

	// Timeout bounds one attempt, body read included. Callers bound the whole
	// call, retries included, with a context deadline.
	Timeout time.Duration
	// MaxAttempts is the number of tries, first one included.
	MaxAttempts int
	// MinBackoff and MaxBackoff bound the wait between attempts; MaxBackoff
	// also caps what a Retry-After header can ask for.
	MinBackoff, MaxBackoff time.Duration
	// CheckRetry and Backoff default to DefaultCheckRetry and DefaultBackoff.
	CheckRetry CheckRetry
	Backoff    Backoff

	// RatePerSecond limits attempts started per second across every
	// goroutine sharing the Client; negative means unlimited. Burst defaults
	// to 1.
	RatePerSecond float64
	Burst         int
	// MaxConcurrent caps attempts in flight; negative means unlimited.
	MaxConcurrent int
	// Limiter, when set, is one more gate every attempt passes, retries
	// included, after RatePerSecond and MaxConcurrent: a caller's own
	// limits, shared with other clients or lowered at run time.
	Limiter Limiter
	// MaxBodyBytes caps a response body; a longer body is a
	// *oracles.BadResponseError, never a truncated read.
	MaxBodyBytes int64

	// Transport is the underlying RoundTripper; default a clone of
	// http.DefaultTransport.
	Transport http.RoundTripper
	// Logger receives debug lines about retries; default zap.NewNop().
	Logger *zap.Logger
	// Observe, when set, is told of every attempt that reached the
	// transport, with its status or error (see oracles.Request). It is
	// called concurrently and must not block.
	Observe func(oracles.Request)
}

// Limiter gates attempts. Acquire blocks until an attempt may start and
// returns the function that ends it, called once the attempt's body is
// closed or it failed. An error from Acquire fails the attempt without
// retry: it should be returned at once when the wait would outlast ctx's
// deadline.
type Limiter interface {
	Acquire(ctx context.Context) (release func(), err error)
}

// Client performs HTTP requests with the retries, limits and error typing
// described in the package documentation. It is safe for concurrent use;
// create one per API per process so that its limits are shared.
type Client struct {
	name         string
	userAgent    string
	maxBodyBytes int64
	maxBackoff   time.Duration
	retry        *retryablehttp.Client
	log          *zap.Logger
}

// Response is a complete, size-checked HTTP answer.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
	// Attempts is how many tries it took.
	Attempts int
}

// New builds a Client from opts.
func New(opts Options) *Client {
	if opts.Name == "" {
		opts.Name = "http"
	}
	if opts.Version == "" {
		opts.Version = DefaultVersion
	}
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = DefaultMaxAttempts
	}
	if opts.MinBackoff == 0 {
		opts.MinBackoff = DefaultMinBackoff
	}
	if opts.MaxBackoff == 0 {
		opts.MaxBackoff = DefaultMaxBackoff
	}
	if opts.MaxBackoff < opts.MinBackoff {
		opts.MaxBackoff = opts.MinBackoff
	}
	if opts.CheckRetry == nil {
		opts.CheckRetry = DefaultCheckRetry
	}
	if opts.Backoff == nil {
		opts.Backoff = DefaultBackoff
	}
	if opts.RatePerSecond == 0 {
		opts.RatePerSecond = DefaultRatePerSecond
	}
	if opts.Burst <= 0 {
		opts.Burst = 1
	}
	if opts.MaxConcurrent == 0 {
		opts.MaxConcurrent = DefaultMaxConcurrent
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	if opts.Transport == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		if opts.MaxConcurrent > 0 {
			t.MaxIdleConnsPerHost = opts.MaxConcurrent
		}
		opts.Transport = t
	}
	ua := opts.UserAgent
	if ua == "" {
		ua = UserAgent(opts.Version, opts.Contact)
	}

	g := &gate{base: opts.Transport, timeout: opts.Timeout, ext: opts.Limiter, name: opts.Name, observe: opts.Observe}
	if opts.RatePerSecond > 0 {
		g.limiter = rate.NewLimiter(rate.Limit(opts.RatePerSecond), opts.Burst)
	}
	if opts.MaxConcurrent > 0 {
		g.slots = make(chan struct{}, opts.MaxConcurrent)
	}
	log := opts.Logger.With(zap.String("api", opts.Name))
	rc := &retryablehttp.Client{
		HTTPClient:   &http.Client{Transport: g},
		RetryWaitMin: opts.MinBackoff,
		RetryWaitMax: opts.MaxBackoff,
		RetryMax:     opts.MaxAttempts - 1,
		CheckRetry:   retryablehttp.CheckRetry(giveUpPastDeadline(opts.CheckRetry, opts.MaxBackoff)),
		Backoff:      retryablehttp.Backoff(opts.Backoff),
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
		RequestLogHook: func(_ retryablehttp.Logger, req *http.Request, retry int) {
			if n, ok := req.Context().Value(attemptsKey{}).(*atomic.Int32); ok {
				n.Store(int32(retry + 1))
			}
			if retry > 0 {
				log.Debug("retrying request", zap.String("method", req.Method),
					zap.String("path", req.URL.Path), zap.Int("retry", retry))
			}
		},
	}
	return &Client{
		name:         opts.Name,
		userAgent:    ua,
		maxBodyBytes: opts.MaxBodyBytes,
		maxBackoff:   opts.MaxBackoff,
		retry:        rc,
		log:          log,
	}
}

// UserAgent builds citeloop's User-Agent string. The contact is omitted when
// empty.
func UserAgent(version, contact string) string {
	if version == "" {
		version = DefaultVersion
	}
	if contact == "" {
		return fmt.Sprintf("citeloop/%s (+https://github.com/citeloop/citeloop)", version)
	}
	return fmt.Sprintf("citeloop/%s (+https://github.com/citeloop/citeloop; mailto:%s)", version, contact)
}

// Name returns the label used in errors.
func (c *Client) Name() string { return c.name }

// Do sends req with retries and returns the whole body. The request's context
// is the time budget for every attempt and wait.
//
// Do returns an error for what retries could not outlast (429, 5xx, transport
// failures), for an oversized body and for an ended context. Any other status,
// 4xx included, is returned as a Response for the caller to interpret.
func (c *Client) Do(req *http.Request) (*Response, error) {
	ctx := req.Context()
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	rreq, err := retryablehttp.FromRequest(req)
	if err != nil {
		return nil, fmt.Errorf("%s: prepare request: %w", c.name, err)
	}
	var attempts atomic.Int32
	rreq = rreq.WithContext(context.WithValue(ctx, attemptsKey{}, &attempts))
	var body []byte
	rreq.SetResponseHandler(func(resp *http.Response) error {
		b, err := c.readBody(resp)
		body = b
		return err
	})
	resp, err := c.retry.Do(rreq)
	if resp != nil && body == nil {
		// The response handler did not read this response (retries ended
		// on a retryable status): release it.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
		resp.Body.Close()
	}
	n := attempts.Load()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, c.contextError(ctxErr)
	}
	if err != nil {
		var bad *oracles.BadResponseError
		if errors.As(err, &bad) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %s %s after %d attempt(s): %w: %w",
			c.name, req.Method, req.URL.Path, n, oracles.ErrUnavailable, err)
	}
	switch {
	case resp == nil:
		return nil, fmt.Errorf("%s: no response after %d attempt(s): %w", c.name, n, oracles.ErrUnavailable)
	case resp.StatusCode == http.StatusTooManyRequests:
		ra, _ := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		return nil, &oracles.RateLimitedError{Oracle: c.name, RetryAfter: min2(ra, c.maxBackoff)}
	case resp.StatusCode >= 500:
		return nil, fmt.Errorf("%s: %s %s: HTTP %d after %d attempt(s): %w",
			c.name, req.Method, req.URL.Path, resp.StatusCode, n, oracles.ErrUnavailable)
	case body == nil:
		return nil, fmt.Errorf("%s: HTTP %d without a body read: %w", c.name, resp.StatusCode, oracles.ErrUnavailable)
	}
	return &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: body, Attempts: int(n)}, nil
}

// giveUpPastDeadline stops the retries, returning the response as it is,
// when the response's Retry-After (capped at maxBackoff) asks for a wait
// that would outlast ctx's deadline: sleeping until the deadline only to
// fail then helps no one.
func giveUpPastDeadline(check CheckRetry, maxBackoff time.Duration) CheckRetry {
	return func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		retry, cerr := check(ctx, resp, err)
		if !retry || cerr != nil || resp == nil {
			return retry, cerr
		}
		deadline, ok := ctx.Deadline()
		if !ok {
			return retry, cerr
		}
		wait, ok := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		if ok && time.Now().Add(min2(wait, maxBackoff)).After(deadline) {
			return false, nil
		}
		return retry, cerr
	}
}

// attemptsKey carries a request's attempt counter through its context to
// the retry hook.
type attemptsKey struct{}

// contextError wraps an ended context's error. A deadline is the caller's
// time budget running out, so it also wraps oracles.ErrUnavailable; a
// cancellation only wraps context.Canceled.
func (c *Client) contextError(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: time budget exhausted: %w: %w", c.name, oracles.ErrUnavailable, err)
	}
	return fmt.Errorf("%s: %w", c.name, err)
}

// readBody reads at most maxBodyBytes and closes the body.
func (c *Client) readBody(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	if resp.ContentLength > c.maxBodyBytes {
		return nil, &oracles.BadResponseError{Oracle: c.name, StatusCode: resp.StatusCode,
			Reason: fmt.Sprintf("body of %d bytes exceeds the %d-byte cap", resp.ContentLength, c.maxBodyBytes)}
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBodyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	if int64(len(b)) > c.maxBodyBytes {
		return nil, &oracles.BadResponseError{Oracle: c.name, StatusCode: resp.StatusCode,
			Reason: fmt.Sprintf("body exceeds the %d-byte cap", c.maxBodyBytes)}
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

// Get sends a GET to rawURL asking for JSON.
func (c *Client) Get(ctx context.Context, rawURL string) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: build request: %w", c.name, err)
	}
	req.Header.Set("Accept", "application/json")
	return c.Do(req)
}

// PostForm sends form, url-encoded, to rawURL asking for JSON.
func (c *Client) PostForm(ctx context.Context, rawURL string, form url.Values) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, fmt.Errorf("%s: build request: %w", c.name, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	return c.Do(req)
}

// GetJSON GETs rawURL and decodes a 200 JSON answer into v with DecodeJSON.
func (c *Client) GetJSON(ctx context.Context, rawURL string, v any) error {
	resp, err := c.Get(ctx, rawURL)
	if err != nil {
		return err
	}
	return c.DecodeJSON(resp, v)
}

// DecodeJSON decodes a 200 answer into v. Any other status, an HTML page or
// a body that is not valid JSON is a *oracles.BadResponseError.
func (c *Client) DecodeJSON(resp *Response, v any) error {
	if err := c.CheckJSON(resp); err != nil {
		return err
	}
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return c.Bad(resp, "invalid JSON: "+err.Error())
	}
	return nil
}

// CheckJSON reports, as a *oracles.BadResponseError, a response that is not
// a 200 JSON document: another status, an HTML page, an empty or non-JSON
// body. It does not decode the body.
func (c *Client) CheckJSON(resp *Response) error {
	if resp.StatusCode != http.StatusOK {
		return c.Bad(resp, "unexpected status")
	}
	b := bytes.TrimSpace(resp.Body)
	switch {
	case len(b) == 0:
		return c.Bad(resp, "empty body")
	case b[0] == '<' || strings.Contains(strings.ToLower(resp.Header.Get("Content-Type")), "html"):
		return c.Bad(resp, "HTML page instead of JSON")
	case !json.Valid(b):
		return c.Bad(resp, "body is not valid JSON")
	}
	return nil
}

// Bad builds a *oracles.BadResponseError for resp with this client's name.
func (c *Client) Bad(resp *Response, reason string) *oracles.BadResponseError {
	code := 0
	if resp != nil {
		code = resp.StatusCode
	}
	return &oracles.BadResponseError{Oracle: c.name, StatusCode: code, Reason: reason}
}
