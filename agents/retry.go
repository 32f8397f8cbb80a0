package agents

import (
	"context"
	"errors"
	"time"
)

// CheckRetry decides whether a failed attempt is worth repeating.
type CheckRetry func(err *CallError) bool

// Backoff returns how long to wait before attempt number attempt+1, given
// the failure of attempt (1-based).
type Backoff func(attempt int, err *CallError) time.Duration

// RetryPolicy bounds the retries of one agent call. The genai and openai SDKs
// are configured not to retry, so this is the only retry loop.
type RetryPolicy struct {
	// MaxAttempts counts the first call; 1 means no retry.
	MaxAttempts int
	Check       CheckRetry
	Backoff     Backoff
	// ContractRetries is how many times an answer that breaks the contract
	// (KindInvalidJSON) is asked for again, with the reason it was
	// rejected, within MaxAttempts. The same prompt at temperature 0 would
	// bring the same answer; the rejection reason gives the model a chance
	// to comply. After that the call fails with the contract breach.
	ContractRetries int
}

// DefaultRetryPolicy makes up to 4 attempts with ExponentialBackoff(1s, 30s),
// one of them at most to correct an answer that broke the contract.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxAttempts: 4, Check: DefaultCheckRetry, Backoff: ExponentialBackoff(time.Second, 30*time.Second), ContractRetries: 1}
}

// DefaultCheckRetry retries what may succeed unchanged: 408, 429 and 5xx API
// errors, transport failures, per-call timeouts, an empty answer that stopped
// normally, and an answer cut at MAX_TOKENS (the caller doubles the token
// budget for it). It never retries a blocked prompt, SAFETY, RECITATION or
// other finish reasons, or other 4xx errors; an answer that breaks the
// contract is retried only as RetryPolicy.ContractRetries says.
func DefaultCheckRetry(err *CallError) bool {
	switch err.Kind {
	case KindAPIError:
		return err.Status == 0 || err.Status == 408 || err.Status == 429 || err.Status >= 500
	case KindTimeout:
		return true
	case KindEmpty:
		return err.FinishReason == FinishStop || err.FinishReason == ""
	case KindFinishReason:
		return err.FinishReason == FinishMaxTokens
	default:
		return false
	}
}

// ExponentialBackoff doubles from base up to max. A delay the API asked for
// (RetryInfo.retryDelay, Retry-After) is honoured when longer, still capped
// at max so a hostile server cannot park the run.
func ExponentialBackoff(base, max time.Duration) Backoff {
	return func(attempt int, err *CallError) time.Duration {
		d := base
		for i := 1; i < attempt && d < max; i++ {
			d *= 2
		}
		if err != nil && err.RetryAfter > d {
			d = err.RetryAfter
		}
		return min(d, max)
	}
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// asCallError classifies any backend error as a *CallError.
func asCallError(err error, agent, model string) *CallError {
	var ce *CallError
	if errors.As(err, &ce) {
		ce.Agent, ce.Model = agent, model
		return ce
	}
	kind := KindAPIError
	if errors.Is(err, context.DeadlineExceeded) {
		kind = KindTimeout
	}
	return &CallError{Agent: agent, Model: model, Kind: kind, Cause: err}
}
