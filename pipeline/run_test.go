package pipeline_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/pipeline"
)

// ledger has three real-looking sources; S3 is retracted.
func ledger() contract.Ledger {
	l := contract.Ledger{Entries: []contract.Entry{
		{ID: "S1", DOI: "10.1002/hpja.70052", Title: "Bowel cancer screening in Tasmania", Abstract: "Bowel cancer screening rates are lower in rural areas. Co-design improved awareness."},
		{ID: "S2", DOI: "10.1097/cm9.0000000000003667", Title: "Breast cancer in older women", Abstract: "The burden of breast cancer for older adults has been rising."},
		{ID: "S3", DOI: "10.3928/02793695-20260701-01", Title: "Retracted editorial", Abstract: "Nurses improved outcomes.", Retracted: true},
	}}
	for i := range l.Entries {
		l.Entries[i].Seal()
	}
	return l
}

type staticCollector struct {
	ledger contract.Ledger
	err    error
}

func (c staticCollector) Collect(context.Context, contract.Lead) (contract.Ledger, error) {
	return c.ledger, c.err
}

// oracleOf confirms every ledger DOI, or fails with err.
type oracleOf struct {
	err   error
	calls int
}

func (o *oracleOf) Name() string { return "fake" }
func (o *oracleOf) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	o.calls++
	if o.err != nil {
		return oracles.UnknownAll("fake", dois, o.err)
	}
	out := map[string]oracles.Result{}
	for _, d := range dois {
		if e, ok := ledger().ByDOI(d); ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: "fake", Record: &oracles.Record{DOI: e.DOI, Title: e.Title, Retracted: e.Retracted}}
		} else {
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: "fake"}
		}
	}
	return out
}

// scriptedWriter returns drafts[i] on pass i+1 (repeating the last), and
// records every request.
type scriptedWriter struct {
	drafts   []contract.Draft
	err      error
	requests []contract.WriteRequest
}

func (w *scriptedWriter) Write(_ context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	w.requests = append(w.requests, req)
	if w.err != nil {
		return contract.WriteResult{}, w.err
	}
	d := w.drafts[min(len(w.requests), len(w.drafts))-1]
	return contract.WriteResult{Draft: d, Usage: contract.Usage{Calls: 1, PromptTokens: 100, OutputTokens: 10}}, nil
}

type scriptedSkeptic struct {
	objections []contract.Objection
	err        error
	calls      int
}

func (s *scriptedSkeptic) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	s.calls++
	if s.err != nil {
		return contract.ReviewResult{}, s.err
	}
	return contract.ReviewResult{Objections: contract.Objections{Objections: s.objections}}, nil
}

func draft(doi, quote string) contract.Draft {
	return contract.Draft{Title: "Brief", Sections: []contract.Section{{Heading: "Findings", Claims: []contract.Claim{
		{ID: "c1", Text: "Breast cancer burden in older adults is rising.", Citations: []contract.Citation{{DOI: "10.1097/cm9.0000000000003667", Quote: "burden of breast cancer for older adults has been rising"}}},
		{ID: "c2", Text: "Rural screening is lower.", Citations: []contract.Citation{{DOI: doi, Quote: quote}}},
	}}}}
}

var (
	good        = draft("10.1002/hpja.70052", "screening rates are lower in rural areas")
	fabricated  = draft("10.1038/fake.2024.001", "screening rates are lower in rural areas")
	fabricated2 = draft("10.1038/fake.2024.002", "screening rates are lower in rural areas")
	fabricated3 = draft("10.1038/fake.2024.003", "screening rates are lower in rural areas")
	badQuote    = draft("10.1002/hpja.70052", "screening rates doubled everywhere")
	retracted   = draft("10.3928/02793695-20260701-01", "Nurses improved outcomes")
	injection   = draft(`10.1/x" OR "cancer`, "screening rates are lower in rural areas")
	refusal     = contract.Draft{Title: "", Sections: []contract.Section{}, Refused: true, Missing: "randomised trials on screening uptake"}
)

