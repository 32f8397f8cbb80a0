package httpx_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// fastOptions are test settings: millisecond backoffs, a short per-attempt
// timeout and no rate limit.
func fastOptions(t *testing.T) httpx.Options {
	return httpx.Options{
		Name:          "test",
		Contact:       "ops@example.org",
		Timeout:       200 * time.Millisecond,
		MaxAttempts:   3,
		MinBackoff:    time.Millisecond,
		MaxBackoff:    5 * time.Millisecond,
		RatePerSecond: -1,
		MaxConcurrent: -1,
		Logger:        zaptest.NewLogger(t),
	}
}

// counting wraps h and counts the requests that reach it.
func counting(h http.HandlerFunc) (http.Handler, *atomic.Int32) {
	var n atomic.Int32
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}), &n
}

func serve(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// resetConn hijacks the connection and closes it without an answer.
func resetConn(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		panic(err)
	}
	if tc, ok := conn.(interface{ SetLinger(int) error }); ok {
		_ = tc.SetLinger(0)
	}
	conn.Close()
}

func TestDoFailures(t *testing.T) {
	tests := []struct {
		name         string
		give         http.HandlerFunc
		wantRequests int32
		wantRate     bool
		wantBad      bool
	}{
		{
			name:         "500 always",
			give:         func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(500) },
			wantRequests: 3,
		},
		{
			name:         "502 always",
			give:         func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(502) },
			wantRequests: 3,
		},
		{
			name: "503 always with Retry-After",
			give: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(503)
			},
			wantRequests: 3,
		},
		{
			name:         "429 always without Retry-After",
			give:         func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(429) },
			wantRequests: 3,
			wantRate:     true,
		},
		{
			name: "429 always with Retry-After 0",
			give: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(429)
			},
			wantRequests: 3,
			wantRate:     true,
		},
		{
			name: "slow beyond the per-attempt timeout",
			give: func(w http.ResponseWriter, r *http.Request) {
				select {
				case <-time.After(2 * time.Second):
				case <-r.Context().Done():
				}
			},
			wantRequests: 3,
		},
		{
			name:         "connection reset",
			give:         func(w http.ResponseWriter, _ *http.Request) { resetConn(w) },
			wantRequests: 3,
		},
		{
			name: "body cut short",
			give: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Length", "100")
				_, _ = io.WriteString(w, `{"hitCount":`)
				w.(http.Flusher).Flush()
				resetConn(w)
			},
			wantRequests: 3,
		},
		{
			name: "oversized body with Content-Length",
			give: func(w http.ResponseWriter, _ *http.Request) {
				_, _ = io.WriteString(w, strings.Repeat("x", 2048))
			},
			wantRequests: 1,
			wantBad:      true,
		},
		{
			name: "oversized chunked body",
			give: func(w http.ResponseWriter, _ *http.Request) {
				for range 4 {
					_, _ = io.WriteString(w, strings.Repeat("x", 512))
					w.(http.Flusher).Flush()
				}
			},
			wantRequests: 1,
			wantBad:      true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, n := counting(tt.give)
			srv := serve(t, h)
			opts := fastOptions(t)
			opts.MaxBodyBytes = 1024
			c := httpx.New(opts)

			resp, err := c.Get(context.Background(), srv.URL+"/x")
			if err == nil {
				t.Fatalf("Get() = HTTP %d, want an error", resp.StatusCode)
			}
			if !errors.Is(err, oracles.ErrUnavailable) {
				t.Errorf("error %v does not wrap ErrUnavailable", err)
			}
			var rl *oracles.RateLimitedError
			if got := errors.As(err, &rl); got != tt.wantRate {
				t.Errorf("RateLimitedError = %v, want %v (err %v)", got, tt.wantRate, err)
			}
			var bad *oracles.BadResponseError
			if got := errors.As(err, &bad); got != tt.wantBad {
				t.Errorf("BadResponseError = %v, want %v (err %v)", got, tt.wantBad, err)
			}
			if got := n.Load(); got != tt.wantRequests {
				t.Errorf("requests = %d, want %d", got, tt.wantRequests)
			}
		})
	}
}

