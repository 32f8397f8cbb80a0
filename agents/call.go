package agents

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
)

// maxOutputTokensCap bounds the doubling of the output budget on MAX_TOKENS
// retries (Gemini 2.5's own limit).
const maxOutputTokensCap = 65536

// caller runs one agent's model calls: per-call deadline, bounded retries,
// contract validation, usage accounting and logging.
type caller struct {
	agent   string
	model   Model
	log     *zap.Logger
	retry   RetryPolicy
	timeout time.Duration
	observe func(CallEvent)
	pass    int
}

// call sends req until parse accepts the answer or the retry policy gives
// up. Usage counts every attempt, failed ones included, because they cost
// tokens too.
func call[T any](ctx context.Context, c caller, req Request, parse func([]byte) (T, error)) (T, contract.Usage, error) {
	var zero T
	c.log = logging.FromContext(ctx, c.log) // a batch lead's, with its fields
	usage := contract.Usage{Model: c.model.Name()}
	attempts := max(c.retry.MaxAttempts, 1)
	corrections := 0
	original := req.User
	defer c.event(CallEvent{Step: CallDone})
	for attempt := 1; ; attempt++ {
		c.event(CallEvent{Step: CallStarted, Attempt: attempt})
		resp, err := c.attempt(ctx, req)
		usage.Add(contract.Usage{
			Calls:          1,
			PromptTokens:   resp.Tokens.Prompt,
			OutputTokens:   resp.Tokens.Output,
			ThinkingTokens: resp.Tokens.Thinking,
			Latency:        resp.Latency,
		})
		var ce *CallError
		if err == nil {
			v, perr := parse([]byte(resp.Text))
			if perr == nil {
				c.logAttempt(attempt, resp, nil)
				return v, usage, nil
			}
			ce = &CallError{Kind: KindInvalidJSON, Cause: perr}
		} else {
			ce = asCallError(err, c.agent, c.model.Name())
		}
		ce.Agent, ce.Model, ce.Attempts = c.agent, c.model.Name(), attempt
		c.logAttempt(attempt, resp, ce)
		if ctx.Err() != nil {
			return zero, usage, fmt.Errorf("%w (%w)", ce, ctx.Err())
		}
		check := c.retry.Check
		if check == nil {
			check = DefaultCheckRetry
		}
		correct := ce.Kind == KindInvalidJSON && corrections < c.retry.ContractRetries
		if attempt >= attempts || !(correct || check(ce)) {
			return zero, usage, ce
		}
		if correct {
			// Ask again with the reason, never more than ContractRetries
			// times; the reason goes to the model only, never to the logs.
			corrections++
			req.User = original + contractFeedback(ce.Cause)
			continue
		}
		if ce.Kind == KindFinishReason && ce.FinishReason == FinishMaxTokens && req.MaxOutputTokens > 0 {
			// The same budget would cut the answer at the same place.
			req.MaxOutputTokens = min(req.MaxOutputTokens*2, maxOutputTokensCap)
		}
		var wait time.Duration
		if c.retry.Backoff != nil {
			wait = c.retry.Backoff(attempt, ce)
		}
		c.log.Debug("model retry", zap.String("agent", c.agent), zap.String("model", c.model.Name()),
			zap.Int("next_attempt", attempt+1), zap.String("cause", string(ce.Kind)), zap.Int("status", ce.Status),
			zap.String("finish_reason", string(ce.FinishReason)), zap.Duration("wait", wait))
		c.event(CallEvent{Step: CallRetrying, Attempt: attempt, Cause: ce.Kind, Status: ce.Status, Wait: wait})
		if err := sleep(ctx, wait); err != nil {
			return zero, usage, fmt.Errorf("%w (%w)", ce, err)
		}
	}
}

// attempt makes one call under the per-call deadline.
func (c caller) attempt(ctx context.Context, req Request) (Response, error) {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	start := time.Now()
	resp, err := c.model.Generate(ctx, req)
	if resp.Latency == 0 {
		resp.Latency = time.Since(start)
	}
	if err != nil && ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return resp, &CallError{Kind: KindTimeout, Cause: ctx.Err()}
	}
	return resp, err
}

// logAttempt logs counts and codes only: never prompt, answer or key.
func (c caller) logAttempt(attempt int, resp Response, ce *CallError) {
	fields := []zap.Field{
		zap.String("agent", c.agent),
		zap.String("model", c.model.Name()),
		zap.Int("attempt", attempt),
		zap.Int("prompt_tokens", resp.Tokens.Prompt),
		zap.Int("output_tokens", resp.Tokens.Output),
		zap.Int("thinking_tokens", resp.Tokens.Thinking),
		zap.Duration("latency", resp.Latency),
		zap.String("finish_reason", string(resp.FinishReason)),
	}
	if ce == nil {
		c.log.Info("model call", fields...)
		return
	}
	fields = append(fields, zap.String("kind", string(ce.Kind)), zap.Int("status", ce.Status))
	if ce.Detail != "" {
		fields = append(fields, zap.String("detail", ce.Detail))
	}
	c.log.Warn("model call failed", fields...)
}

// contractFeedback tells the model why its last answer was rejected.
func contractFeedback(cause error) string {
	reason := "it did not match the required JSON contract"
	if cause != nil {
		reason = cause.Error()
	}
	return "\n\n<rejected_answer>Your previous answer was rejected: " + reason +
		". Answer again with exactly one JSON object that follows the contract and the schema.</rejected_answer>"
}