func TestRunEndReasons(t *testing.T) {
	unavailable := &oracles.BadResponseError{Oracle: "fake", StatusCode: 503, Reason: "maintenance"}
	tests := []struct {
		name        string
		drafts      []contract.Draft
		writerErr   error
		skeptic     *scriptedSkeptic
		collector   staticCollector
		oracleErr   error
		minSources  int
		want        contract.EndReason
		wantWrites  int
		wantSkeptic int
	}{
		{name: "verified first pass", drafts: []contract.Draft{good}, want: contract.Verified, wantWrites: 1, wantSkeptic: 1},
		{name: "repaired second draft passes", drafts: []contract.Draft{fabricated, good}, want: contract.Verified, wantWrites: 2, wantSkeptic: 2},
		{name: "fabricated doi every pass hits the cap", drafts: []contract.Draft{fabricated, fabricated2, fabricated3}, want: contract.IterationCap, wantWrites: 3, wantSkeptic: 3},
		{name: "same fabricated doi twice is no progress", drafts: []contract.Draft{fabricated}, want: contract.NoProgress, wantWrites: 2, wantSkeptic: 2},
		{name: "quote not in source never verifies", drafts: []contract.Draft{badQuote}, want: contract.NoProgress, wantWrites: 2, wantSkeptic: 2},
		{name: "retracted source never verifies", drafts: []contract.Draft{retracted}, want: contract.NoProgress, wantWrites: 2, wantSkeptic: 2},
		{name: "doi with query syntax never verifies", drafts: []contract.Draft{injection}, want: contract.NoProgress, wantWrites: 2, wantSkeptic: 2},
		{name: "skeptic that always objects cannot be outlasted", drafts: []contract.Draft{good}, skeptic: &scriptedSkeptic{objections: []contract.Objection{{ClaimID: "c1", Kind: contract.KindOverclaim, Detail: "no"}}}, want: contract.NoProgress, wantWrites: 2, wantSkeptic: 2},
		{name: "skeptic that says done cannot pass a fabricated draft", drafts: []contract.Draft{fabricated, fabricated2, fabricated3}, skeptic: &scriptedSkeptic{objections: []contract.Objection{}}, want: contract.IterationCap, wantWrites: 3, wantSkeptic: 3},
		{name: "oracle unavailable stops at once", drafts: []contract.Draft{good}, oracleErr: unavailable, want: contract.OracleUnavailable, wantWrites: 1, wantSkeptic: 1},
		{name: "collection unavailable stops before any model call", drafts: []contract.Draft{good}, collector: staticCollector{err: unavailable}, want: contract.OracleUnavailable},
		{name: "writer abstains", drafts: []contract.Draft{refusal}, want: contract.Refused, wantWrites: 1},
		{name: "too few sources abstains before any model call", drafts: []contract.Draft{good}, minSources: 5, want: contract.Refused},
		{name: "writer error is a model error", writerErr: errors.New("503 three times"), want: contract.ModelError, wantWrites: 1},
		{name: "skeptic error is a model error", drafts: []contract.Draft{good}, skeptic: &scriptedSkeptic{err: errors.New("garbage")}, want: contract.ModelError, wantWrites: 1, wantSkeptic: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &scriptedWriter{drafts: tt.drafts, err: tt.writerErr}
			s := tt.skeptic
			if s == nil {
				s = &scriptedSkeptic{}
			}
			c := tt.collector
			if c.ledger.Entries == nil && c.err == nil {
				c.ledger = ledger()
			}
			r := pipeline.Runner{Collector: c, Writer: w, Skeptic: s, Gate: gates.New(&oracleOf{err: tt.oracleErr}), MaxIterations: 3, MinSources: tt.minSources}
			res, err := r.Run(context.Background(), contract.Lead{Topic: "cancer screening"})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if res.Reason != tt.want {
				t.Errorf("end reason = %s (%s), want %s", res.Reason, res.Detail, tt.want)
			}
			if len(w.requests) != tt.wantWrites || s.calls != tt.wantSkeptic {
				t.Errorf("writer calls = %d, skeptic calls = %d; want %d, %d", len(w.requests), s.calls, tt.wantWrites, tt.wantSkeptic)
			}
			if res.Detail == "" {
				t.Error("run ended without a detail")
			}
			if (res.Reason == contract.Verified) == res.Proof.IsZero() {
				t.Errorf("proof zero = %v with end reason %s", res.Proof.IsZero(), res.Reason)
			}
		})
	}
}

