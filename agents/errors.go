package agents

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrModel is matched by every model failure (errors.Is(err, ErrModel)), so
// the CLI can map it to the model-error exit code.
var ErrModel = errors.New("model error")

// Kind classifies a model failure.
type Kind string

// The failure kinds. Only some are retried by DefaultCheckRetry.
const (
	// KindAPIError is an HTTP or transport failure; Status says which.
	KindAPIError Kind = "api_error"
	// KindBlocked is a prompt refused by the provider (promptFeedback.blockReason).
	KindBlocked Kind = "blocked"
	// KindNoCandidates is an answer without any candidate.
	KindNoCandidates Kind = "no_candidates"
	// KindFinishReason is a candidate that stopped for a reason other than STOP.
	KindFinishReason Kind = "finish_reason"
	// KindEmpty is a candidate that stopped normally with no text.
	KindEmpty Kind = "empty"
	// KindInvalidJSON is text that does not validate against the contract.
	KindInvalidJSON Kind = "invalid_json"
	// KindTimeout is a call that exceeded its per-call deadline.
	KindTimeout Kind = "timeout"
)

// CallError is a failed model call with enough structure to decide on a
// retry and to report it without leaking prompts or secrets.
type CallError struct {
	Agent string // "writer" or "skeptic"
	Model string
	Kind  Kind
	// Status is the HTTP status of an api_error, 0 for transport failures.
	Status int
	// FinishReason is set for finish_reason and empty failures.
	FinishReason FinishReason
	// Detail is a short provider code (block reason, API status) safe to log.
	Detail string
	// RetryAfter is the delay the API asked for, 0 when it said nothing.
	RetryAfter time.Duration
	// Attempts is how many calls were made before giving up (set by the caller).
	Attempts int
	Cause    error
}

// Error describes the failure by agent, model, kind and detail.
func (e *CallError) Error() string {
	var b strings.Builder
	b.WriteString("agents:")
	if e.Agent != "" {
		b.WriteString(" " + e.Agent)
	}
	if e.Model != "" {
		b.WriteString(" (" + e.Model + ")")
	}
	b.WriteString(": " + string(e.Kind))
	if e.Status != 0 {
		fmt.Fprintf(&b, " %d", e.Status)
	}
	if e.FinishReason != "" {
		b.WriteString(" " + string(e.FinishReason))
	}
	if e.Detail != "" {
		b.WriteString(" " + e.Detail)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	if e.Cause != nil {
		b.WriteString(": " + e.Cause.Error())
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *CallError) Unwrap() error { return e.Cause }

// Is makes every CallError match ErrModel.
func (e *CallError) Is(target error) bool { return target == ErrModel }

// redacted hides secret values in an error's message while keeping the
// chain, because some SDK errors print their whole client configuration.
type redacted struct {
	err     error
	secrets []string
}

func (r redacted) Error() string {
	msg := r.err.Error()
	for _, s := range r.secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "[REDACTED]")
		}
	}
	return msg
}

func (r redacted) Unwrap() error { return r.err }

// Redact wraps err so that none of secrets appears in its message.
func Redact(err error, secrets ...string) error {
	if err == nil {
		return nil
	}
	return redacted{err: err, secrets: secrets}
}
