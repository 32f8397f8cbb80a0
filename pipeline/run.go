package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/oracles"
)

// Runner wires the stages of one run. All fields but MinSources, Logger,
// Now and Progress are required; RunLedger needs no Collector.
type Runner struct {
	Collector Collector
	Writer    Writer
	Skeptic   Skeptic
	Gate      *gates.Gate
	// MaxIterations caps writer→skeptic→gate passes; it must be at least 1
	// (the front ends take it from configs, which has its default).
	MaxIterations int
	// MinSources is the fewest citable sources a brief may be written from
	// (default 1). Below it the run ends Refused before any model call.
	MinSources int
	Logger     *zap.Logger
	Now        func() time.Time
	// Progress, when set, is called after each pass the gate checked, so a
	// front end can report progress while the run goes on.
	Progress func(contract.Iteration)
}

// Result is a run's outcome with what the run produced: the ledger, the
// last draft, the gate's verdict and, only when Reason is Verified, the
// gate's proof.
type Result struct {
	contract.Outcome
	Lead    contract.Lead
	Ledger  contract.Ledger
	Draft   contract.Draft
	Verdict gates.Verdict
	Proof   gates.Proof
	// ModelErr, when Reason is ModelError, is the error the model call
	// returned, as it returned it: errors.As finds the backend's typed
	// error (an agents.CallError), so a caller can tell a transport failure
	// worth retrying from a final one without reading Detail.
	ModelErr error
}

// Run collects lead's ledger and runs the loop over it (RunLedger). It
// returns an error only for conditions that are not a run outcome: a
// cancelled context, a broken collector input. Every other ending, good or
// bad, is a Result with its EndReason; a collector that fails with an error
// wrapping oracles.ErrUnavailable ends it OracleUnavailable.
func (r *Runner) Run(ctx context.Context, lead contract.Lead) (Result, error) {
	x, err := r.begin(ctx, lead)
	if err != nil {
		return x.res, err
	}
	ledger, err := r.Collector.Collect(ctx, lead)
	if err != nil {
		if ctx.Err() != nil {
			return x.res, ctx.Err()
		}
		if errors.Is(err, oracles.ErrUnavailable) {
			return x.end(contract.OracleUnavailable, "collecting sources: "+err.Error())
		}
		return x.res, fmt.Errorf("collect sources for %s: %w", lead.Describe(), err)
	}
	return r.loop(ctx, x, ledger)
}

