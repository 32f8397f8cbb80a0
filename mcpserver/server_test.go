package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/pipeline"
)

// newServer builds an offline server; agents, when set, replace the
// offline writer and skeptic.
func newServer(t *testing.T, o mcpserver.Options, agents engine.AgentFactory) *mcp.Server {
	t.Helper()
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	o.Engine, o.Offline = newEngineWith(t, agents), off
	srv, err := mcpserver.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func newEngine(t *testing.T) *engine.Engine { return newEngineWith(t, nil) }

func newEngineWith(t *testing.T, agents engine.AgentFactory) *engine.Engine {
	t.Helper()
	eng, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends(), Agents: agents, Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// progressLog records the progress notifications a client receives.
type progressLog struct {
	mu   sync.Mutex
	got  []*mcp.ProgressNotificationParams
	seen chan struct{}
}

func (p *progressLog) handler(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
	p.mu.Lock()
	p.got = append(p.got, r.Params)
	p.mu.Unlock()
	select {
	case p.seen <- struct{}{}:
	default:
	}
}

func (p *progressLog) all() []*mcp.ProgressNotificationParams {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*mcp.ProgressNotificationParams(nil), p.got...)
}

// connect connects the SDK's client to srv in process.
func connect(t *testing.T, srv *mcp.Server) (*mcp.ClientSession, *progressLog) {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	log := &progressLog{seen: make(chan struct{}, 1)}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: log.handler})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, log
}

// call calls a tool and decodes its structured output into out (when the
// call succeeded).
func call(t *testing.T, cs *mcp.ClientSession, name string, args any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !res.IsError && out != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: structured content: %v", name, err)
		}
	}
	return res
}

// errorText is the first text of a tool error; it fails the test when the
// call succeeded.
func errorText(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want a tool error, got success: %+v", res.StructuredContent)
	}
	return res.Content[0].(*mcp.TextContent).Text
}