func TestDoRecovers(t *testing.T) {
	tests := []struct {
		name string
		// give fails the first call this way, then answers 200.
		give func(w http.ResponseWriter)
	}{
		{"429 with Retry-After seconds", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(429)
		}},
		{"429 with Retry-After date", func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat))
			w.WriteHeader(429)
		}},
		{"429 without Retry-After", func(w http.ResponseWriter) { w.WriteHeader(429) }},
		{"503", func(w http.ResponseWriter) { w.WriteHeader(503) }},
		{"connection reset", resetConn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			var forms []string
			var mu sync.Mutex
			srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				_ = r.ParseForm()
				forms = append(forms, r.PostForm.Get("query"))
				mu.Unlock()
				if calls.Add(1) == 1 {
					tt.give(w)
					return
				}
				_, _ = io.WriteString(w, `{"ok":true}`)
			}))
			// MaxBackoff caps a Retry-After of one second or one hour.
			c := httpx.New(fastOptions(t))

			resp, err := c.PostForm(context.Background(), srv.URL, url.Values{"query": {`DOI:"10.1000/a"`}})
			if err != nil {
				t.Fatalf("PostForm() error = %v", err)
			}
			if got, want := string(resp.Body), `{"ok":true}`; got != want {
				t.Errorf("body = %q, want %q", got, want)
			}
			if got, want := resp.Attempts, 2; got != want {
				t.Errorf("Attempts = %d, want %d", got, want)
			}
			mu.Lock()
			defer mu.Unlock()
			if got := forms[len(forms)-1]; got != `DOI:"10.1000/a"` {
				t.Errorf("retried form query = %q, want the original body resent", got)
			}
		})
	}
}

func TestDoReturnsClientErrorsWithoutRetry(t *testing.T) {
	for _, code := range []int{400, 404, 410} {
		h, n := counting(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(code)
			_, _ = io.WriteString(w, "Resource not found.")
		})
		srv := serve(t, h)
		c := httpx.New(fastOptions(t))
		resp, err := c.Get(context.Background(), srv.URL)
		if err != nil {
			t.Fatalf("HTTP %d: Get() error = %v, want the response", code, err)
		}
		if resp.StatusCode != code || string(resp.Body) != "Resource not found." {
			t.Errorf("got HTTP %d %q, want %d with its body", resp.StatusCode, resp.Body, code)
		}
		if got := n.Load(); got != 1 {
			t.Errorf("HTTP %d: requests = %d, want 1 (no retry)", code, got)
		}
	}
}

func TestDoContext(t *testing.T) {
	t.Run("cancelled before the call", func(t *testing.T) {
		h, n := counting(func(w http.ResponseWriter, _ *http.Request) {})
		srv := serve(t, h)
		c := httpx.New(fastOptions(t))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := c.Get(ctx, srv.URL)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error = %v, want it to wrap context.Canceled", err)
		}
		if got := n.Load(); got != 0 {
			t.Errorf("requests = %d, want 0", got)
		}
	})
	t.Run("deadline during retries", func(t *testing.T) {
		srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(503) }))
		opts := fastOptions(t)
		opts.MaxAttempts = 1000
		c := httpx.New(opts)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		_, err := c.Get(ctx, srv.URL)
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, oracles.ErrUnavailable) {
			t.Errorf("error = %v, want DeadlineExceeded and ErrUnavailable", err)
		}
	})
}

func TestRateLimiterLimitsAttempts(t *testing.T) {
	h, n := counting(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(503) })
	srv := serve(t, h)
	opts := fastOptions(t)
	opts.MaxAttempts = 10
	opts.RatePerSecond = 0.001 // one token per ~17 minutes
	opts.Burst = 2
	c := httpx.New(opts)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := c.Get(ctx, srv.URL)
	if !errors.Is(err, oracles.ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	// Retries wait on the limiter too: only the burst reaches the server,
	// and the third attempt gives up at once because it cannot fit the
	// deadline.
	if got := n.Load(); got != 2 {
		t.Errorf("requests = %d, want 2 (the burst)", got)
	}
	if ctx.Err() != nil {
		t.Errorf("the limiter waited out the deadline instead of failing fast")
	}
}

func TestConcurrencyCapIsNeverExceeded(t *testing.T) {
	const limit = 3
	var inFlight, peak, total atomic.Int32
	srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		cur := inFlight.Add(1)
		defer inFlight.Add(-1)
		total.Add(1)
		for {
			p := peak.Load()
			if cur <= p || peak.CompareAndSwap(p, cur) {
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
		_, _ = io.WriteString(w, "{}")
	}))
	opts := fastOptions(t)
	opts.MaxConcurrent = limit
	opts.Timeout = 5 * time.Second
	c := httpx.New(opts)

	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			if _, err := c.Get(context.Background(), srv.URL); err != nil {
				t.Errorf("Get() error = %v", err)
			}
		})
	}
	wg.Wait()
	if got := peak.Load(); got > limit {
		t.Errorf("peak concurrency = %d, want at most %d", got, limit)
	}
	if got := total.Load(); got != 12 {
		t.Errorf("requests = %d, want 12", got)
	}
}

func TestUserAgent(t *testing.T) {
	var got atomic.Value
	srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.UserAgent())
	}))
	opts := fastOptions(t)
	opts.Version = "1.2.3"
	c := httpx.New(opts)
	if _, err := c.Get(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	want := "citeloop/1.2.3 (+https://github.com/citeloop/citeloop; mailto:ops@example.org)"
	if got.Load() != want {
		t.Errorf("User-Agent = %q, want %q", got.Load(), want)
	}
}

