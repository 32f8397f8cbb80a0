package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	agentsall "github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

var update = flag.Bool("update", false, "rewrite golden files")

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) }

// testApp returns an app with captured output and no environment.
func testApp(env map[string]string) (*app, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	return &app{
		stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		lookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }, registry: shippedOracles, providers: agentsall.Providers(), now: fixedNow,
	}, &stdout, &stderr
}

func TestBriefOfflineWritesAVerifiedBrief(t *testing.T) {
	a, stdout, stderr := testApp(nil)
	out := t.TempDir()
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "cancer screening", "--any", "--out", out, "--format", "md,json,html"})
	if code := exitCode(err); code != exitOK {
		t.Fatalf("exit %d (%v)\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
	}

	var brief struct {
		References []struct{ DOI string }
		Sections   []struct {
			Claims []struct {
				Text      string
				Citations []struct{ DOI, Quote string }
			}
		}
		LedgerFile string `json:"ledger_file"`
	}
	readJSON(t, filepath.Join(out, "brief.json"), &brief)
	var ledger contract.Ledger
	readJSON(t, filepath.Join(out, brief.LedgerFile), &ledger)
	corpus, err := snapshot.Default()
	if err != nil {
		t.Fatal(err)
	}
	inCorpus := snapshot.NewOracle(corpus)
	if len(brief.References) == 0 {
		t.Fatal("brief has no references")
	}
	for _, r := range brief.References {
		if res := inCorpus.Lookup(context.Background(), []string{r.DOI})[r.DOI]; res.Status != oracles.Found {
			t.Errorf("reference %s is not in the corpus", r.DOI)
		}
	}
	for _, s := range brief.Sections {
		for _, c := range s.Claims {
			for _, cite := range c.Citations {
				e, ok := ledger.ByDOI(cite.DOI)
				if !ok || !gates.ContainsQuote(e.Abstract, cite.Quote) {
					t.Errorf("quote %q is not in the abstract of %s", cite.Quote, cite.DOI)
				}
			}
		}
	}
	claims := 0
	for _, s := range brief.Sections {
		for _, c := range s.Claims {
			claims++
			if strings.Contains(stderr.String(), c.Text) {
				t.Errorf("logs contain the text of a claim: %q", c.Text)
			}
		}
	}
	if claims == 0 {
		t.Fatal("brief has no claims")
	}
}

func TestBriefOfflineGolden(t *testing.T) {
	a, _, _ := testApp(nil)
	out := t.TempDir()
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", out, "--format", "md,html"}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"brief.md", "brief.html"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("..", "..", "testdata", "golden", "offline-breast-cancer."+strings.TrimPrefix(filepath.Ext(name), "."))
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test ./cmd/citeloop -run Golden -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s; if the change is intended, run go test ./cmd/citeloop -run Golden -update\n--- got ---\n%s", name, golden, got)
		}
	}
}

// scripted agents for CLI exit-code tests.
type fixedWriter struct {
	draft contract.Draft
	calls *int
}

func (w fixedWriter) Write(context.Context, contract.WriteRequest) (contract.WriteResult, error) {
	*w.calls++
	return contract.WriteResult{Draft: w.draft}, nil
}

type noObjections struct{}

func (noObjections) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
}

// unavailableOracle never answers.
type unavailableOracle struct{}

func (unavailableOracle) Name() string { return "europepmc" }
func (unavailableOracle) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	return oracles.UnknownAll("europepmc", dois, &oracles.BadResponseError{Oracle: "europepmc", StatusCode: 503, Reason: "Service Temporarily Unavailable"})
}

func TestBriefFailuresExitWithTheirCodeAndWriteNoBrief(t *testing.T) {
	fabricated := func(n int) contract.Draft {
		return contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
			{ID: "c1", Text: "x", Citations: []contract.Citation{{DOI: "10.1038/fake." + strings.Repeat("9", n), Quote: "screening"}}},
		}}}}
	}
	realDraft := contract.Draft{Title: "T", Sections: []contract.Section{{Heading: "H", Claims: []contract.Claim{
		{ID: "c1", Text: "x", Citations: []contract.Citation{{DOI: "10.1002/hpja.70052", Quote: "bowel cancer screening rates are lower in rural/remote Australia"}}},
	}}}}
	sources := filepath.Join("..", "..", "testdata", "europepmc", "pyEuropePMC__search_cancer_core.json")
	tests := []struct {
		name       string
		args       []string
		draft      func(call int) contract.Draft
		unavail    bool
		wantCode   int
		wantWrites int
	}{
		{name: "iteration cap", args: []string{"--offline", "--max-iterations", "2"}, draft: fabricated, wantCode: exitNotVerified, wantWrites: 2},
		{name: "no progress", args: []string{"--offline"}, draft: func(int) contract.Draft { return fabricated(1) }, wantCode: exitNotVerified, wantWrites: 2},
		{name: "refused", args: []string{"--offline"}, draft: func(int) contract.Draft {
			return contract.Draft{Sections: []contract.Section{}, Refused: true, Missing: "trials"}
		}, wantCode: exitRefused, wantWrites: 1},
		{name: "oracle unavailable stops the writer", args: []string{"--sources", sources}, draft: func(int) contract.Draft { return realDraft }, unavail: true, wantCode: exitOracleUnavailable, wantWrites: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, stdout, _ := testApp(nil)
			calls := 0
			a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
				return &callWriter{draft: tt.draft, calls: &calls}, noObjections{}, nil
			}
			if tt.unavail {
				a.registry = func() (*oracles.Registry, error) {
					r := oracles.NewRegistry()
					return r, r.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return unavailableOracle{}, nil }))
				}
			}
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"brief", "--topic", "cancer screening", "--any", "--out", out}, tt.args...)
			err := runApp(context.Background(), a, args)
			if got := exitCode(err); got != tt.wantCode {
				t.Errorf("exit code = %d (%v), want %d", got, err, tt.wantCode)
			}
			if calls != tt.wantWrites {
				t.Errorf("writer calls = %d, want %d", calls, tt.wantWrites)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("failed run created %s", out)
			}
			if !strings.Contains(stdout.String(), "no brief written") {
				t.Errorf("stdout does not say no brief was written: %q", stdout)
			}
		})
	}
}