func TestListTools(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 100 {
			t.Errorf("%s: description too short for an agent to act on: %q", tool.Name, tool.Description)
		}
		if tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: want typed input and output schemas", tool.Name)
		}
	}
	if diff := cmp.Diff([]string{"check_citations", "collect_sources", "verify_brief", "verify_quote", "write_brief"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
}

// ledger collects the offline corpus's sources for a topic.
func ledger(t *testing.T, cs *mcp.ClientSession) contract.Ledger {
	t.Helper()
	var out mcpserver.CollectOutput
	res := call(t, cs, "collect_sources", map[string]any{"topic": "cancer screening", "any_topic_word": true, "max_sources": 3}, &out)
	if res.IsError {
		t.Fatalf("collect_sources: %s", errorText(t, res))
	}
	if out.Sources != 3 || len(out.Ledger.Entries) != 3 {
		t.Fatalf("collect_sources: want 3 sources, got %d (%d entries)", out.Sources, len(out.Ledger.Entries))
	}
	for _, e := range out.Ledger.Entries {
		if e.DOI == "" || e.Abstract == "" {
			t.Fatalf("collect_sources: entry without DOI or abstract: %+v", e)
		}
	}
	return out.Ledger
}

func TestCheckCitations(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	real := ledger(t, cs).Entries[0]
	text := fmt.Sprintf("# Draft\n\nScreening works [1].\n\n[1] https://doi.org/%s\n[2] doi:10.9999/fabricated.2024.001\n", strings.ToUpper(real.DOI))
	var got mcpserver.CheckOutput
	res := call(t, cs, "check_citations", map[string]any{"text": text, "format": "markdown"}, &got)
	if res.IsError {
		t.Fatal(errorText(t, res))
	}
	want := mcpserver.CheckOutput{
		// Offline, a DOI outside the embedded corpus is unknown, never
		// not_found: the corpus is not the world.
		Status:  "unknown",
		Problem: "1 of 2 references unknown: not in the offline corpus",
		Summary: map[string]int{"found": 1, "not_found": 0, "invalid": 0, "retracted": 0, "mismatch": 0, "no_doi": 0, "not_checked": 0, "unknown": 1},
		DOIs: []mcpserver.CheckedDOI{
			{DOI: real.DOI, Verdict: "found", Title: real.Title, Year: real.Year, Oracle: "snapshot", Lines: []int{5}},
			{DOI: "10.9999/fabricated.2024.001", Verdict: "unknown", Oracle: "snapshot", Error: "not in the offline corpus", Cause: "not_in_offline_corpus", Lines: []int{6}},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("check_citations (-want +got):\n%s", diff)
	}
	if real.Year == 0 {
		t.Errorf("the corpus record has no year; the year column is untested")
	}
}

// TestCheckCitationsMismatch: a BibTeX entry whose DOI names another paper
// comes back as mismatch with the entry's title, year and first author
// beside the record's, so an agent can see what is wrong.
func TestCheckCitationsMismatch(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	real := ledger(t, cs).Entries[0]
	bib := fmt.Sprintf("@article{wrong,\n  title = {Deep learning for protein folding},\n  author = {Zzyzx, Ada},\n  year = {1950},\n  doi = {%s}\n}\n", real.DOI)
	var got mcpserver.CheckOutput
	res := call(t, cs, "check_citations", map[string]any{"text": bib, "format": "bibtex"}, &got)
	if res.IsError || len(got.DOIs) != 1 {
		t.Fatalf("%+v %+v", res.Content, got)
	}
	row := got.DOIs[0]
	wantEntry := &mcpserver.CheckedEntry{Label: "wrong", Title: "Deep learning for protein folding", Year: 1950, Author: "Zzyzx, Ada"}
	if diff := cmp.Diff(wantEntry, row.Entry); diff != "" {
		t.Errorf("entry (-want +got):\n%s", diff)
	}
	if got.Status != "not_verified" || row.Verdict != "mismatch" || row.Title != real.Title || row.Year != real.Year ||
		!strings.Contains(row.Error, "year: 1950") || !strings.Contains(row.Error, "title: ") {
		t.Errorf("status %q, row %+v", got.Status, row)
	}
}

func TestCheckCitationsRefusesBadInput(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{MaxInput: 64}, nil))
	tests := []struct {
		name string
		give map[string]any
		want string
	}{
		{"over the cap", map[string]any{"text": strings.Repeat("doi:10.1000/x ", 5)}, "input_too_large: text is 70 bytes; this server accepts at most 64 (--max-input)"},
		{"nothing", map[string]any{}, "bad_input: give the text to check, or a path under the server's root"},
		{"both", map[string]any{"text": "x", "path": "a.md"}, "bad_input: give text or path, not both"},
		{"unknown format", map[string]any{"text": "x", "format": "docx"}, `bad_input: format "docx" is not one of markdown, text, bibtex, ris, csl-json, cff`},
		{"path without root", map[string]any{"path": "a.md"}, `path_refused: path refused: "a.md": this server was started without --root, so it reads no files; pass the content instead`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := call(t, cs, "check_citations", tt.give, nil)
			if diff := cmp.Diff(tt.want, errorText(t, res)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestVerifyQuote(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	e := ledger(t, cs).Entries[0]
	words := strings.Fields(e.Abstract)
	exact := strings.Join(words[2:10], " ")
	src := contract.SourceText(e.Title, e.Abstract)
	at := strings.Index(src, exact)
	if at < 0 {
		t.Fatalf("test setup: %q not in the source text", exact)
	}
	tests := []struct {
		name string
		give mcpserver.QuoteInput
		want mcpserver.QuoteOutput
	}{
		{
			name: "quote in the abstract, case folded",
			give: mcpserver.QuoteInput{DOI: "https://doi.org/" + strings.ToUpper(e.DOI), Quote: strings.ToUpper(exact)},
			want: mcpserver.QuoteOutput{DOI: e.DOI, Verified: true, Field: "abstract", Matched: exact},
		},
		{
			name: "whole title",
			give: mcpserver.QuoteInput{DOI: e.DOI, Quote: e.Title},
			want: mcpserver.QuoteOutput{DOI: e.DOI, Verified: true, Field: "title", Matched: e.Title},
		},
		{
			name: "fabricated quote",
			give: mcpserver.QuoteInput{DOI: e.DOI, Quote: "screening reduced mortality by ninety percent in every trial"},
			want: mcpserver.QuoteOutput{DOI: e.DOI, Reason: "quote_not_found"},
		},
		{
			name: "too short",
			give: mcpserver.QuoteInput{DOI: e.DOI, Quote: words[3]},
			want: mcpserver.QuoteOutput{DOI: e.DOI, Reason: "quote_too_short"},
		},
		{
			// Offline, a DOI outside the corpus is unknown, never
			// not_found: the corpus is not the world.
			name: "a DOI outside the corpus",
			give: mcpserver.QuoteInput{DOI: "10.9999/fabricated.2024.001", Quote: exact},
			want: mcpserver.QuoteOutput{DOI: "10.9999/fabricated.2024.001", Reason: "unknown", Cause: "not_in_offline_corpus",
				Detail: "10.9999/fabricated.2024.001 is unknown: not in the embedded corpus of 34 records; the paper may well exist, and this server cannot check it offline"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got mcpserver.QuoteOutput
			if res := call(t, cs, "verify_quote", tt.give, &got); res.IsError {
				t.Fatal(errorText(t, res))
			}
			if got.Verified && got.Span == nil {
				t.Fatal("verified without a span")
			}
			if got.Span != nil {
				if gotText := got.Source[got.Span.Start:got.Span.End]; gotText != got.Matched {
					t.Errorf("span %v of source is %q, matched says %q", *got.Span, gotText, got.Matched)
				}
			}
			if tt.want.Reason != "unknown" {
				// The ledger's abstract may be cut at a sentence end;
				// the oracle's record is whole.
				if !strings.HasPrefix(got.Source, src) {
					t.Errorf("source %q does not start with the ledger's text %q", got.Source, src)
				}
				tt.want.Title, tt.want.Year, tt.want.Source = e.Title, e.Year, got.Source
			}
			ignore := []cmp.Option{cmpIgnore("Span"), cmpIgnore("Detail")}
			if tt.want.Detail != "" {
				ignore = ignore[:1]
			}
			if diff := cmp.Diff(tt.want, got, ignore...); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	var got mcpserver.QuoteOutput
	call(t, cs, "verify_quote", mcpserver.QuoteInput{DOI: e.DOI, Quote: strings.ToUpper(exact)}, &got)
	if got.Span == nil || got.Span.Start != at || got.Span.End != at+len(exact) {
		t.Errorf("span: want [%d, %d), got %+v", at, at+len(exact), got.Span)
	}
}

func cmpIgnore(field string) cmp.Option {
	return cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == "."+field }, cmp.Ignore())
}

func TestVerifyQuoteRefusesBadInput(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{MaxInput: 100}, nil))
	tests := []struct {
		name string
		give mcpserver.QuoteInput
		want string
	}{
		{"not a DOI", mcpserver.QuoteInput{DOI: "nature12373", Quote: "some words of a quote here"}, `bad_input: doi "nature12373": `},
		{"quote over the cap", mcpserver.QuoteInput{DOI: "10.1000/x", Quote: strings.Repeat("a", 101)}, "input_too_large: quote is 101 bytes; this server accepts at most 100 (--max-input)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errorText(t, call(t, cs, "verify_quote", tt.give, nil))
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("want prefix %q, got %q", tt.want, got)
			}
		})
	}
}

func TestCollectSourcesRefusesBadLead(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{MaxInput: 50}, nil))
	tests := []struct {
		name string
		give map[string]any
		want string
	}{
		{"empty lead", map[string]any{}, "bad_input: "},
		{"bad ORCID", map[string]any{"orcid": "0000-0002-1825-0098"}, "bad_input: "},
		{"over the cap", map[string]any{"topic": strings.Repeat("x", 51)}, "input_too_large: lead is 51 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, tool := range []string{"collect_sources", "write_brief"} {
				got := errorText(t, call(t, cs, tool, tt.give, nil))
				if !strings.HasPrefix(got, tt.want) {
					t.Errorf("%s: want prefix %q, got %q", tool, tt.want, got)
				}
			}
		})
	}
}