func TestRepairPassGetsDiagnosticsAndObjections(t *testing.T) {
	w := &scriptedWriter{drafts: []contract.Draft{fabricated, good}}
	obj := contract.Objection{ClaimID: "c1", Kind: contract.KindOverclaim, Detail: "too strong"}
	s := &onceSkeptic{first: []contract.Objection{obj}}
	r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: w, Skeptic: s, Gate: gates.New(&oracleOf{}), MaxIterations: 3}
	res, err := r.Run(context.Background(), contract.Lead{Topic: "t"})
	if err != nil || res.Reason != contract.Verified {
		t.Fatalf("Run = %s, %v; want verified", res.Reason, err)
	}
	first, second := w.requests[0], w.requests[1]
	if first.Repair() || len(first.Diagnostics) != 0 {
		t.Errorf("first pass is a repair pass or has diagnostics: %+v", first.Diagnostics)
	}
	if !second.Repair() || second.Previous.Digest() != fabricated.Digest() {
		t.Fatal("second pass did not get the previous draft")
	}
	want := contract.Diagnostic{ClaimID: "c2", DOI: "10.1038/fake.2024.001", Reason: contract.ReasonNotInSources, Detail: "DOI is not one of the collected sources"}
	if len(second.Diagnostics) != 1 || second.Diagnostics[0] != want {
		t.Errorf("diagnostics = %+v, want exactly %+v", second.Diagnostics, want)
	}
	if len(second.Objections) != 1 || second.Objections[0] != obj {
		t.Errorf("objections = %+v, want %+v", second.Objections, obj)
	}
	if got := len(res.Metrics.Iterations); got != 2 {
		t.Errorf("metrics iterations = %d, want 2", got)
	}
	if res.Metrics.Writer.PromptTokens != 200 {
		t.Errorf("writer prompt tokens = %d, want 200 over two calls", res.Metrics.Writer.PromptTokens)
	}
}

type onceSkeptic struct {
	first []contract.Objection
	calls int
}

func (s *onceSkeptic) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	s.calls++
	if s.calls == 1 {
		return contract.ReviewResult{Objections: contract.Objections{Objections: s.first}}, nil
	}
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{}}}, nil
}

func TestCancelledContextIsAnErrorNotAnOutcome(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := &scriptedWriter{err: context.Canceled}
	r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: w, Skeptic: &scriptedSkeptic{}, Gate: gates.New(&oracleOf{}), MaxIterations: 3}
	if _, err := r.Run(ctx, contract.Lead{Topic: "t"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with cancelled context: err = %v, want context.Canceled", err)
	}
}

// rewordingSkeptic objects to the same claim every pass in new words.
type rewordingSkeptic struct{ calls int }

func (s *rewordingSkeptic) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	s.calls++
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{
		{ClaimID: "c1", Kind: contract.KindOverclaim, Detail: strings.Repeat("really ", s.calls) + "too strong"},
	}}}, nil
}

