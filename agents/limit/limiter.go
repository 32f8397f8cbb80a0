package limit

import (
	"context"
	"time"

	"golang.org/x/time/rate"
)

// Limiter shares one provider's model limits among every lead of the
// process: requests per minute, and tokens per minute counted after each
// call (a call's tokens are known only when it returns, so a call that
// overspends delays the calls after it).
type Limiter struct {
	requests *rate.Limiter
	tokens   *rate.Limiter
}

// NewLimiter allows requestsPerMin calls and tokensPerMin tokens a minute;
// zero or less leaves that limit off.
func NewLimiter(requestsPerMin, tokensPerMin int) *Limiter {
	l := &Limiter{}
	if requestsPerMin > 0 {
		l.requests = rate.NewLimiter(rate.Limit(float64(requestsPerMin)/60), max(1, requestsPerMin/60))
	}
	if tokensPerMin > 0 {
		l.tokens = rate.NewLimiter(rate.Limit(float64(tokensPerMin)/60), tokensPerMin)
	}
	return l
}

// Wait blocks until a call may start: a request slot is free and the token
// budget is not overspent.
func (l *Limiter) Wait(ctx context.Context) error {
	if l.requests != nil {
		if err := l.requests.Wait(ctx); err != nil {
			return err
		}
	}
	if l.tokens != nil {
		return l.tokens.Wait(ctx)
	}
	return nil
}

// Spend counts the tokens a finished call used.
func (l *Limiter) Spend(tokens int) {
	if l.tokens == nil || tokens <= 1 {
		return
	}
	// Wait already took one token; the rest is debt later calls wait out.
	l.tokens.ReserveN(time.Now(), min(tokens-1, l.tokens.Burst()))
}
