package agents_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/gemini"
	"github.com/citeloop/citeloop/contract"
)

// TestSecretsNeverLeak runs every failure path with an API key in the
// environment and in the config, and checks it appears in no log line and
// no error string. Logs carry no prompt or source text either.
func TestSecretsNeverLeak(t *testing.T) {
	t.Setenv("GEMINI_API_KEY", testKey)
	t.Setenv("OPENAI_API_KEY", testKey)
	l := loadLedger(t)
	var logs bytes.Buffer
	log := zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), zapcore.AddSync(&logs), zapcore.DebugLevel))

	var errs []error
	for _, give := range []replyFunc{
		geminiError(403, "PERMISSION_DENIED", ""), geminiError(429, "RESOURCE_EXHAUSTED", "1s"), geminiBlocked("OTHER"),
		geminiText("not json", "STOP"), geminiText(draftJSON(t, l), "STOP"),
	} {
		srv := newFake(t, give)
		_, err := agents.NewWriter(newGemini(t, srv.URL, "m"), agents.WithLogger(log), agents.WithRetryPolicy(fastRetry())).
			Write(context.Background(), contract.WriteRequest{Ledger: l})
		errs = append(errs, err)
	}
	for _, give := range []replyFunc{openaiError(401, ""), openaiText("{", "stop")} {
		srv := newFake(t, give)
		_, err := agents.NewSkeptic(newOpenAI(t, srv.URL, "m"), agents.WithLogger(log), agents.WithRetryPolicy(fastRetry())).
			Review(context.Background(), reviewRequest(t))
		errs = append(errs, err)
	}
	// The SDK prints its whole ClientConfig, key included, on a bad setup.
	_, err := gemini.New(context.Background(), gemini.Config{Model: "m", APIKey: testKey, Project: "p"})
	if err == nil {
		t.Fatal("New with a project on the Gemini API: want an error")
	}
	errs = append(errs, err)

	for _, err := range errs {
		if err != nil && strings.Contains(err.Error(), testKey) {
			t.Errorf("error leaks the API key: %v", err)
		}
	}
	out := logs.String()
	if !strings.Contains(out, `"attempt"`) {
		t.Fatalf("no call was logged: %q", out)
	}
	for _, secret := range []string{testKey, l.Entries[0].Title, "verbatim quote"} {
		if strings.Contains(out, secret) {
			t.Errorf("logs contain %q", secret)
		}
	}
}
