package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/agents/offline"
	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

const batchLeads = `
- id: screening
  topic: breast cancer
- id: prostate
  topic: prostate cancer
- id: zebrafish
  topic: zebrafish fin regeneration
`

func writeLeads(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "leads.yaml")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// readSummary reads out's summary.json: the run's counts and its lines.
func readSummary(t *testing.T, out string) (batch.Summary, []batch.LeadSummary) {
	t.Helper()
	sum, lines, err := batch.ReadSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	return sum, lines
}

func batchSummary(t *testing.T, out string) map[string]string {
	t.Helper()
	_, lines := readSummary(t, out)
	got := map[string]string{}
	for _, l := range lines {
		if _, dup := got[l.ID]; dup {
			t.Errorf("lead %s has two outcomes", l.ID)
		}
		got[l.ID] = string(l.EndReason)
	}
	return got
}

func TestBatchExitCodes(t *testing.T) {
	file := t.TempDir()
	aFile := filepath.Join(file, "not-a-dir")
	if err := os.WriteFile(aFile, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	verifiedOnly := writeLeads(t, "- id: screening\n  topic: breast cancer\n")
	mixed := writeLeads(t, batchLeads)
	badRow := writeLeads(t, batchLeads+"- id: bad\n  orcid: 0000-0002-1825-0098\n")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		// wantErr is in the one-line error; wantLeads, when set, is the summary.
		wantErr   string
		wantLeads map[string]string
	}{
		{name: "every lead ended", args: []string{mixed}, wantCode: exitOK,
			wantLeads: map[string]string{"screening": "verified", "prostate": "verified", "zebrafish": "refused"}},
		{name: "fail on unverified", args: []string{mixed, "--fail-on", "unverified"}, wantCode: exitNotVerified,
			wantLeads: map[string]string{"screening": "verified", "prostate": "verified", "zebrafish": "refused"}},
		{name: "all verified", args: []string{verifiedOnly, "--fail-on", "unverified"}, wantCode: exitOK,
			wantLeads: map[string]string{"screening": "verified"}},
		{name: "invalid row after the others ran", args: []string{badRow}, wantCode: exitUsage, wantErr: "1 invalid row",
			wantLeads: map[string]string{"screening": "verified", "prostate": "verified", "zebrafish": "refused"}},
		{name: "unreadable leads file", args: []string{filepath.Join(file, "missing.yaml")}, wantCode: exitUsage, wantErr: "missing.yaml"},
		{name: "out is a file", args: []string{mixed, "--out", aFile}, wantCode: exitUsage, wantErr: "not-a-dir is a file"},
		{name: "database unreachable", args: []string{mixed, "--database-url", "postgres://u:s3cret@127.0.0.1:1/q?connect_timeout=2"}, wantCode: exitUsage, wantErr: "127.0.0.1:1/q"},
		{name: "enqueue only needs a shared database", args: []string{mixed, "--enqueue-only"}, wantCode: exitUsage, wantErr: "--database-url"},
		{name: "unknown fail-on", args: []string{mixed, "--fail-on", "sometimes"}, wantCode: exitUsage, wantErr: "sometimes"},
		{name: "bad run name", args: []string{mixed, "--run", "a b"}, wantCode: exitUsage, wantErr: "--run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			a, stdout, stderr := testApp(nil)
			args := append([]string{"batch", "--offline", "--out", out, "--log-level", "warn"}, tt.args...)
			err := runApp(context.Background(), a, args)
			if got := exitCode(err); got != tt.wantCode {
				t.Fatalf("exit = %d (%v), want %d\nstdout: %s\nstderr: %s", got, err, tt.wantCode, stdout, stderr)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "\n")) {
				t.Errorf("error %q: want one line naming %q", err, tt.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), "s3cret") {
				t.Errorf("the error shows the database password: %v", err)
			}
			if tt.wantLeads != nil {
				if diff := cmp.Diff(tt.wantLeads, batchSummary(t, out)); diff != "" {
					t.Errorf("outcomes (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// The second night over the same sources calls no model; --force does.
func TestBatchUnchangedAndForce(t *testing.T) {
	leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n")
	out := t.TempDir()
	var calls atomic.Int32
	night := func(extra ...string) error {
		a, _, _ := testApp(nil)
		a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
			return countingWriter{offline.ExtractiveWriter{}, &calls}, offline.RuleSkeptic{}, nil
		}
		return runApp(context.Background(), a, append([]string{"batch", "--offline", leads, "--out", out, "--fail-on", "unverified"}, extra...))
	}
	if err := night(); err != nil {
		t.Fatal(err)
	}
	brief, err := os.ReadFile(filepath.Join(out, "screening", "brief.md"))
	if err != nil {
		t.Fatal(err)
	}
	first := calls.Load()
	if err := night(); err != nil {
		t.Fatalf("an unchanged lead must count as verified: %v", err)
	}
	if got := batchSummary(t, out)["screening"]; got != string(contract.Unchanged) || calls.Load() != first {
		t.Errorf("second night: %s with %d writer calls, want unchanged with none", got, calls.Load()-first)
	}
	again, err := os.ReadFile(filepath.Join(out, "screening", "brief.md"))
	if err != nil || string(again) != string(brief) {
		t.Errorf("the standing brief changed or vanished: %v", err)
	}
	if err := night("--force"); err != nil {
		t.Fatal(err)
	}
	if got := batchSummary(t, out)["screening"]; got != string(contract.Verified) || calls.Load() == first {
		t.Errorf("--force: %s with %d new writer calls, want verified with some", got, calls.Load()-first)
	}
}

type countingWriter struct {
	pipeline.Writer
	n *atomic.Int32
}

func (w countingWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	w.n.Add(1)
	return w.Writer.Write(ctx, req)
}

// failingWriter fails its first calls with err, then writes extractively.
type failingWriter struct {
	err   error
	fails int32
	n     *atomic.Int32
}

func (w failingWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	if w.n.Add(1) <= w.fails {
		return contract.WriteResult{}, w.err
	}
	return offline.ExtractiveWriter{}.Write(ctx, req)
}

// A model transport failure is retried and the lead verifies; an answer
// that breaks the contract ends the lead at once.
func TestBatchRetrySplit(t *testing.T) {
	tests := []struct {
		name         string
		err          error
		wantReason   contract.EndReason
		wantAttempts int
	}{
		{"503 is retried", &agents.CallError{Agent: "writer", Kind: agents.KindAPIError, Status: 503}, "verified", 2},
		{"invalid JSON is final", &agents.CallError{Agent: "writer", Kind: agents.KindInvalidJSON}, "model_error", 1},
		{"401 is final", &agents.CallError{Agent: "writer", Kind: agents.KindAPIError, Status: 401}, "model_error", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leads := writeLeads(t, "- id: screening\n  topic: breast cancer\n")
			out := t.TempDir()
			a, _, _ := testApp(nil)
			var n atomic.Int32
			a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
				return failingWriter{err: tt.err, fails: 1, n: &n}, offline.RuleSkeptic{}, nil
			}
			_ = runApp(context.Background(), a, []string{"batch", "--offline", leads, "--out", out, "--max-attempts", "3"})
			_, lines := readSummary(t, out)
			if len(lines) != 1 || lines[0].EndReason != tt.wantReason || lines[0].Attempts != tt.wantAttempts {
				t.Errorf("outcome %+v, want %s after %d attempt(s)", lines, tt.wantReason, tt.wantAttempts)
			}
		})
	}
}

// SIGINT mid-batch: the running lead is released, the exit code is 130,
// and the same command again finishes the run with one outcome per lead.
func TestBatchInterruptedExits130AndResumes(t *testing.T) {
	leads := writeLeads(t, batchLeads)
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	a, stdout, _ := testApp(nil)
	a.newAgents = func(buildEnv) (pipeline.Writer, pipeline.Skeptic, error) {
		return cancellingWriter{cancel: cancel}, noObjections{}, nil
	}
	args := []string{"batch", "--offline", leads, "--out", out, "--stop-grace", "100ms", "--concurrency", "1"}
	err := runApp(ctx, a, args)
	if got := exitCode(err); got != exitInterrupted {
		t.Fatalf("exit = %d (%v), want %d", got, err, exitInterrupted)
	}
	if !strings.Contains(stdout.String(), "left in the queue") {
		t.Errorf("stdout does not say leads are left: %s", stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "screening", "brief.md")); err == nil {
		t.Error("the interrupted lead has a brief")
	}
	a, _, _ = testApp(nil)
	if err := runApp(context.Background(), a, args[:len(args)-4]); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"screening": "verified", "prostate": "verified", "zebrafish": "refused"}
	if diff := cmp.Diff(want, batchSummary(t, out)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// brief --leads becomes runBriefLeads: batch --fail-on unverified with
// brief's exit codes.
func TestRunBriefLeadsKeepsBriefExitCodes(t *testing.T) {
	tests := []struct {
		name  string
		leads string
		want  int
	}{
		{"all verified", "- id: screening\n  topic: breast cancer\n", exitOK},
		{"first failure gives the code", batchLeads, exitRefused},
		{"an invalid row wins", batchLeads + "- id: bad\n  orcid: 0000-0002-1825-0098\n", exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := testApp(nil)
			a.logFormat, a.logLevel = "console", "warn"
			if err := a.setup(newRootCmd(a)); err != nil {
				t.Fatal(err)
			}
			o := &briefOptions{briefFlags: briefFlags{offline: true, formats: "md", maxIterations: 3}, out: t.TempDir()}
			o.collect.leads = writeLeads(t, tt.leads)
			if got := exitCode(runBriefLeads(context.Background(), a, o)); got != tt.want {
				t.Errorf("exit = %d, want %d", got, tt.want)
			}
		})
	}
}
