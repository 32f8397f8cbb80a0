package limit_test

import (
	"context"
	"testing"
	"time"

	"github.com/citeloop/citeloop/agents/limit"
	"github.com/citeloop/citeloop/contract"
)

// soon is a context whose deadline is far shorter than any wait a test
// limit imposes: rate.Limiter refuses at once a wait that would pass it,
// so the tests never sleep.
func soon(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	t.Cleanup(cancel)
	return ctx
}

func TestLimiter(t *testing.T) {
	tests := []struct {
		name     string
		rpm, tpm int
		spend    int
		// calls is how many calls start at once; the next one must wait.
		calls    int
		wantWait bool
	}{
		{name: "no limit", calls: 100},
		{name: "requests: a burst of one a second", rpm: 60, calls: 1, wantWait: true},
		{name: "requests: the burst of a second's worth", rpm: 600, calls: 10, wantWait: true},
		{name: "tokens: a call spending the minute's budget delays the next", tpm: 600, spend: 600, calls: 1, wantWait: true},
		{name: "tokens: a call within budget does not", tpm: 600, spend: 10, calls: 1},
		{name: "tokens: a call of one token spends only the wait's", tpm: 600, spend: 1, calls: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := limit.NewLimiter(tt.rpm, tt.tpm)
			for i := range tt.calls {
				if err := l.Wait(soon(t)); err != nil {
					t.Fatalf("call %d waited: %v", i+1, err)
				}
				l.Spend(tt.spend)
			}
			err := l.Wait(soon(t))
			if got := err != nil; got != tt.wantWait {
				t.Errorf("call %d waits = %v (%v), want %v", tt.calls+1, got, err, tt.wantWait)
			}
		})
	}
}

// agent is a writer and a skeptic that count their calls and report the
// tokens of each.
type agent struct {
	calls int
	usage contract.Usage
}

func (a *agent) Write(context.Context, contract.WriteRequest) (contract.WriteResult, error) {
	a.calls++
	return contract.WriteResult{Usage: a.usage}, nil
}

func (a *agent) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	a.calls++
	return contract.ReviewResult{Usage: a.usage}, nil
}

// The writer and the skeptic of one provider share its limit, and the
// leads of a process share them too; another provider has its own.
func TestWrapSharesOneLimitPerProvider(t *testing.T) {
	limits := limit.NewLimits(60, 0) // one call a second, a burst of one
	w1, s1 := &agent{}, &agent{}
	writer, skeptic := limits.Wrap("gemini", w1, "gemini", s1)
	if _, err := writer.Write(soon(t), contract.WriteRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := skeptic.Review(soon(t), contract.ReviewRequest{}); err == nil {
		t.Error("the skeptic of the writer's provider did not wait")
	}
	if s1.calls != 0 {
		t.Errorf("a call that could not start reached the skeptic (%d calls)", s1.calls)
	}

	// Another lead of the same process: its gemini writer waits too, its
	// openai skeptic does not.
	w2, s2 := &agent{}, &agent{}
	writer2, skeptic2 := limits.Wrap("gemini", w2, "openai", s2)
	if _, err := writer2.Write(soon(t), contract.WriteRequest{}); err == nil {
		t.Error("a second lead's writer did not share the provider's limit")
	}
	if _, err := skeptic2.Review(soon(t), contract.ReviewRequest{}); err != nil {
		t.Errorf("another provider's skeptic waited: %v", err)
	}
	if w1.calls != 1 || w2.calls != 0 || s2.calls != 1 {
		t.Errorf("calls: writer %d, second writer %d, openai skeptic %d; want 1, 0, 1", w1.calls, w2.calls, s2.calls)
	}
}

// The tokens a call reports (prompt, output and thinking) are spent on its
// provider's budget.
func TestWrapSpendsEachCallsTokens(t *testing.T) {
	limits := limit.NewLimits(0, 600)
	w := &agent{usage: contract.Usage{PromptTokens: 400, OutputTokens: 150, ThinkingTokens: 50}}
	writer, skeptic := limits.Wrap("gemini", w, "gemini", &agent{})
	if _, err := writer.Write(soon(t), contract.WriteRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := skeptic.Review(soon(t), contract.ReviewRequest{}); err == nil {
		t.Error("a call after the budget was spent did not wait")
	}
}
