package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/citeloop/citeloop/agents"
)

// Config configures an OpenAI-compatible backend (OpenAI, Ollama,
// vLLM, llama.cpp server).
type Config struct {
	Model string
	// BaseURL is the API root including /v1, e.g. http://127.0.0.1:11434/v1.
	// Empty means the SDK default (OPENAI_BASE_URL or api.openai.com).
	BaseURL string
	// APIKey is optional for local servers.
	APIKey     string
	HTTPClient *http.Client
}

// Client is an agents.Model on github.com/openai/openai-go/v3. The SDK's own retries
// are switched off (WithMaxRetries(0)) so the agents' RetryPolicy is the only
// retry loop.
type Client struct {
	client openai.Client
	model  string
}

var _ agents.Model = (*Client)(nil)

// New builds the SDK client.
func New(cfg Config) (*Client, error) {
	if cfg.Model == "" {
		return nil, errors.New("openai: no model name")
	}
	opts := []option.RequestOption{option.WithMaxRetries(0), option.WithAPIKey(cfg.APIKey)}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return &Client{client: openai.NewClient(opts...), model: cfg.Model}, nil
}

// Name returns the model id.
func (o *Client) Name() string { return o.model }

// Generate makes one chat completion with a strict json_schema response format.
func (o *Client) Generate(ctx context.Context, req agents.Request) (agents.Response, error) {
	var msgs []openai.ChatCompletionMessageParamUnion
	if req.System != "" {
		msgs = append(msgs, openai.SystemMessage(req.System))
	}
	msgs = append(msgs, openai.UserMessage(req.User))
	name := req.SchemaName
	if name == "" {
		name = "answer"
	}
	params := openai.ChatCompletionNewParams{
		Model:       o.model,
		Messages:    msgs,
		Temperature: openai.Float(req.Temperature),
		Seed:        openai.Int(req.Seed),
		ResponseFormat: openai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   name,
					Strict: openai.Bool(true),
					Schema: req.Schema,
				},
			},
		},
	}
	if req.MaxOutputTokens > 0 {
		params.MaxCompletionTokens = openai.Int(int64(req.MaxOutputTokens))
	}
	start := time.Now()
	resp, err := o.client.Chat.Completions.New(ctx, params)
	out := agents.Response{Latency: time.Since(start)}
	if err != nil {
		return out, openaiAPIError(err)
	}
	out.Tokens = agents.Tokens{
		Prompt:   int(resp.Usage.PromptTokens),
		Output:   int(resp.Usage.CompletionTokens),
		Thinking: int(resp.Usage.CompletionTokensDetails.ReasoningTokens),
	}
	if len(resp.Choices) == 0 {
		return out, &agents.CallError{Kind: agents.KindNoCandidates}
	}
	choice := resp.Choices[0]
	out.Text = choice.Message.Content
	out.FinishReason = openaiFinish(choice.FinishReason)
	if choice.Message.Refusal != "" {
		return out, &agents.CallError{Kind: agents.KindBlocked, Detail: "refusal"}
	}
	if out.FinishReason != agents.FinishStop {
		return out, &agents.CallError{Kind: agents.KindFinishReason, FinishReason: out.FinishReason}
	}
	if strings.TrimSpace(out.Text) == "" {
		return out, &agents.CallError{Kind: agents.KindEmpty, FinishReason: out.FinishReason}
	}
	return out, nil
}

// openaiFinish maps OpenAI finish reasons onto the Gemini spelling.
func openaiFinish(r string) agents.FinishReason {
	switch r {
	case "stop", "":
		return agents.FinishStop
	case "length":
		return agents.FinishMaxTokens
	case "content_filter":
		return agents.FinishSafety
	default:
		return agents.FinishReason(strings.ToUpper(r))
	}
}

// openaiAPIError classifies an SDK error with its status and Retry-After.
func openaiAPIError(err error) *agents.CallError {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		ce := &agents.CallError{Kind: agents.KindAPIError, Status: apiErr.StatusCode, Detail: apiErr.Code, Cause: err}
		if apiErr.Response != nil {
			ce.RetryAfter = retryAfter(apiErr.Response.Header, time.Now())
		}
		return ce
	}
	kind := agents.KindAPIError
	if errors.Is(err, context.DeadlineExceeded) {
		kind = agents.KindTimeout
	}
	return &agents.CallError{Kind: kind, Cause: fmt.Errorf("openai: %w", err)}
}

// retryAfter reads retry-after-ms or Retry-After (seconds or HTTP date).
func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := h.Get("Retry-After")
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
