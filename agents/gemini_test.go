package agents_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
)

// quote returns the first n words of an entry's abstract: a verbatim quote.
func quote(e contract.Entry, n int) string {
	w := strings.Fields(e.Abstract)
	return strings.Join(w[:min(n, len(w))], " ")
}

func draftJSON(t *testing.T, l contract.Ledger) string {
	t.Helper()
	d := contract.Draft{Title: "Cancer care", Sections: []contract.Section{{
		Heading: "Findings",
		Claims: []contract.Claim{
			{ID: "C1", Text: "Psychological flexibility relates to health outcomes.", Citations: []contract.Citation{{DOI: l.Entries[0].DOI, Quote: quote(l.Entries[0], 8)}}},
			{ID: "C2", Text: "Mental comorbidity is common in cancer.", Citations: []contract.Citation{{DOI: l.Entries[1].DOI, Quote: quote(l.Entries[1], 8)}}},
		},
	}}}
	return mustJSON(d)
}

type recordedBackoff struct{ retryAfter []time.Duration }

func (r *recordedBackoff) policy(attempts int) agents.RetryPolicy {
	return agents.RetryPolicy{MaxAttempts: attempts, Check: agents.DefaultCheckRetry, Backoff: func(attempt int, err *agents.CallError) time.Duration {
		r.retryAfter = append(r.retryAfter, err.RetryAfter)
		return time.Millisecond
	}}
}

func TestGeminiWriterGuards(t *testing.T) {
	l := loadLedger(t)
	good := draftJSON(t, l)
	tests := []struct {
		name       string
		give       []replyFunc
		timeout    time.Duration
		wantKind   agents.Kind // "" means success
		wantStatus int
		wantFinish agents.FinishReason
		wantCalls  int
		clientSide bool // attempts may time out before the server sees them
	}{
		{name: "valid draft", give: []replyFunc{geminiText(good, "STOP")}, wantCalls: 1},
		{name: "malformed JSON", give: []replyFunc{geminiText(`{"title": "x", "sections": [`, "STOP")}, wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "unknown field", give: []replyFunc{geminiText(strings.Replace(good, `"refused"`, `"confidence":0.9,"refused"`, 1), "STOP")}, wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "missing required field", give: []replyFunc{geminiText(`{"title":"x","sections":[]}`, "STOP")}, wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "wrong type", give: []replyFunc{geminiText(`{"title":"x","sections":[],"refused":"no","missing":""}`, "STOP")}, wantKind: agents.KindInvalidJSON, wantCalls: 1},
		{name: "blocked prompt is not retried", give: []replyFunc{geminiBlocked("PROHIBITED_CONTENT")}, wantKind: agents.KindBlocked, wantCalls: 1},
		{name: "no candidates", give: []replyFunc{geminiNoCandidates()}, wantKind: agents.KindNoCandidates, wantCalls: 1},
		{name: "SAFETY is not retried", give: []replyFunc{geminiText("", "SAFETY")}, wantKind: agents.KindFinishReason, wantFinish: agents.FinishSafety, wantCalls: 1},
		{name: "RECITATION is not retried", give: []replyFunc{geminiText(good[:40], "RECITATION")}, wantKind: agents.KindFinishReason, wantFinish: agents.FinishRecitation, wantCalls: 1},
		{name: "MAX_TOKENS with cut JSON is retried then fails", give: []replyFunc{geminiText(good[:len(good)/2], "MAX_TOKENS")}, wantKind: agents.KindFinishReason, wantFinish: agents.FinishMaxTokens, wantCalls: 3},
		{name: "MAX_TOKENS then complete", give: []replyFunc{geminiText(good[:30], "MAX_TOKENS"), geminiText(good, "STOP")}, wantCalls: 2},
		{name: "empty STOP then draft", give: []replyFunc{geminiText("", "STOP"), geminiText(good, "STOP")}, wantCalls: 2},
		{name: "empty STOP three times", give: []replyFunc{geminiText("  ", "STOP")}, wantKind: agents.KindEmpty, wantFinish: agents.FinishStop, wantCalls: 3},
		{name: "503 three times", give: []replyFunc{geminiError(503, "UNAVAILABLE", "")}, wantKind: agents.KindAPIError, wantStatus: 503, wantCalls: 3},
		{name: "429 then 200", give: []replyFunc{geminiError(429, "RESOURCE_EXHAUSTED", "1s"), geminiText(good, "STOP")}, wantCalls: 2},
		{name: "400 is not retried", give: []replyFunc{geminiError(400, "INVALID_ARGUMENT", "")}, wantKind: agents.KindAPIError, wantStatus: 400, wantCalls: 1},
		{name: "per-call timeout is retried then fails", give: []replyFunc{slow(2*time.Second, geminiText(good, "STOP"))}, timeout: 30 * time.Millisecond, wantKind: agents.KindTimeout, wantCalls: 3, clientSide: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFake(t, tt.give...)
			opts := []agents.Option{agents.WithRetryPolicy(fastRetry())}
			if tt.timeout > 0 {
				opts = append(opts, agents.WithTimeout(tt.timeout))
			}
			w := agents.NewWriter(newGemini(t, srv.URL, "gemini-test"), opts...)
			res, err := w.Write(context.Background(), contract.WriteRequest{Lead: l.Lead, Ledger: l, Iteration: 1})
			if got := srv.calls(); got != tt.wantCalls && !(tt.clientSide && got <= tt.wantCalls) {
				// A per-call timeout can expire before a loaded machine
				// delivers the request: the attempts are counted client-side.
				t.Errorf("server calls = %d, want %d", got, tt.wantCalls)
			}
			if res.Usage.Calls != tt.wantCalls {
				t.Errorf("usage.Calls = %d, want %d", res.Usage.Calls, tt.wantCalls)
			}
			if tt.wantKind == "" {
				if err != nil {
					t.Fatalf("Write: %v", err)
				}
				if got := len(res.Draft.Claims()); got != 2 {
					t.Errorf("claims = %d, want 2", got)
				}
				return
			}
			if !errors.Is(err, agents.ErrModel) {
				t.Fatalf("err = %v, want ErrModel", err)
			}
			var ce *agents.CallError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %T, want *CallError", err)
			}
			if ce.Kind != tt.wantKind || ce.Status != tt.wantStatus || ce.FinishReason != tt.wantFinish {
				t.Errorf("got kind=%s status=%d finish=%s, want kind=%s status=%d finish=%s", ce.Kind, ce.Status, ce.FinishReason, tt.wantKind, tt.wantStatus, tt.wantFinish)
			}
			if tt.wantKind == agents.KindInvalidJSON && !errors.Is(err, contract.ErrInvalidJSON) {
				t.Errorf("invalid JSON error does not wrap contract.ErrInvalidJSON: %v", err)
			}
			if ce.Agent != "writer" || ce.Model != "gemini-test" || ce.Attempts != tt.wantCalls {
				t.Errorf("got agent=%q model=%q attempts=%d", ce.Agent, ce.Model, ce.Attempts)
			}
		})
	}
}

