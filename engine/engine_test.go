package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	agentsall "github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/oracles/oracletest"
	"github.com/citeloop/citeloop/pipeline"
)

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }

// mapRegistry registers a map-backed oracle under "europepmc" and counts
// how often its factory runs.
func mapRegistry(t *testing.T, records []oracles.Record) (*oracles.Registry, *atomic.Int64, *atomic.Int64) {
	t.Helper()
	var builds, lookups atomic.Int64
	r := oracles.NewRegistry()
	err := r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) {
		builds.Add(1)
		return oracletest.NewFake("europepmc", records, &lookups), nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	return r, &builds, &lookups
}

func offlineBriefer(t testing.TB, formats ...brief.Format) *engine.Briefer {
	t.Helper()
	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends(), Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off, Formats: formats})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// One engine, one Briefer, one oracle: used from many goroutines at once
// (run with -race), every lead gets the answer it gets alone.
func TestEngineIsSafeForConcurrentUse(t *testing.T) {
	reg, builds, _ := mapRegistry(t, []oracles.Record{{DOI: "10.1234/a", Title: "A"}})
	e, err := engine.New(configs.Default(), engine.Deps{Registry: reg, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	b := offlineBriefer(t, brief.Markdown)
	topics := []string{"cancer screening", "prostate cancer", "vaccination", "no such topic xyzzy"}
	alone := map[string]ran{}
	for _, topic := range topics {
		alone[topic] = runLead(context.Background(), b, contract.Lead{Topic: topic, AnyTopicWord: true})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			topic := topics[i%len(topics)]
			got := runLead(context.Background(), b, contract.Lead{Topic: topic, AnyTopicWord: true})
			if d := cmp.Diff(alone[topic].files, got.files); d != "" || got.res.Reason != alone[topic].res.Reason {
				errs <- topic + ": concurrent outcome differs: " + d
			}
			o, err := e.Oracle()
			if err != nil {
				errs <- err.Error()
				return
			}
			if r := o.Lookup(context.Background(), []string{"10.1234/a"})["10.1234/a"]; r.Status != oracles.Found {
				errs <- "oracle: 10.1234/a not found"
			}
			rep, err := checkDocs(e, engine.CheckOptions{}, check.Document{Name: "d", Text: "doi:10.1234/a and doi:10.1234/b"})
			if err != nil || rep.Status() != check.NotVerified {
				errs <- fmt.Sprintf("check: status %d, %v; want not verified", rep.Status(), err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if alone["cancer screening"].res.Reason != contract.Verified {
		t.Errorf("cancer screening ended %s, want verified", alone["cancer screening"].res.Reason)
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("oracle built %d times, want once per engine", n)
	}
}

func TestRunLeadOutcomes(t *testing.T) {
	b := offlineBriefer(t, brief.Markdown, brief.JSON)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name      string
		ctx       context.Context
		lead      contract.Lead
		wantEnd   contract.EndReason
		wantFiles []string
		wantErr   error
	}{
		{name: "verified", ctx: context.Background(), lead: contract.Lead{Topic: "cancer screening", AnyTopicWord: true},
			wantEnd: contract.Verified, wantFiles: []string{brief.LedgerFile, brief.DraftFile, "brief.md", "brief.json"}},
		{name: "refused renders the report only", ctx: context.Background(), lead: contract.Lead{Topic: "xyzzy plugh"},
			wantEnd: contract.Refused, wantFiles: []string{brief.ReportFile}},
		{name: "cancelled is errored", ctx: cancelled, lead: contract.Lead{Topic: "cancer screening", AnyTopicWord: true},
			wantEnd: contract.Errored, wantErr: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := runLead(tt.ctx, b, tt.lead)
			if o.res.Reason != tt.wantEnd {
				t.Fatalf("end reason = %s (%s), want %s", o.res.Reason, o.res.Detail, tt.wantEnd)
			}
			var names []string
			for _, f := range o.files {
				names = append(names, f.Name)
				if len(f.Data) == 0 {
					t.Errorf("%s is empty", f.Name)
				}
			}
			if d := cmp.Diff(tt.wantFiles, names); d != "" {
				t.Errorf("files (-want +got):\n%s", d)
			}
			if !errors.Is(o.err, tt.wantErr) || (tt.wantErr == nil) != (o.err == nil) {
				t.Errorf("err = %v, want %v", o.err, tt.wantErr)
			}
			if tt.wantEnd == contract.Verified && len(o.res.Metrics.Iterations) == 0 {
				t.Error("a verified outcome has no iterations in its metrics")
			}
		})
	}
}

func TestRunLeadWithProgressReportsEveryPass(t *testing.T) {
	b := offlineBriefer(t)
	var passes []int
	res, _, err := b.RunLeadWithProgress(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true}, func(it contract.Iteration) { passes = append(passes, it.N) })
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, it := range res.Metrics.Iterations {
		want = append(want, it.N)
	}
	if len(want) == 0 || !cmp.Equal(want, passes) {
		t.Errorf("progress saw passes %v, metrics have %v", passes, want)
	}
}

func TestPublish(t *testing.T) {
	b := offlineBriefer(t, brief.Markdown)
	verified := runLead(context.Background(), b, contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	refused := runLead(context.Background(), b, contract.Lead{Topic: "xyzzy plugh"})
	tampered := verified
	tampered.res.Draft.Title += " (edited)"
	errored := ran{res: pipeline.Result{Outcome: contract.Outcome{Reason: contract.Errored, Detail: "boom"}}, err: errors.New("boom")}

	tests := []struct {
		name        string
		o           ran
		report      bool
		wantErr     bool
		wantFiles   []string // in the folder afterwards, sorted
		wantRemoved []string
	}{
		{name: "verified writes ledger and brief", o: verified, wantFiles: []string{"brief.md", "draft.json", "ledger.json"}},
		{name: "tampered is refused and writes nothing new", o: tampered, wantErr: true, wantFiles: []string{"brief.md", "draft.json", "ledger.json"}},
		{name: "refused removes the earlier brief", o: refused, wantFiles: nil, wantRemoved: []string{"ledger.json", "draft.json", "brief.md"}},
		{name: "refused with report", o: refused, report: true, wantFiles: []string{brief.ReportFile}, wantRemoved: []string{"ledger.json", "draft.json", "brief.md"}},
		{name: "errored leaves the folder alone", o: errored, wantFiles: []string{"brief.md", "draft.json", "ledger.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := brief.Publish(dir, verified.res, verified.files, false); err != nil {
				t.Fatal(err)
			}
			p, err := brief.Publish(dir, tt.o.res, tt.o.files, tt.report)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Publish error = %v, want error %v", err, tt.wantErr)
			}
			if d := cmp.Diff(tt.wantRemoved, p.Removed); d != "" {
				t.Errorf("removed (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.wantFiles, listDir(t, dir)); d != "" {
				t.Errorf("folder (-want +got):\n%s", d)
			}
		})
	}
}

func TestLedgerUnchanged(t *testing.T) {
	b := offlineBriefer(t, brief.Markdown)
	lead := contract.Lead{Topic: "cancer screening", AnyTopicWord: true}
	dir := t.TempDir()
	if o := runLead(context.Background(), b, lead); o.err != nil {
		t.Fatal(o.err)
	} else if _, err := brief.Publish(dir, o.res, o.files, false); err != nil {
		t.Fatal(err)
	}
	ledger, err := b.Collect(context.Background(), lead)
	if err != nil {
		t.Fatal(err)
	}
	changed := ledger
	changed.Entries = append([]contract.Entry(nil), ledger.Entries...)
	changed.Entries[0].Abstract += " A sentence added since."
	changed.Entries[0].Seal()
	tests := []struct {
		name   string
		dir    string
		ledger contract.Ledger
		want   bool
	}{
		{name: "same sources", dir: dir, ledger: ledger, want: true},
		{name: "an abstract changed", dir: dir, ledger: changed, want: false},
		{name: "a source dropped", dir: dir, ledger: contract.Ledger{Entries: ledger.Entries[1:]}, want: false},
		{name: "no brief yet", dir: t.TempDir(), ledger: ledger, want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := brief.LedgerUnchanged(tt.dir, b.Formats(), tt.ledger)
			if err != nil || got != tt.want {
				t.Errorf("LedgerUnchanged = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// ran is what Briefer.RunLead returned.
type ran struct {
	res   pipeline.Result
	files []brief.File
	err   error
}

func runLead(ctx context.Context, b *engine.Briefer, lead contract.Lead) ran {
	res, files, err := b.RunLead(ctx, lead)
	return ran{res, files, err}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestNewChecksOracleNamesAgainstTheRegistry(t *testing.T) {
	reg, _, _ := mapRegistry(t, nil)
	tests := []struct {
		name    string
		use     []string
		wantErr string
	}{
		{name: "registered", use: []string{"europepmc"}},
		{name: "not registered", use: []string{"europepmc", "pubmed"}, wantErr: `oracles.use: unknown oracle "pubmed" (known: europepmc)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := configs.Default()
			cfg.Oracles.Use = tt.use
			_, err := engine.New(cfg, engine.Deps{Registry: reg})
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatal(err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, configs.ErrInvalid)):
				t.Fatalf("error = %v, want one wrapping configs.ErrInvalid containing %q", err, tt.wantErr)
			}
		})
	}
}

// The engine has no registry of its own: a host that passes none is told
// so, instead of getting citeloop's oracles behind its back.
func TestNewWantsARegistry(t *testing.T) {
	_, err := engine.New(configs.Default(), engine.Deps{})
	if err == nil || !strings.Contains(err.Error(), "Deps.Registry") {
		t.Errorf("New without a registry: got %v, want an error naming Deps.Registry", err)
	}
}

// Each agent's provider must be registered: engine.New checks the names
// against Deps.Providers, as it checks oracles.use against the registry,
// and the error names the key. Without providers a host runs only the
// offline agents or its own, and a model agent is refused when asked for.
func TestNewChecksTheModelProviders(t *testing.T) {
	tests := []struct {
		name string
		give func(*configs.Agents)
		want string
	}{
		{"unknown writer provider", func(a *configs.Agents) { a.Writer.Provider = "claude" }, `agents.writer.provider: must be "gemini" or "openai", got "claude"`},
		{"empty skeptic provider", func(a *configs.Agents) { a.Skeptic.Provider = "" }, `agents.skeptic.provider: must be "gemini" or "openai", got ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := configs.Default()
			tt.give(&cfg.Agents)
			_, err := engine.New(cfg, engine.Deps{Registry: all.Backends(), Providers: agentsall.Providers()})
			if !errors.Is(err, configs.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want a configuration error saying %q", err, tt.want)
			}
		})
	}
	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends()})
	if err != nil {
		t.Fatalf("no providers, offline use: %v", err)
	}
	_, err = e.NewBriefer(engine.BriefOptions{SourcesFile: "../testdata/europepmc/pyEuropePMC__search_cancer_core.json"})
	if !errors.Is(err, configs.ErrInvalid) || !strings.Contains(err.Error(), `agents.writer.provider: "gemini": no model provider is registered`) {
		t.Errorf("a model agent without providers: got %v", err)
	}
}
