package httpx

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/citeloop/citeloop/oracles"
)

// CheckRetry decides after each attempt whether to try again. err is the
// transport error or the error met while reading the body; resp is nil when
// err is set. Returning a non-nil error stops the retries.
type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

// Backoff returns how long to wait before retry number attempt (0 for the
// first retry). resp is the previous response, nil after a transport error.
type Backoff func(min, max time.Duration, attempt int, resp *http.Response) time.Duration

// DefaultCheckRetry retries 429s, 5xx other than 501, timeouts, connection
// resets and other transport errors. It never retries other 4xx, bad bodies
// (*oracles.BadResponseError), an exhausted time budget, or once the context
// has ended.
func DefaultCheckRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		var bad *oracles.BadResponseError
		if errors.As(err, &bad) || errors.Is(err, errBudget) {
			return false, err
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return true, nil
	case resp.StatusCode >= 500 && resp.StatusCode != http.StatusNotImplemented:
		return true, nil
	}
	return false, nil
}

// DefaultBackoff waits what a 429 or 503's Retry-After header asks (seconds
// or HTTP-date), capped at max, and otherwise min·2^attempt capped at max,
// with jitter drawn from the upper half of that interval so that clients
// failing together do not retry together.
func DefaultBackoff(min, max time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable) {
		if d, ok := ParseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			return min2(d, max)
		}
	}
	return jitter(ExponentialBackoff(min, max, attempt))
}

// ExponentialBackoff is min·2^attempt, capped at max, without jitter.
func ExponentialBackoff(min, max time.Duration, attempt int) time.Duration {
	d := min
	for i := 0; i < attempt && d < max; i++ {
		d *= 2
	}
	return min2(d, max)
}

func jitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	half := d / 2
	return half + rand.N(d-half+1)
}

func min2(a, b time.Duration) time.Duration {
	if a < b {
		return a
	}
	return b
}

// ParseRetryAfter reads a Retry-After value: delay-seconds or an HTTP-date,
// relative to now. A date in the past means no wait. ok is false for an
// empty or malformed value.
func ParseRetryAfter(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(24*time.Hour/time.Second) {
			secs = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}