func TestGeminiHonoursRetryInfo(t *testing.T) {
	l := loadLedger(t)
	srv := newFake(t, geminiError(429, "RESOURCE_EXHAUSTED", "1.5s"), geminiText(draftJSON(t, l), "STOP"))
	var rb recordedBackoff
	w := agents.NewWriter(newGemini(t, srv.URL, "m"), agents.WithRetryPolicy(rb.policy(3)))
	if _, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l}); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if len(rb.retryAfter) != 1 || rb.retryAfter[0] != 1500*time.Millisecond {
		t.Errorf("backoff saw RetryAfter %v, want [1.5s]", rb.retryAfter)
	}
}

func TestMaxTokensRetryDoublesBudget(t *testing.T) {
	l := loadLedger(t)
	good := draftJSON(t, l)
	srv := newFake(t, geminiText(good[:20], "MAX_TOKENS"), geminiText(good, "STOP"))
	w := agents.NewWriter(newGemini(t, srv.URL, "m"), agents.WithRetryPolicy(fastRetry()), agents.WithMaxOutputTokens(1000))
	if _, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l}); err != nil {
		t.Fatalf("Write: %v", err)
	}
	var got []int
	for i := range srv.calls() {
		var body struct {
			GenerationConfig struct {
				MaxOutputTokens int `json:"maxOutputTokens"`
			} `json:"generationConfig"`
		}
		if err := json.Unmarshal(srv.body(i), &body); err != nil {
			t.Fatal(err)
		}
		got = append(got, body.GenerationConfig.MaxOutputTokens)
	}
	if len(got) != 2 || got[0] != 1000 || got[1] != 2000 {
		t.Errorf("maxOutputTokens per attempt = %v, want [1000 2000]", got)
	}
}

func TestGeminiUsageAndWire(t *testing.T) {
	l := loadLedger(t)
	srv := newFake(t, geminiText(draftJSON(t, l), "STOP"))
	w := agents.NewWriter(newGemini(t, srv.URL, "gemini-2.5-flash"))
	res, err := w.Write(context.Background(), contract.WriteRequest{Ledger: l})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	if got, want := srv.paths[0], "POST /v1beta/models/gemini-2.5-flash:generateContent"; got != want {
		t.Errorf("path = %q, want %q", got, want)
	}
	if got := srv.headers[0].Get("x-goog-api-key"); got != testKey {
		t.Errorf("x-goog-api-key header not sent")
	}
	u := res.Usage
	if u.Calls != 1 || u.PromptTokens != len(srv.body(0))/4 || u.OutputTokens == 0 || u.ThinkingTokens != 11 || u.Model != "gemini-2.5-flash" || u.Latency <= 0 {
		t.Errorf("usage = %+v", u)
	}
}

func TestCancelledRunStopsRetrying(t *testing.T) {
	l := loadLedger(t)
	srv := newFake(t, geminiError(503, "UNAVAILABLE", ""))
	slowRetry := agents.RetryPolicy{MaxAttempts: 5, Check: agents.DefaultCheckRetry, Backoff: agents.ExponentialBackoff(time.Minute, time.Minute)}
	w := agents.NewWriter(newGemini(t, srv.URL, "m"), agents.WithRetryPolicy(slowRetry))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := w.Write(ctx, contract.WriteRequest{Ledger: l})
	if !errors.Is(err, agents.ErrModel) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want ErrModel and the context's error", err)
	}
	if srv.calls() > 1 {
		t.Errorf("calls = %d, want no retry after the context ended", srv.calls())
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Write took %v after the context ended", d)
	}
}
