package agents_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/gemini"
	"github.com/citeloop/citeloop/agents/openai"
	"github.com/citeloop/citeloop/contract"
)

// testKey is a fake secret: tests check it never leaks into logs or errors.
const testKey = "AIzaSy-TEST-SECRET-never-log-me-0123456789"

// reply is one scripted HTTP answer of a fake model server.
type reply struct {
	status int
	header http.Header
	body   string
	// delay holds the answer back (until the request is cancelled).
	delay time.Duration
}

// replyFunc builds a reply from the request body, so usage can reflect the
// size of what was sent.
type replyFunc func(req []byte) reply

// fakeServer speaks just enough of the Gemini or OpenAI wire format: it
// answers with scripted replies in order (the last one repeats) and records
// every request.
type fakeServer struct {
	*httptest.Server
	mu      sync.Mutex
	replies []replyFunc
	bodies  [][]byte
	paths   []string
	headers []http.Header
}

func newFake(t *testing.T, replies ...replyFunc) *fakeServer {
	t.Helper()
	f := &fakeServer{replies: replies}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	n := len(f.bodies)
	f.bodies = append(f.bodies, body)
	f.paths = append(f.paths, r.Method+" "+r.URL.Path)
	f.headers = append(f.headers, r.Header.Clone())
	rf := f.replies[min(n, len(f.replies)-1)]
	f.mu.Unlock()
	rep := rf(body)
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	io.WriteString(w, rep.body)
}

func (f *fakeServer) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.bodies)
}

func (f *fakeServer) body(i int) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bodies[i]
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// geminiText answers with one candidate. Prompt tokens are the request size
// in bytes / 4, so repair and first passes can be compared.
func geminiText(text, finish string) replyFunc {
	return func(req []byte) reply {
		return reply{status: 200, body: mustJSON(map[string]any{
			"candidates": []any{map[string]any{
				"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
				"finishReason": finish,
				"index":        0,
			}},
			"usageMetadata": map[string]any{
				"promptTokenCount":     len(req) / 4,
				"candidatesTokenCount": len(text) / 4,
				"thoughtsTokenCount":   11,
				"totalTokenCount":      len(req)/4 + len(text)/4 + 11,
			},
			"modelVersion": "fake-001",
		})}
	}
}

func geminiBlocked(reason string) replyFunc {
	return func(req []byte) reply {
		return reply{status: 200, body: mustJSON(map[string]any{
			"promptFeedback": map[string]any{"blockReason": reason},
			"usageMetadata":  map[string]any{"promptTokenCount": len(req) / 4},
		})}
	}
}

func geminiNoCandidates() replyFunc {
	return func([]byte) reply {
		return reply{status: 200, body: `{"candidates":[],"usageMetadata":{"promptTokenCount":3}}`}
	}
}

func geminiError(code int, status, retryDelay string) replyFunc {
	return func([]byte) reply {
		e := map[string]any{"code": code, "message": "fake " + status, "status": status}
		if retryDelay != "" {
			e["details"] = []any{map[string]any{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": retryDelay}}
		}
		return reply{status: code, body: mustJSON(map[string]any{"error": e})}
	}
}

func slow(d time.Duration, rf replyFunc) replyFunc {
	return func(req []byte) reply {
		r := rf(req)
		r.delay = d
		return r
	}
}

func openaiText(text, finish string) replyFunc {
	return func(req []byte) reply {
		return reply{status: 200, body: mustJSON(map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion", "created": 1767225600, "model": "fake",
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": text, "refusal": nil},
				"finish_reason": finish,
			}},
			"usage": map[string]any{
				"prompt_tokens": len(req) / 4, "completion_tokens": len(text) / 4, "total_tokens": len(req)/4 + len(text)/4,
				"completion_tokens_details": map[string]any{"reasoning_tokens": 7},
			},
		})}
	}
}

func openaiRefusal() replyFunc {
	return func([]byte) reply {
		return reply{status: 200, body: mustJSON(map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion", "created": 1767225600, "model": "fake",
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": nil, "refusal": "I can't help with that."},
				"finish_reason": "stop",
			}},
			"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
		})}
	}
}

func openaiError(code int, retryAfter string) replyFunc {
	return func([]byte) reply {
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		return reply{status: code, header: h, body: mustJSON(map[string]any{"error": map[string]any{
			"message": "fake error", "type": "server_error", "param": nil, "code": fmt.Sprint(code),
		}})}
	}
}

// fastRetry keeps test suites quick: millisecond backoffs, 3 attempts.
func fastRetry() agents.RetryPolicy {
	return agents.RetryPolicy{MaxAttempts: 3, Check: agents.DefaultCheckRetry, Backoff: agents.ExponentialBackoff(time.Millisecond, 4*time.Millisecond)}
}

func newGemini(t *testing.T, url, model string) *gemini.Client {
	t.Helper()
	m, err := gemini.New(context.Background(), gemini.Config{Model: model, APIKey: testKey, BaseURL: url})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return m
}

func newOpenAI(t *testing.T, url, model string) *openai.Client {
	t.Helper()
	m, err := openai.New(openai.Config{Model: model, APIKey: testKey, BaseURL: url + "/v1"})
	if err != nil {
		t.Fatalf("NewOpenAI: %v", err)
	}
	return m
}

// loadLedger reads five Europe PMC records (from a recorded core search).
func loadLedger(t *testing.T) contract.Ledger {
	t.Helper()
	data, err := os.ReadFile("testdata/ledger.json")
	if err != nil {
		t.Fatal(err)
	}
	var l contract.Ledger
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}
