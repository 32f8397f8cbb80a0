package limit

import (
	"context"

	"github.com/citeloop/citeloop/contract"
)

// Writer is a drafting agent, as pipeline.Writer asks of one.
type Writer interface {
	Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error)
}

// Skeptic is a reviewing agent, as pipeline.Skeptic asks of one.
type Skeptic interface {
	Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error)
}

// Limits hands out one Limiter per model provider, so every lead of a
// process shares its provider's requests and tokens per minute. Build it
// once, before the agents; it is not safe for concurrent use.
type Limits struct {
	rpm, tpm int
	by       map[string]*Limiter
}

// NewLimits allows each provider requestsPerMin calls and tokensPerMin
// tokens a minute (0: no limit).
func NewLimits(requestsPerMin, tokensPerMin int) *Limits {
	return &Limits{rpm: requestsPerMin, tpm: tokensPerMin, by: map[string]*Limiter{}}
}

// Wrap holds writer and skeptic to the limits of their providers: a call
// waits for its provider's Limiter, then counts the tokens it used. A wait
// cut short by ctx returns ctx's error without calling the agent.
func (l *Limits) Wrap(writerProvider string, w Writer, skepticProvider string, s Skeptic) (Writer, Skeptic) {
	return limitedWriter{w, l.of(writerProvider)}, limitedSkeptic{s, l.of(skepticProvider)}
}

func (l *Limits) of(provider string) *Limiter {
	if l.by[provider] == nil {
		l.by[provider] = NewLimiter(l.rpm, l.tpm)
	}
	return l.by[provider]
}

type limitedWriter struct {
	Writer
	lim *Limiter
}

func (w limitedWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if err := w.lim.Wait(ctx); err != nil {
		return contract.WriteResult{}, err
	}
	res, err := w.Writer.Write(ctx, req)
	w.lim.Spend(tokens(res.Usage))
	return res, err
}

type limitedSkeptic struct {
	Skeptic
	lim *Limiter
}

func (s limitedSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	if err := s.lim.Wait(ctx); err != nil {
		return contract.ReviewResult{}, err
	}
	res, err := s.Skeptic.Review(ctx, req)
	s.lim.Spend(tokens(res.Usage))
	return res, err
}

func tokens(u contract.Usage) int { return u.PromptTokens + u.OutputTokens + u.ThinkingTokens }