// writeBrief calls write_brief with a progress token.
func writeBrief(ctx context.Context, cs *mcp.ClientSession, args map[string]any) (*mcp.CallToolResult, error) {
	p := &mcp.CallToolParams{Name: "write_brief", Arguments: args}
	p.SetProgressToken("brief-1")
	return cs.CallTool(ctx, p)
}

func TestWriteBriefVerifiedWithProgress(t *testing.T) {
	cs, log := connect(t, newServer(t, mcpserver.Options{}, nil))
	res, err := writeBrief(context.Background(), cs, map[string]any{"topic": "cancer screening", "any_topic_word": true})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatal(errorText(t, res))
	}
	var out mcpserver.BriefOutput
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range out.Files {
		names = append(names, f.Name)
		if f.Content == "" {
			t.Errorf("%s is empty", f.Name)
		}
	}
	if diff := cmp.Diff([]string{"ledger.json", "draft.json", "brief.md", "brief.json"}, names); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if out.Reason != "verified" || out.Passes < 1 {
		t.Errorf("want verified after at least one pass, got %q after %d", out.Reason, out.Passes)
	}
	waitProgress(t, log, out.Passes)
	for i, p := range log.all() {
		if p.ProgressToken != "brief-1" || p.Progress != float64(i+1) || p.Total != 3 || !strings.HasPrefix(p.Message, fmt.Sprintf("pass %d of at most 3: ", i+1)) {
			t.Errorf("notification %d: %+v", i, p)
		}
	}
}

