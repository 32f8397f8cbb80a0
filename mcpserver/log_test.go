package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
)

// The logs carry tool names, counts, ids and reasons: never the text a
// client sent, a quote, or a brief's words.
func TestLogsCarryNoText(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	log := zap.New(core)
	eng, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends(), Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcpserver.New(mcpserver.Options{Engine: eng, Offline: off, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, srv)
	e := ledger(t, cs).Entries[0]
	words := strings.Fields(e.Abstract)
	quote := strings.Join(words[1:9], " ")
	secret := "confidential-manuscript-phrase"
	call(t, cs, "check_citations", map[string]any{"text": secret + " doi:" + e.DOI}, nil)
	call(t, cs, "verify_quote", mcpserver.QuoteInput{DOI: e.DOI, Quote: quote}, nil)
	var brief mcpserver.BriefOutput
	if res := call(t, cs, "write_brief", map[string]any{"topic": "cancer screening", "any_topic_word": true}, &brief); res.IsError {
		t.Fatal(errorText(t, res))
	}
	var briefMD string
	for _, f := range brief.Files {
		if f.Name == "brief.md" {
			briefMD = f.Content
		}
	}
	if briefMD == "" {
		t.Fatal("no brief.md")
	}
	var all strings.Builder
	for _, entry := range logs.All() {
		fmt.Fprintf(&all, "%s %v\n", entry.Message, entry.ContextMap())
	}
	text := all.String()
	if logs.FilterMessage("mcp tool").Len() < 4 {
		t.Errorf("want a log line per tool call, got:\n%s", text)
	}
	for _, leak := range []string{secret, quote, e.Title} {
		if strings.Contains(text, leak) {
			t.Errorf("the logs contain %q", leak)
		}
	}
	// Every line of the brief long enough to be prose stays out of the logs.
	for _, line := range strings.Split(briefMD, "\n") {
		if len(line) > 40 && strings.Contains(text, line) {
			t.Errorf("the logs contain the brief's line %q", line)
		}
	}
}
