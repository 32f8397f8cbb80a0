package httpx_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// observed collects the requests an Observe hook is told of.
type observed struct {
	mu   sync.Mutex
	reqs []oracles.Request
}

func (o *observed) observe(r oracles.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.reqs = append(o.reqs, r)
}

func (o *observed) codes() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for _, r := range o.reqs {
		out = append(out, r.Oracle+":"+r.Code())
	}
	return out
}

// Every attempt is observed, retries one by one, with the oracle's name and
// its status or why no response came.
func TestObserveEveryAttempt(t *testing.T) {
	tests := []struct {
		name string
		// give answers the nth call (from 1).
		give func(n int32, w http.ResponseWriter)
		want []string
	}{
		{"one answer", func(int32, http.ResponseWriter) {}, []string{"test:200"}},
		{"429 then 200", func(n int32, w http.ResponseWriter) {
			if n == 1 {
				w.WriteHeader(429)
			}
		}, []string{"test:429", "test:200"}},
		{"503 every time", func(_ int32, w http.ResponseWriter) { w.WriteHeader(503) }, []string{"test:503", "test:503", "test:503"}},
		{"reset then 200", func(n int32, w http.ResponseWriter) {
			if n == 1 {
				resetConn(w)
			}
		}, []string{"test:error", "test:200"}},
		{"slow then 200", func(n int32, _ http.ResponseWriter) {
			if n == 1 {
				time.Sleep(400 * time.Millisecond) // past the 200ms attempt timeout
			}
		}, []string{"test:timeout", "test:200"}},
		{"404 is an answer, not retried", func(_ int32, w http.ResponseWriter) { w.WriteHeader(404) }, []string{"test:404"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := serve(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				tt.give(calls.Add(1), w)
				_, _ = io.WriteString(w, `{}`)
			}))
			var got observed
			opts := fastOptions(t)
			opts.Observe = got.observe
			_, _ = httpx.New(opts).Get(context.Background(), srv.URL)
			if diff := cmp.Diff(tt.want, got.codes()); diff != "" {
				t.Errorf("observed requests (-want +got):\n%s", diff)
			}
			for _, r := range got.reqs {
				if r.Took <= 0 {
					t.Errorf("request %+v: Took = %v, want > 0", r, r.Took)
				}
				if (r.Status == 0) != (r.Err != nil) {
					t.Errorf("request %+v: want a status or an error, not both or neither", r)
				}
			}
		})
	}
}

func TestObserveCanceled(t *testing.T) {
	release := make(chan struct{})
	srv := serve(t, http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer close(release)
	var got observed
	opts := fastOptions(t)
	opts.Timeout = time.Minute
	opts.Observe = got.observe
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := httpx.New(opts).Get(ctx, srv.URL); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get() error = %v, want context.Canceled", err)
	}
	if diff := cmp.Diff([]string{"test:canceled"}, got.codes()); diff != "" {
		t.Errorf("observed requests (-want +got):\n%s", diff)
	}
}

func TestRequestCode(t *testing.T) {
	tests := []struct {
		give oracles.Request
		want string
	}{
		{oracles.Request{Status: 200}, "200"},
		{oracles.Request{Status: 503}, "503"},
		{oracles.Request{Err: context.Canceled}, "canceled"},
		{oracles.Request{Err: context.DeadlineExceeded}, "timeout"},
		{oracles.Request{Err: timeoutErr{}}, "timeout"},
		{oracles.Request{Err: errors.New("connection reset by peer")}, "error"},
	}
	for _, tt := range tests {
		if got := tt.give.Code(); got != tt.want {
			t.Errorf("%+v.Code() = %q, want %q", tt.give, got, tt.want)
		}
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string { return "i/o timeout" }
func (timeoutErr) Timeout() bool { return true }