// RunLedger is Run over a ledger collected earlier, so a caller that looks
// at the ledger first (is it unchanged since the last brief?) does not
// collect it twice.
func (r *Runner) RunLedger(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (Result, error) {
	x, err := r.begin(ctx, lead)
	if err != nil {
		return x.res, err
	}
	return r.loop(ctx, x, ledger)
}

// run is one run under way: its result so far, its logger and clock.
type run struct {
	res Result
	log *zap.Logger
	now func() time.Time
}

// begin starts a run of lead at the runner's clock.
func (r *Runner) begin(ctx context.Context, lead contract.Lead) (*run, error) {
	// A batch lead's logger, with its fields, when ctx carries one.
	x := &run{res: Result{Lead: lead}, log: logging.FromContext(ctx, r.Logger), now: r.Now}
	if x.now == nil {
		x.now = time.Now
	}
	if r.MaxIterations < 1 {
		return x, fmt.Errorf("pipeline: MaxIterations must be at least 1, got %d", r.MaxIterations)
	}
	x.res.Metrics.Reasons = map[contract.Reason]int{}
	x.res.Metrics.StartedAt = x.now().UTC()
	return x, nil
}

// end ends the run for reason.
func (x *run) end(reason contract.EndReason, detail string) (Result, error) {
	x.res.Reason, x.res.Detail = reason, detail
	x.res.Metrics.Duration = x.now().Sub(x.res.Metrics.StartedAt)
	x.log.Info("run ended", zap.String("end_reason", string(reason)),
		zap.Int("iterations", len(x.res.Metrics.Iterations)), zap.Int("sources", x.res.Metrics.Sources))
	return x.res, nil
}

// loop runs writer → skeptic → gate over ledger until the run ends.
func (r *Runner) loop(ctx context.Context, x *run, ledger contract.Ledger) (Result, error) {
	res, log, now, end := &x.res, x.log, x.now, x.end
	lead, maxIter, minSources := res.Lead, r.MaxIterations, max(r.MinSources, 1)
	res.Ledger = ledger
	res.Metrics.Sources = len(ledger.Entries)
	log.Info("sources collected", zap.Int("citable", len(ledger.Entries)), zap.Any("excluded", ledger.Excluded))
	if len(ledger.Entries) < minSources {
		noun := "citable sources"
		if len(ledger.Entries) == 1 {
			noun = "citable source"
		}
		if ledger.Unknown != "" {
			// Unknown sources, not the lead, left too few: say so.
			return end(contract.Refused, fmt.Sprintf("%s; %d %s for %s; need %d%s", ledger.Unknown, len(ledger.Entries), noun, lead.Describe(), minSources, excludedCounts(ledger.Excluded)))
		}
		return end(contract.Refused, fmt.Sprintf("%d %s for %s; need %d%s%s", len(ledger.Entries), noun, lead.Describe(), minSources, excludedCounts(ledger.Excluded), narrowTopicHint(lead)))
	}

	req := contract.WriteRequest{Lead: lead, Ledger: ledger}
	var lastFailures string
	for i := 1; i <= maxIter; i++ {
		it := contract.Iteration{N: i}
		req.Iteration = i
		wr, err := r.Writer.Write(ctx, req)
		it.Writer = wr.Usage
		res.Metrics.Writer.Add(wr.Usage)
		if err != nil {
			res.Metrics.Iterations = append(res.Metrics.Iterations, it)
			if ctx.Err() != nil {
				return *res, ctx.Err()
			}
			res.ModelErr = err
			return end(contract.ModelError, fmt.Sprintf("writer, pass %d: %v", i, err))
		}
		draft := wr.Draft
		res.Draft = draft
		if draft.Refused {
			res.Metrics.Iterations = append(res.Metrics.Iterations, it)
			return end(contract.Refused, "writer abstained: "+draft.Missing)
		}

		rr, err := r.Skeptic.Review(ctx, contract.ReviewRequest{Lead: lead, Ledger: ledger, Iteration: i, Draft: draft})
		it.Skeptic = rr.Usage
		res.Metrics.Skeptic.Add(rr.Usage)
		if err != nil {
			res.Metrics.Iterations = append(res.Metrics.Iterations, it)
			if ctx.Err() != nil {
				return *res, ctx.Err()
			}
			res.ModelErr = err
			return end(contract.ModelError, fmt.Sprintf("skeptic, pass %d: %v", i, err))
		}
		objections := rr.Objections.Objections

		start := now()
		verdict, proof := r.Gate.Check(ctx, draft, ledger, objections)
		it.GateTime = now().Sub(start)
		it.Claims, it.Citations, it.Objections = verdict.Claims, verdict.Citations, len(objections)
		it.Failures, it.Reasons = len(verdict.Failures), verdict.Reasons()
		for reason, n := range it.Reasons {
			res.Metrics.Reasons[reason] += n
		}
		res.Metrics.Iterations = append(res.Metrics.Iterations, it)
		res.Verdict = verdict
		if r.Progress != nil {
			r.Progress(it)
		}
		log.Info("pass checked", zap.Int("iteration", i), zap.Int("claims", it.Claims),
			zap.Int("citations", it.Citations), zap.Int("objections", it.Objections),
			zap.Int("failures", it.Failures), zap.Any("reasons", it.Reasons))

		switch {
		case verdict.OracleUnavailable:
			if ctx.Err() != nil {
				return *res, ctx.Err()
			}
			return end(contract.OracleUnavailable, fmt.Sprintf("the oracle could not confirm %d citation(s) on pass %d; not the writer's fault, stopping", it.Reasons[contract.ReasonOracleUnavailable], i))
		case verdict.Verified:
			res.Proof = proof
			return end(contract.Verified, fmt.Sprintf("all %d citations of %d claims verified on pass %d", verdict.Citations, verdict.Claims, i))
		}

		sig := failureSignature(verdict.Failures)
		if sig == lastFailures {
			return end(contract.NoProgress, fmt.Sprintf("pass %d repeated the %d failures of pass %d", i, len(verdict.Failures), i-1))
		}
		lastFailures = sig
		prev := draft
		req.Previous = &prev
		req.Diagnostics = withoutObjections(verdict.Failures)
		req.Objections = objections
	}
	return end(contract.IterationCap, fmt.Sprintf("%d failures remain after %d passes: %s", len(res.Verdict.Failures), maxIter, summarize(res.Verdict.Reasons())))
}

// failureSignature identifies a set of failures independent of order, so
// that the same failures twice in a row are recognised as no progress. The
// free-text detail is left out: a model skeptic rewording the same objection
// to the same claim is not progress; a new kind of objection is.
func failureSignature(fs []contract.Diagnostic) string {
	keys := make([]string, 0, len(fs))
	for _, f := range fs {
		keys = append(keys, strings.Join([]string{f.ClaimID, f.DOI, string(f.Reason), string(f.Kind), f.Quote}, "\x1f"))
	}
	slices.Sort(keys)
	return strings.Join(keys, "\x1e")
}

// withoutObjections drops open_objection diagnostics: the writer receives
// the objections themselves.
func withoutObjections(fs []contract.Diagnostic) []contract.Diagnostic {
	out := make([]contract.Diagnostic, 0, len(fs))
	for _, f := range fs {
		if f.Reason != contract.ReasonOpenObjection {
			out = append(out, f)
		}
	}
	return out
}

func summarize(reasons map[contract.Reason]int) string {
	keys := make([]string, 0, len(reasons))
	for k, n := range reasons {
		keys = append(keys, fmt.Sprintf("%s=%d", k, n))
	}
	slices.Sort(keys)
	return strings.Join(keys, ", ")
}

// narrowTopicHint suggests widening a topic of several words, which a
// record must all match.
func narrowTopicHint(l contract.Lead) string {
	if l.AnyTopicWord || len(strings.Fields(l.Topic)) < 2 {
		return ""
	}
	return " (a record must match every topic word: try fewer words, or --any to match any of them)"
}

// excludedCounts says, in one line, why records were kept out of the
// citable ledger: "; kept out: 16 not_found, 5 no_doi" ("" when none was).
func excludedCounts(excluded map[string]int) string {
	var parts []string
	for _, reason := range slices.Sorted(maps.Keys(excluded)) {
		if n := excluded[reason]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, reason))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; kept out: " + strings.Join(parts, ", ")
}
