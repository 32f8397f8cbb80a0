// Package httpx is the HTTP client every oracle and the collector share:
// bounded retries with jittered exponential backoff, Retry-After honoured but
// capped, a per-attempt timeout, a size-capped body, a polite User-Agent, and
// a rate limiter plus a concurrency cap shared by every goroutine using the
// same Client.
//
// Failures come back as the typed errors of package oracles, so callers never
// branch on error text: a 429 that outlasts the retries is a
// *oracles.RateLimitedError, a 5xx or network failure wraps
// oracles.ErrUnavailable, an oversized or unparseable body is a
// *oracles.BadResponseError, and a cancelled context wraps context.Canceled.
package httpx
