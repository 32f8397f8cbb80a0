package batch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"

	"github.com/citeloop/citeloop/oracles"
)

// leadWorker runs one lead job. It ends every job completed with its
// outcome recorded, except a failure worth retrying with attempts left
// (returned to River, which backs off) and a shutdown (River releases the
// job for the next process).
type leadWorker struct {
	river.WorkerDefaults[LeadArgs]
	e *Engine
}

// Timeout is the per-lead deadline.
func (w *leadWorker) Timeout(*river.Job[LeadArgs]) time.Duration { return w.e.cfg.Deadline }

func (w *leadWorker) Work(ctx context.Context, job *river.Job[LeadArgs]) error {
	e := w.e
	log := e.cfg.Logger.With(zap.String("lead", job.Args.Key), zap.Int64("job", job.ID), zap.Int("attempt", job.Attempt))
	o, err := e.lead(ctx, job.Args)
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			log.Info("lead released", zap.Error(err))
			return err // shutdown: River makes the job available again
		}
		o = ended(contract.Timeout, fmt.Sprintf("the per-lead deadline of %s passed", e.cfg.Deadline))
		o.Retry = true
	}
	o.Key, o.Attempts = job.Args.Key, job.Attempt
	if o.Retry && job.Attempt < job.MaxAttempts {
		log.Info("lead will be retried", zap.String("end_reason", string(o.Reason)))
		if e.cfg.Observer != nil {
			e.cfg.Observer.LeadRetried(o.Key, o.Outcome)
		}
		return &retryError{o}
	}
	if e.cfg.OutDir != "" {
		dir, err := outcomeDir(e.cfg.OutDir, job.Args.Dir)
		if err == nil {
			err = WriteOutcome(dir, o)
		}
		if err != nil {
			return fmt.Errorf("write outcome of %s: %w", o.Key, err)
		}
	}
	// The files (and, for a verified lead, its standing brief) first, on a
	// context of their own: a lead that verified at its deadline still
	// stands. Then the output that names them (see outcome_files.go).
	var st *leadStanding
	if o.Reason == contract.Verified {
		st = &leadStanding{key: o.Key, standing: standing{Ref: Ref{Run: job.Args.Run, Job: job.ID}, Fingerprint: o.Fingerprint}}
	}
	if err := e.store.files.put(context.WithoutCancel(ctx), job.ID, o.Files, st); err != nil {
		return fmt.Errorf("record the files of %s: %w", o.Key, err)
	}
	if err := river.RecordOutput(ctx, outputOf(o)); err != nil {
		return fmt.Errorf("record outcome of %s: %w", o.Key, err)
	}
	log.Info("lead done", zap.String("end_reason", string(o.Reason)))
	if e.cfg.Observer != nil {
		e.cfg.Observer.LeadEnded(o.Key, o.Outcome)
	}
	return nil
}

// ended is the record of a lead the batch ended itself, with reason.
func ended(reason contract.EndReason, detail string) Record {
	return Record{Outcome: contract.Outcome{Reason: reason, Detail: detail}}
}

// retryError is a transient ending River retries with backoff.
type retryError struct{ o Record }

func (e *retryError) Error() string {
	return fmt.Sprintf("%s (will retry): %s", e.o.Reason, e.o.Detail)
}

// lead collects the lead's ledger, ends it unchanged when the ledger matches
// the one behind its standing brief, and otherwise runs it. Its error is
// only ever the context's.
func (e *Engine) lead(ctx context.Context, a LeadArgs) (Record, error) {
	ledger, err := e.cfg.Runner.Collect(ctx, a.Lead)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return Record{}, ctx.Err()
		case errors.Is(err, oracles.ErrUnavailable):
			r := ended(contract.OracleUnavailable, "collecting sources: "+err.Error())
			r.Retry = true
			return r, nil
		default:
			return ended(contract.Errored, "collecting sources: "+err.Error()), nil
		}
	}
	fp := Fingerprint(a.Lead, ledger)
	if !a.Force {
		st, ref, ok, err := e.standing(ctx, a.Key, fp)
		if err != nil {
			return Record{}, err
		}
		if ok {
			r := ended(contract.Unchanged, fmt.Sprintf("the ledger has the same sources as the verified brief of run %s (job %d); no model called", ref.Run, ref.Job))
			r.Fingerprint, r.Standing, r.Files = fp, &ref, st.Files
			return r, nil
		}
	}
	o, err := e.cfg.Runner.Run(ctx, a.Lead, ledger)
	if err != nil {
		if ctx.Err() != nil {
			return Record{}, ctx.Err()
		}
		return ended(contract.Errored, err.Error()), nil
	}
	o.Fingerprint = fp
	return o, nil
}

// standing returns the verified outcome whose brief stands for the lead
// called key, when its ledger fingerprint is fp.
func (e *Engine) standing(ctx context.Context, key, fp string) (Record, Ref, bool, error) {
	st, ok, err := e.store.standing.get(ctx, key)
	if err != nil {
		return Record{}, Ref{}, false, fmt.Errorf("batch: standing brief of %s: %w", key, err)
	}
	if !ok || st.Fingerprint != fp {
		return Record{}, Ref{}, false, nil
	}
	j, err := e.client.JobGet(ctx, st.Job)
	if errors.Is(err, river.ErrNotFound) {
		return Record{}, Ref{}, false, nil
	}
	if err != nil {
		return Record{}, Ref{}, false, fmt.Errorf("batch: standing brief of %s: %w", key, err)
	}
	if j.State != rivertype.JobStateCompleted {
		return Record{}, Ref{}, false, nil // run again since: not standing
	}
	o, err := e.outcomeOf(ctx, j)
	if err != nil || o.Reason != contract.Verified || o.Fingerprint != fp || o.Key != key {
		return Record{}, Ref{}, false, nil
	}
	return o, st.Ref, true, nil
}