func TestRewordedObjectionIsNoProgress(t *testing.T) {
	w := &scriptedWriter{drafts: []contract.Draft{good}}
	r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: w, Skeptic: &rewordingSkeptic{}, Gate: gates.New(&oracleOf{}), MaxIterations: 5}
	res, err := r.Run(context.Background(), contract.Lead{Topic: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != contract.NoProgress || len(w.requests) != 2 {
		t.Errorf("end reason %s after %d passes, want no_progress after 2", res.Reason, len(w.requests))
	}
}

// kindSkeptic raises a different kind of objection to the same claim each
// pass: the writer is making progress on each, so the loop must go on.
type kindSkeptic struct{ calls int }

func (s *kindSkeptic) Review(context.Context, contract.ReviewRequest) (contract.ReviewResult, error) {
	s.calls++
	kinds := []contract.ObjectionKind{contract.KindOverclaim, contract.KindUnsupported, contract.KindExtrapolation}
	return contract.ReviewResult{Objections: contract.Objections{Objections: []contract.Objection{
		{ClaimID: "c1", Kind: kinds[(s.calls-1)%len(kinds)], Detail: "d"},
	}}}, nil
}

func TestNewObjectionKindIsProgress(t *testing.T) {
	w := &scriptedWriter{drafts: []contract.Draft{good}}
	r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: w, Skeptic: &kindSkeptic{}, Gate: gates.New(&oracleOf{}), MaxIterations: 3}
	res, err := r.Run(context.Background(), contract.Lead{Topic: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != contract.IterationCap || len(w.requests) != 3 {
		t.Errorf("end reason %s after %d passes, want iteration_cap after 3", res.Reason, len(w.requests))
	}
}

// callError stands for a model backend's typed error.
type callError struct{ status int }

func (e *callError) Error() string { return fmt.Sprintf("status %d", e.status) }

// A model error ends the run with the error the call returned, as a value:
// errors.As finds the backend's type through the result, whichever agent
// failed.
func TestModelErrorKeepsTheCallsError(t *testing.T) {
	typed := fmt.Errorf("writer: %w", &callError{503})
	for _, tt := range []struct {
		name    string
		writer  *scriptedWriter
		skeptic *scriptedSkeptic
	}{
		{name: "writer", writer: &scriptedWriter{err: typed}, skeptic: &scriptedSkeptic{}},
		{name: "skeptic", writer: &scriptedWriter{drafts: []contract.Draft{good}}, skeptic: &scriptedSkeptic{err: typed}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: tt.writer, Skeptic: tt.skeptic, Gate: gates.New(&oracleOf{}), MaxIterations: 3}
			res, err := r.Run(context.Background(), contract.Lead{Topic: "t"})
			if err != nil || res.Reason != contract.ModelError {
				t.Fatalf("Run = %s, %v; want model_error", res.Reason, err)
			}
			var ce *callError
			if !errors.As(res.ModelErr, &ce) || ce.status != 503 {
				t.Errorf("ModelErr = %v, want the call's *callError", res.ModelErr)
			}
		})
	}
	res, err := (&pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: &scriptedWriter{drafts: []contract.Draft{good}}, Skeptic: &scriptedSkeptic{}, Gate: gates.New(&oracleOf{}), MaxIterations: 3}).Run(context.Background(), contract.Lead{Topic: "t"})
	if err != nil || res.ModelErr != nil {
		t.Errorf("a verified run has ModelErr %v (err %v)", res.ModelErr, err)
	}
}

// RunLedger runs the loop over the ledger it is given, collecting nothing.
func TestRunLedgerCollectsNothing(t *testing.T) {
	r := pipeline.Runner{Collector: staticCollector{err: errors.New("must not be called")}, Writer: &scriptedWriter{drafts: []contract.Draft{good}},
		Skeptic: &scriptedSkeptic{}, Gate: gates.New(&oracleOf{}), MaxIterations: 3}
	res, err := r.RunLedger(context.Background(), contract.Lead{Topic: "t"}, ledger())
	if err != nil || res.Reason != contract.Verified || res.Metrics.Sources != 3 || res.Ledger.Digest() != ledger().Digest() {
		t.Errorf("RunLedger = %s (%s), %v, %d sources; want verified over the given ledger", res.Reason, res.Detail, err, res.Metrics.Sources)
	}
}

// The iteration cap has no default here: configs holds it, and a runner
// without one is a bug of its caller, not a run.
func TestRunWithoutACapIsAnError(t *testing.T) {
	w := &scriptedWriter{drafts: []contract.Draft{good}}
	r := pipeline.Runner{Collector: staticCollector{ledger: ledger()}, Writer: w, Skeptic: &scriptedSkeptic{}, Gate: gates.New(&oracleOf{})}
	if _, err := r.Run(context.Background(), contract.Lead{Topic: "t"}); err == nil || len(w.requests) != 0 {
		t.Errorf("Run without MaxIterations: err %v after %d writer calls; want an error before any", err, len(w.requests))
	}
}
