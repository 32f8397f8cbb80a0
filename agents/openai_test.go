package agents_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

func TestOpenAIWriterGuards(t *testing.T) {
	l := loadLedger(t)
	good := draftJSON(t, l)
	tests := []struct {
		name       string
		give       []replyFunc
		wantKind   agents.Kind
		wantStatus int
		wantFinish agents.FinishReason
		wantCalls  int
	}{
		{name: "valid draft", give: []replyFunc{openaiText(good, "stop")}, wantCalls: 1},
		{name: "malformed JSON", give: []replyFunc{openaiText(`{"title":`, "stop")}, wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "length is MAX_TOKENS, retried", give: []replyFunc{openaiText(good[:50], "length")}, wantKind: agents.KindFinishReason, wantFinish: agents.FinishMaxTokens, wantCalls: 3},
		{name: "content_filter is SAFETY, not retried", give: []replyFunc{openaiText("", "content_filter")}, wantKind: agents.KindFinishReason, wantFinish: agents.FinishSafety, wantCalls: 1},
		{name: "refusal is blocked", give: []replyFunc{openaiRefusal()}, wantKind: agents.KindBlocked, wantCalls: 1},
		{name: "429 then 200", give: []replyFunc{openaiError(429, "0"), openaiText(good, "stop")}, wantCalls: 2},
		{name: "500 three times, no SDK retry", give: []replyFunc{openaiError(500, "")}, wantKind: agents.KindAPIError, wantStatus: 500, wantCalls: 3},
		{name: "401 not retried", give: []replyFunc{openaiError(401, "")}, wantKind: agents.KindAPIError, wantStatus: 401, wantCalls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFake(t, tt.give...)
			w := agents.NewWriter(newOpenAI(t, srv.URL, "qwen2.5:7b"), agents.WithRetryPolicy(fastRetry()))
			res, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l})
			if got := srv.calls(); got != tt.wantCalls {
				t.Errorf("server calls = %d, want %d", got, tt.wantCalls)
			}
			if tt.wantKind == "" {
				if err != nil {
					t.Fatalf("Write: %v", err)
				}
				if res.Usage.ThinkingTokens != 7 || res.Usage.PromptTokens == 0 {
					t.Errorf("usage = %+v", res.Usage)
				}
				return
			}
			var ce *agents.CallError
			if !errors.As(err, &ce) || !errors.Is(err, agents.ErrModel) {
				t.Fatalf("err = %v, want *CallError", err)
			}
			if ce.Kind != tt.wantKind || ce.Status != tt.wantStatus || ce.FinishReason != tt.wantFinish {
				t.Errorf("got kind=%s status=%d finish=%s, want %s %d %s", ce.Kind, ce.Status, ce.FinishReason, tt.wantKind, tt.wantStatus, tt.wantFinish)
			}
		})
	}
}

func TestOpenAIWireAndRetryAfter(t *testing.T) {
	l := loadLedger(t)
	srv := newFake(t, openaiError(429, "2"), openaiText(draftJSON(t, l), "stop"))
	var rb recordedBackoff
	w := agents.NewWriter(newOpenAI(t, srv.URL, "qwen2.5:7b"), agents.WithRetryPolicy(rb.policy(2)), agents.WithSeed(42))
	if _, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l}); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if len(rb.retryAfter) != 1 || rb.retryAfter[0] != 2*time.Second {
		t.Errorf("backoff saw RetryAfter %v, want [2s]", rb.retryAfter)
	}
	if got, want := srv.paths[1], "POST /v1/chat/completions"; got != want {
		t.Errorf("path = %q, want %q", got, want)
	}
	if got := srv.headers[1].Get("Authorization"); got != "Bearer "+testKey {
		t.Errorf("Authorization header not sent as bearer token")
	}
	var body struct {
		Model          string  `json:"model"`
		Temperature    float64 `json:"temperature"`
		Seed           int64   `json:"seed"`
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Name   string         `json:"name"`
				Strict bool           `json:"strict"`
				Schema map[string]any `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
		Messages []struct{ Role string } `json:"messages"`
	}
	if err := json.Unmarshal(srv.body(1), &body); err != nil {
		t.Fatal(err)
	}
	rf := body.ResponseFormat
	if body.Model != "qwen2.5:7b" || body.Temperature != 0 || body.Seed != 42 || rf.Type != "json_schema" || rf.JSONSchema.Name != "draft" || !rf.JSONSchema.Strict || rf.JSONSchema.Schema["type"] != "object" {
		t.Errorf("request = %+v", body)
	}
	if len(body.Messages) != 2 || body.Messages[0].Role != "system" || body.Messages[1].Role != "user" {
		t.Errorf("messages = %+v, want system then user", body.Messages)
	}
}
