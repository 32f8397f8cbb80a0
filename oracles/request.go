package oracles

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// Request is one HTTP attempt an oracle made to its service: retries are
// counted one by one, and so are collection searches and title lookups.
// Env.Requests hears of each (metrics count them); it carries no URL, DOI or
// body, only what a dashboard needs.
type Request struct {
	// Oracle is the oracle's name ("europepmc").
	Oracle string
	// Status is the HTTP status, 0 when no response came.
	Status int
	// Err is why no response came (a timeout, a reset, a cancelled
	// context); nil when Status is set.
	Err error
	// Took is the time from sending the request to the response's headers
	// (the rate limiter's wait is not counted).
	Took time.Duration
}

// Code is the request's outcome as a short, bounded label: the status
// ("200", "429", "503"), or "timeout", "canceled" or "error" when no
// response came.
func (r Request) Code() string {
	switch {
	case r.Status > 0:
		return strconv.Itoa(r.Status)
	case errors.Is(r.Err, context.Canceled):
		return "canceled"
	case errors.Is(r.Err, context.DeadlineExceeded) || isTimeout(r.Err):
		return "timeout"
	default:
		return "error"
	}
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