type callWriter struct {
	draft func(call int) contract.Draft
	calls *int
}

func (w *callWriter) Write(context.Context, contract.WriteRequest) (contract.WriteResult, error) {
	*w.calls++
	return contract.WriteResult{Draft: w.draft(*w.calls)}, nil
}

func TestBriefReportIsNotABrief(t *testing.T) {
	a, _, _ := testApp(nil)
	calls := 0
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return fixedWriter{draft: contract.Draft{Sections: []contract.Section{}, Refused: true, Missing: "trials"}, calls: &calls}, noObjections{}, nil
	}
	out := t.TempDir()
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "cancer screening", "--any", "--out", out, "--report"})
	if exitCode(err) != exitRefused {
		t.Fatalf("exit = %d, want %d", exitCode(err), exitRefused)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 || entries[0].Name() != brief.ReportFile {
		t.Fatalf("files = %v, want only %s", entries, brief.ReportFile)
	}
	var report map[string]any
	readJSON(t, filepath.Join(out, brief.ReportFile), &report)
	if report["NOT_A_BRIEF"] == nil || report["end_reason"] != "refused" {
		t.Errorf("report lacks NOT_A_BRIEF or end_reason: %v", report)
	}
}

func TestBriefUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{name: "no out", args: []string{"brief", "--offline", "--topic", "x"}, want: "--out"},
		{name: "bad format", args: []string{"brief", "--offline", "--topic", "x", "--out", "o", "--format", "pdf"}, want: "--format"},
		{name: "bad flag", args: []string{"brief", "--nope"}, want: "unknown flag"},
		{name: "zero iterations", args: []string{"brief", "--offline", "--topic", "x", "--out", "o", "--max-iterations", "0"}, want: "--max-iterations"},
		{name: "missing config", args: []string{"--config", "/nonexistent/citeloop.yaml", "brief", "--offline", "--topic", "x", "--out", "o"}, want: "/nonexistent/citeloop.yaml"},
		{name: "bad log format", args: []string{"--log-format", "xml", "brief", "--offline", "--topic", "x", "--out", "o"}, want: "--log-format"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := testApp(nil)
			err := runApp(context.Background(), a, tt.args)
			if exitCode(err) != exitUsage {
				t.Errorf("exit = %d (%v), want %d", exitCode(err), err, exitUsage)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v does not name %q", err, tt.want)
			}
		})
	}
}

func TestExitCodeForEveryEndReason(t *testing.T) {
	want := map[contract.EndReason]int{
		contract.Verified: 0, contract.IterationCap: 3, contract.NoProgress: 3,
		contract.OracleUnavailable: 4, contract.Refused: 5, contract.ModelError: 6,
	}
	for r, code := range want {
		if got := endReasonCode(r); got != code {
			t.Errorf("endReasonCode(%s) = %d, want %d", r, got, code)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestFailedRerunRemovesTheEarlierBrief(t *testing.T) {
	out := t.TempDir()
	a, _, _ := testApp(nil)
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "--out", out, "--format", "md,html"}); err != nil {
		t.Fatal(err)
	}
	a, stdout, _ := testApp(nil)
	calls := 0
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return fixedWriter{draft: contract.Draft{Sections: []contract.Section{}, Refused: true, Missing: "trials"}, calls: &calls}, noObjections{}, nil
	}
	err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "cancer screening", "--any", "--out", out})
	if exitCode(err) != exitRefused {
		t.Fatalf("exit = %d, want %d", exitCode(err), exitRefused)
	}
	for _, name := range brief.Artifacts() {
		if _, err := os.Stat(filepath.Join(out, name)); err == nil {
			t.Errorf("%s from the earlier verified run survived a failed rerun", name)
		}
	}
	if !strings.Contains(stdout.String(), "removed") {
		t.Errorf("stdout does not say stale files were removed: %s", stdout)
	}
}

func TestInterruptedRunExits130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	a, _, _ := testApp(nil)
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return cancellingWriter{cancel: cancel}, noObjections{}, nil
	}
	out := filepath.Join(t.TempDir(), "out")
	err := runApp(ctx, a, []string{"brief", "--offline", "--topic", "cancer screening", "--any", "--out", out})
	if got := exitCode(err); got != exitInterrupted {
		t.Errorf("exit = %d (%v), want %d", got, err, exitInterrupted)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("interrupted run created its output directory")
	}
}

// cancellingWriter is interrupted mid-call, like a SIGINT during a model call.
type cancellingWriter struct{ cancel context.CancelFunc }

func (w cancellingWriter) Write(ctx context.Context, _ contract.WriteRequest) (contract.WriteResult, error) {
	w.cancel()
	<-ctx.Done()
	return contract.WriteResult{}, ctx.Err()
}
