package gemini

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"google.golang.org/genai"

	"github.com/citeloop/citeloop/agents"
)

// Config configures a Gemini backend; Env.Config builds one from the
// environment FromEnv reads. Empty fields fall back to the SDK's own
// environment variables (GEMINI_API_KEY / GOOGLE_API_KEY,
// GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION,
// GOOGLE_GEMINI_BASE_URL), which the SDK reads when the client is built.
type Config struct {
	Model string
	// APIKey authenticates on the Gemini API (or Vertex AI express mode).
	APIKey string
	// BaseURL replaces the API endpoint, e.g. a local fake server.
	BaseURL string
	// VertexAI selects the Vertex AI backend with Project and Location.
	VertexAI bool
	Project  string
	Location string
	// HTTPClient is used for every request; nil means a new default client.
	HTTPClient *http.Client
}

// Client is an agents.Model on google.golang.org/genai. The SDK retries only when
// HTTPOptions.RetryOptions is set; Client leaves it nil so that the agents.
// RetryPolicy is the one and only retry loop.
type Client struct {
	client *genai.Client
	model  string
}

var _ agents.Model = (*Client)(nil)

// New builds the SDK client. Its errors never contain the API key.
func New(ctx context.Context, cfg Config) (*Client, error) {
	if cfg.Model == "" {
		return nil, errors.New("gemini: no model name")
	}
	cc := &genai.ClientConfig{
		APIKey:      cfg.APIKey,
		Project:     cfg.Project,
		Location:    cfg.Location,
		HTTPClient:  cfg.HTTPClient,
		HTTPOptions: genai.HTTPOptions{BaseURL: cfg.BaseURL},
	}
	// Explicit, so the SDK does not pick a backend from the environment.
	cc.Backend = genai.BackendGeminiAPI
	if cfg.VertexAI {
		cc.Backend = genai.BackendVertexAI
	}
	client, err := genai.NewClient(ctx, cc)
	if err != nil {
		// The SDK prints its whole ClientConfig, API key included.
		return nil, fmt.Errorf("gemini: create client: %w", agents.Redact(err, cfg.APIKey, cc.APIKey))
	}
	return &Client{client: client, model: cfg.Model}, nil
}

// Name returns the model id.
func (g *Client) Name() string { return g.model }

// Generate makes one generateContent call with JSON structured output.
func (g *Client) Generate(ctx context.Context, req agents.Request) (agents.Response, error) {
	cfg := &genai.GenerateContentConfig{
		Temperature:        genai.Ptr(float32(req.Temperature)),
		Seed:               genai.Ptr(int32(req.Seed)),
		ResponseMIMEType:   "application/json",
		ResponseJsonSchema: req.Schema,
	}
	if req.System != "" {
		cfg.SystemInstruction = &genai.Content{Parts: []*genai.Part{{Text: req.System}}}
	}
	if req.MaxOutputTokens > 0 {
		cfg.MaxOutputTokens = int32(req.MaxOutputTokens)
	}
	start := time.Now()
	resp, err := g.client.Models.GenerateContent(ctx, g.model, genai.Text(req.User), cfg)
	out := agents.Response{Latency: time.Since(start)}
	if err != nil {
		return out, geminiAPIError(err)
	}
	if u := resp.UsageMetadata; u != nil {
		out.Tokens = agents.Tokens{Prompt: int(u.PromptTokenCount), Output: int(u.CandidatesTokenCount), Thinking: int(u.ThoughtsTokenCount)}
	}
	if pf := resp.PromptFeedback; pf != nil && pf.BlockReason != "" {
		return out, &agents.CallError{Kind: agents.KindBlocked, Detail: string(pf.BlockReason)}
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return out, &agents.CallError{Kind: agents.KindNoCandidates}
	}
	cand := resp.Candidates[0]
	out.FinishReason = agents.FinishReason(cand.FinishReason)
	if out.FinishReason == "" {
		out.FinishReason = agents.FinishStop
	}
	if cand.Content != nil {
		var b strings.Builder
		for _, p := range cand.Content.Parts {
			if p != nil && !p.Thought {
				b.WriteString(p.Text)
			}
		}
		out.Text = b.String()
	}
	if out.FinishReason != agents.FinishStop {
		return out, &agents.CallError{Kind: agents.KindFinishReason, FinishReason: out.FinishReason}
	}
	if strings.TrimSpace(out.Text) == "" {
		return out, &agents.CallError{Kind: agents.KindEmpty, FinishReason: out.FinishReason}
	}
	return out, nil
}

// geminiAPIError classifies an SDK error: an HTTP error with its status and
// RetryInfo delay, or a transport failure (status 0).
func geminiAPIError(err error) *agents.CallError {
	var apiErr genai.APIError
	if errors.As(err, &apiErr) {
		return &agents.CallError{
			Kind:       agents.KindAPIError,
			Status:     apiErr.Code,
			Detail:     apiErr.Status,
			RetryAfter: retryInfoDelay(apiErr.Details),
			Cause:      err,
		}
	}
	kind := agents.KindAPIError
	if errors.Is(err, context.DeadlineExceeded) {
		kind = agents.KindTimeout
	}
	return &agents.CallError{Kind: kind, Cause: err}
}

// retryInfoDelay reads google.rpc.RetryInfo.retryDelay ("1s", "0.5s") from
// an error's details; 0 when absent or malformed.
func retryInfoDelay(details []map[string]any) time.Duration {
	for _, d := range details {
		if t, _ := d["@type"].(string); !strings.HasSuffix(t, "google.rpc.RetryInfo") {
			continue
		}
		s, _ := d["retryDelay"].(string)
		if delay, err := time.ParseDuration(s); err == nil && delay > 0 {
			return delay
		}
	}
	return 0
}