// waitProgress waits for n notifications: they travel apart from the
// result and may arrive just after it.
func waitProgress(t *testing.T, log *progressLog, n int) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for len(log.all()) < n {
		select {
		case <-log.seen:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("want %d progress notifications, got %d", n, len(log.all()))
		}
	}
	if got := len(log.all()); got != n {
		t.Fatalf("want %d progress notifications (one per pass), got %d", n, got)
	}
}

// fabricator cites a quote its source never says, different on every pass,
// so the gate refuses every pass and the run ends at the cap.
type fabricator struct{}

func (fabricator) Write(_ context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	e := req.Ledger.Entries[0]
	claim := contract.Claim{ID: "C1", Text: "Screening halves mortality.", Citations: []contract.Citation{{DOI: e.DOI, Quote: fmt.Sprintf("screening halved mortality in trial number %s without exception", strings.Repeat("very ", req.Iteration))}}}
	return contract.WriteResult{Draft: contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{claim}}}}}, nil
}

type noObjection struct{}

func (noObjection) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
}

func TestWriteBriefFailureIsToolErrorNeverBrief(t *testing.T) {
	agents := func(engine.AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return fabricator{}, noObjection{}, nil
	}
	cs, log := connect(t, newServer(t, mcpserver.Options{MaxIterations: 2}, agents))
	res, err := writeBrief(context.Background(), cs, map[string]any{"topic": "cancer screening", "any_topic_word": true})
	if err != nil {
		t.Fatal(err)
	}
	if got := errorText(t, res); !strings.HasPrefix(got, "iteration_cap: ") || !strings.HasSuffix(got, "; no brief") {
		t.Errorf("want the end reason first, got %q", got)
	}
	if diff := cmp.Diff(map[string]any{"reason": "iteration_cap", "detail": strings.TrimSuffix(strings.TrimPrefix(errorText(t, res), "iteration_cap: "), "; no brief"), "passes": 2.0}, res.StructuredContent); diff != "" {
		t.Errorf("a failed brief's structured content must name the reason and hold no files (-want +got):\n%s", diff)
	}
	if len(res.Content) != 2 || !strings.Contains(res.Content[1].(*mcp.TextContent).Text, `"NOT_A_BRIEF"`) {
		t.Errorf("want the failure report (NOT_A_BRIEF) as diagnostics, got %d contents", len(res.Content))
	}
	if strings.Contains(res.Content[1].(*mcp.TextContent).Text, "# T\n") {
		t.Error("the diagnostics hold a rendered brief")
	}
	waitProgress(t, log, 2)
}

// blockingWriter blocks until its call is cancelled and reports it.
type blockingWriter struct {
	started   chan struct{}
	cancelled chan error
}

func (w blockingWriter) Write(ctx context.Context, _ contract.WriteRequest) (contract.WriteResult, error) {
	close(w.started)
	<-ctx.Done()
	w.cancelled <- ctx.Err()
	return contract.WriteResult{}, ctx.Err()
}

func TestWriteBriefCancel(t *testing.T) {
	w := blockingWriter{started: make(chan struct{}), cancelled: make(chan error, 1)}
	agents := func(engine.AgentEnv) (pipeline.Writer, pipeline.Skeptic, error) { return w, noObjection{}, nil }
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, agents))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := writeBrief(ctx, cs, map[string]any{"topic": "cancer screening", "any_topic_word": true})
		done <- err
	}()
	select {
	case <-w.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the writer was never called")
	}
	cancel()
	if err := <-done; err == nil {
		t.Error("a cancelled call returned no error to the client")
	}
	select {
	case err := <-w.cancelled:
		if err != context.Canceled {
			t.Errorf("writer's context ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not cancel the writer")
	}
}

// TestCollectSourcesTopicWords: a topic's words must all match unless
// any_topic_word widens it, as --any does on the command line.
func TestCollectSourcesTopicWords(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	for _, tt := range []struct {
		any      bool
		wantJoin string
	}{{any: false, wantJoin: " AND "}, {any: true, wantJoin: " OR "}} {
		var out mcpserver.CollectOutput
		res := call(t, cs, "collect_sources", map[string]any{"topic": "breast cancer", "any_topic_word": tt.any}, &out)
		if res.IsError {
			t.Fatalf("any_topic_word=%v: %s", tt.any, errorText(t, res))
		}
		if !strings.Contains(out.Ledger.Query, tt.wantJoin) {
			t.Errorf("any_topic_word=%v: query %q does not join the words with %q", tt.any, out.Ledger.Query, tt.wantJoin)
		}
	}
}