func TestDecodeJSON(t *testing.T) {
	tests := []struct {
		name    string
		give    httpx.Response
		wantErr bool
	}{
		{"json", httpx.Response{StatusCode: 200, Body: []byte(`{"a":1}`)}, false},
		{"html", httpx.Response{StatusCode: 200, Body: []byte("<html><body>Bad gateway</body></html>")}, true},
		{"html content type", httpx.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte(`{"a":1}`)}, true},
		{"garbage", httpx.Response{StatusCode: 200, Body: []byte("Service Temporarily Unavailable")}, true},
		{"truncated", httpx.Response{StatusCode: 200, Body: []byte(`{"a":`)}, true},
		{"empty", httpx.Response{StatusCode: 200, Body: []byte("")}, true},
		{"not found", httpx.Response{StatusCode: 404, Body: []byte(`{"a":1}`)}, true},
	}
	c := httpx.New(httpx.Options{Name: "test"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v map[string]int
			err := c.DecodeJSON(&tt.give, &v)
			if !tt.wantErr {
				if err != nil || v["a"] != 1 {
					t.Errorf("DecodeJSON() = %v, %v; want a=1", v, err)
				}
				return
			}
			var bad *oracles.BadResponseError
			if !errors.As(err, &bad) || !errors.Is(err, oracles.ErrUnavailable) {
				t.Errorf("DecodeJSON() error = %v, want *BadResponseError wrapping ErrUnavailable", err)
			}
		})
	}
}

// TestRateLimitedRetryAfterCapped: a Retry-After as an HTTP-date an hour
// away is capped at MaxBackoff in the RateLimitedError, like delay-seconds.
func TestRateLimitedRetryAfterCapped(t *testing.T) {
	for _, ra := range []string{time.Now().Add(time.Hour).UTC().Format(http.TimeFormat), "3600"} {
		srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Retry-After", ra)
			w.WriteHeader(http.StatusTooManyRequests)
		}))
		opts := fastOptions(t)
		opts.MaxAttempts = 1
		_, err := httpx.New(opts).Get(context.Background(), srv.URL)
		var rl *oracles.RateLimitedError
		if !errors.As(err, &rl) {
			t.Fatalf("Retry-After %q: err %v, want a RateLimitedError", ra, err)
		}
		if rl.RetryAfter > opts.MaxBackoff {
			t.Errorf("Retry-After %q: RetryAfter = %s, want at most MaxBackoff %s", ra, rl.RetryAfter, opts.MaxBackoff)
		}
	}
}

// TestRetryAfterPastDeadlineGivesUp: when the wait a Retry-After asks would
// pass the context's deadline, Do returns the RateLimitedError at once
// instead of sleeping until the deadline.
func TestRetryAfterPastDeadlineGivesUp(t *testing.T) {
	h, n := counting(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "10")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	srv := serve(t, h)
	opts := fastOptions(t)
	opts.MaxBackoff = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	_, err := httpx.New(opts).Get(ctx, srv.URL)
	if took := time.Since(start); took > time.Second {
		t.Errorf("Do took %s, want it to give up at once", took)
	}
	var rl *oracles.RateLimitedError
	if !errors.As(err, &rl) || rl.RetryAfter != 10*time.Second {
		t.Errorf("err %v, want a RateLimitedError asking 10s", err)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("%d requests, want 1", got)
	}
}

// countingLimiter counts acquisitions and releases.
type countingLimiter struct {
	acquired, released atomic.Int32
	fail               error
}

func (l *countingLimiter) Acquire(context.Context) (func(), error) {
	if l.fail != nil {
		return nil, l.fail
	}
	l.acquired.Add(1)
	return func() { l.released.Add(1) }, nil
}

// TestLimiterGatesEveryAttempt: an external Limiter is acquired for every
// attempt, retries included, and released after each; an error from it
// fails the request without retry.
func TestLimiterGatesEveryAttempt(t *testing.T) {
	h, n := counting(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) })
	srv := serve(t, h)
	opts := fastOptions(t)
	lim := &countingLimiter{}
	opts.Limiter = lim
	if _, err := httpx.New(opts).Get(context.Background(), srv.URL); !errors.Is(err, oracles.ErrUnavailable) {
		t.Fatalf("err %v, want ErrUnavailable", err)
	}
	if a, r := lim.acquired.Load(), lim.released.Load(); a != 3 || r != 3 || n.Load() != 3 {
		t.Errorf("acquired %d, released %d, requests %d; want 3 each", a, r, n.Load())
	}

	lim = &countingLimiter{fail: errors.New("would exceed deadline")}
	opts.Limiter = lim
	before := n.Load()
	_, err := httpx.New(opts).Get(context.Background(), srv.URL)
	if !errors.Is(err, oracles.ErrUnavailable) {
		t.Errorf("err %v, want ErrUnavailable", err)
	}
	if got := n.Load() - before; got != 0 {
		t.Errorf("a refusing limiter let %d requests through", got)
	}
}
