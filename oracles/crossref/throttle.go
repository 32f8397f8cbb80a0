package crossref

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/citeloop/citeloop/oracles/httpx"
)

// throttle bounds Crossref requests by rate and concurrency. Both bounds
// can only be lowered after construction, by the limits the API announces.
type throttle struct {
	limiter *rate.Limiter

	mu       sync.Mutex
	inFlight int
	max      int
	freed    chan struct{} // closed and replaced whenever a slot frees
}

func newThrottle(perSecond float64, maxConcurrent int) *throttle {
	lim := rate.Limit(perSecond)
	if perSecond < 0 {
		lim = rate.Inf
	}
	return &throttle{
		limiter: rate.NewLimiter(lim, 1),
		max:     maxConcurrent,
		freed:   make(chan struct{}),
	}
}

// acquire takes a concurrency slot and waits for the rate limiter. A wait
// that would outlast ctx's deadline fails at once.
func (t *throttle) acquire(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		t.mu.Lock()
		if t.inFlight < t.max {
			t.inFlight++
			t.mu.Unlock()
			break
		}
		freed := t.freed
		t.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := t.limiter.Wait(ctx); err != nil {
		t.release()
		return err
	}
	return nil
}

// Acquire makes the throttle an httpx.Limiter: httpx calls it before every
// attempt and the returned release once the attempt is over.
func (t *throttle) Acquire(ctx context.Context) (func(), error) {
	if err := t.acquire(ctx); err != nil {
		return nil, err
	}
	return t.release, nil
}

func (t *throttle) release() {
	t.mu.Lock()
	t.inFlight--
	close(t.freed)
	t.freed = make(chan struct{})
	t.mu.Unlock()
}

// observe lowers the limits to what the response headers announce:
// x-rate-limit-limit requests per x-rate-limit-interval, and
// x-concurrency-limit requests in flight. Malformed or missing headers
// change nothing.
func (t *throttle) observe(h http.Header) (perSecond float64, concurrency int) {
	if n, err := strconv.Atoi(strings.TrimSpace(h.Get("x-rate-limit-limit"))); err == nil && n > 0 {
		interval := time.Second
		if d, err := time.ParseDuration(strings.TrimSpace(h.Get("x-rate-limit-interval"))); err == nil && d > 0 {
			interval = d
		}
		announced := rate.Limit(float64(n) / interval.Seconds())
		// Compare and set under the mutex, so that of two concurrent
		// observations the lower always wins.
		t.mu.Lock()
		if announced < t.limiter.Limit() {
			t.limiter.SetLimit(announced)
		}
		t.mu.Unlock()
	}
	if n, err := strconv.Atoi(strings.TrimSpace(h.Get("x-concurrency-limit"))); err == nil && n > 0 {
		t.mu.Lock()
		if n < t.max {
			t.max = n
		}
		t.mu.Unlock()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return float64(t.limiter.Limit()), t.max
}

var _ httpx.Limiter = (*throttle)(nil)
