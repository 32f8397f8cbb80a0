package agents

import (
	"context"
	"time"
)

// Model is one LLM backend answering one structured-output request. It makes
// exactly one attempt: retries, timeouts and contract validation are the
// caller's job, so no backend retries behind the pipeline's back.
//
// Generate returns a *CallError for every failure it can classify (API error,
// blocked prompt, no candidate, bad finish reason, empty text); the Agent
// field is filled in by the caller.
type Model interface {
	// Name is the model id sent to the API, for logs and usage accounting.
	Name() string
	Generate(ctx context.Context, req Request) (Response, error)
}

// Request is one call to a model: a system instruction, one user turn, and
// the JSON schema the answer must follow.
type Request struct {
	System string
	User   string
	// SchemaName names the schema for APIs that want one ("draft").
	SchemaName string
	// Schema is a JSON Schema object (decoded JSON: maps and slices).
	Schema          map[string]any
	Temperature     float64
	Seed            int64
	MaxOutputTokens int
}

// FinishReason is why the model stopped, normalised across backends to the
// Gemini spelling ("STOP", "MAX_TOKENS", "SAFETY", ...).
type FinishReason string

// The finish reasons the guards treat specially.
const (
	FinishStop       FinishReason = "STOP"
	FinishMaxTokens  FinishReason = "MAX_TOKENS"
	FinishSafety     FinishReason = "SAFETY"
	FinishRecitation FinishReason = "RECITATION"
)

// Tokens counts the tokens of one call.
type Tokens struct {
	Prompt   int
	Output   int
	Thinking int
}

// Response is a model's answer to one call. Text is the raw answer; it is
// only trusted after contract validation.
type Response struct {
	Text         string
	Tokens       Tokens
	FinishReason FinishReason
	Latency      time.Duration
}
