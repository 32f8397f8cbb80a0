package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/citeloop/citeloop/oracles"
	"golang.org/x/time/rate"
)

// errBudget marks an attempt that could not start because waiting for the
// rate limiter would outlast the caller's deadline.
var errBudget = errors.New("time budget exhausted")

// gate is the RoundTripper that every attempt passes through: it takes a
// concurrency slot, waits for the rate limiter, and bounds the attempt,
// body read included, by the per-attempt timeout. The slot and the timeout
// are released when the body is closed.
type gate struct {
	base    http.RoundTripper
	limiter *rate.Limiter // nil: unlimited
	slots   chan struct{} // nil: unlimited
	timeout time.Duration // 0: none
	ext     Limiter       // nil: none
	name    string
	observe func(oracles.Request) // nil: none
}

func (g *gate) RoundTrip(req *http.Request) (*http.Response, error) {
	outer := req.Context()
	ctx := outer
	if g.slots != nil {
		select {
		case g.slots <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	release := func() {
		if g.slots != nil {
			<-g.slots
		}
	}
	if g.limiter != nil {
		if err := g.limiter.Wait(ctx); err != nil {
			release()
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("wait for rate limiter: %w: %w", errBudget, context.DeadlineExceeded)
		}
	}
	if g.ext != nil {
		done, err := g.ext.Acquire(ctx)
		if err != nil {
			release()
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("wait for limiter: %w: %w", errBudget, err)
		}
		inner := release
		release = func() { done(); inner() }
	}
	cancel := context.CancelFunc(func() {})
	if g.timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, g.timeout, fmt.Errorf("attempt timed out after %s", g.timeout))
		req = req.WithContext(ctx)
	}
	sent := time.Now()
	resp, err := g.base.RoundTrip(req)
	if g.observe != nil {
		r := oracles.Request{Oracle: g.name, Took: time.Since(sent)}
		if err != nil {
			r.Err = err
			if ctx.Err() != nil {
				r.Err = ctx.Err()
			}
		} else {
			r.Status = resp.StatusCode
		}
		g.observe(r)
	}
	if err != nil {
		cancel()
		release()
		if outer.Err() == nil && ctx.Err() != nil {
			return nil, fmt.Errorf("%w: %w", context.Cause(ctx), err)
		}
		return nil, err
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, done: func() { cancel(); release() }}
	return resp, nil
}

// releasingBody runs done once, when the body is closed.
type releasingBody struct {
	io.ReadCloser
	once sync.Once
	done func()
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.once.Do(b.done)
	return err
}
