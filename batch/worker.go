package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
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
	e, key := w.e, job.Args.Key
	log := e.leadLogger(job)
	ctx = logging.NewContext(ctx, log)
	leadStarted(e.cfg.Observer, key)
	// heard says whether the observer heard how this attempt ended; if
	// not, it hears that the lead stopped running here.
	heard := false
	defer func() {
		if !heard {
			leadStopped(e.cfg.Observer, key)
		}
	}()
	// An outcome an earlier attempt recorded stands: what was lost is
	// River's completion of the job (the process died, the database went
	// away), not the lead's work, and running it again would pay for its
	// model calls twice.
	o, recorded, err := recordedOutcome(ctx, e.store.files, job.ID)
	if err != nil && ctx.Err() != nil {
		log.Info("lead released", zap.Error(ctx.Err()))
		return ctx.Err() // shutdown: River makes the job available again
	}
	if err != nil {
		heard = true
		return e.attemptFailed(log, job, databaseError{fmt.Errorf("read the outcome recorded for job %d: %w", job.ID, err)})
	}
	if recorded {
		log.Info("lead already recorded by an earlier attempt; not run again", zap.Int("attempt", job.Attempt), zap.String("end_reason", string(o.Reason)))
	} else {
		log.Debug("lead started", zap.Int("attempt", job.Attempt))
		o, err = e.lead(ctx, job.Args)
		var dbErr databaseError
		switch {
		case errors.As(err, &dbErr):
			heard = true
			return e.attemptFailed(log, job, err)
		case err != nil && !errors.Is(err, context.DeadlineExceeded):
			log.Info("lead released", zap.Error(err))
			return err // shutdown: River makes the job available again
		case err != nil:
			o = ended(contract.Timeout, fmt.Sprintf("the per-lead deadline of %s passed", e.cfg.Deadline))
			o.Retry = true
		}
		o.Key, o.Attempts = key, job.Attempt
		if o.Retry && job.Attempt < job.MaxAttempts {
			log.Info("lead will be retried", zap.String("end_reason", string(o.Reason)), zap.Int("attempt", job.Attempt))
			e.cfg.Observer.LeadRetried(key, o.Outcome)
			heard = true
			return &retryError{o}
		}
	}
	if e.cfg.OutDir != "" {
		dir, err := outcomeDir(e.cfg.OutDir, job.Args.Dir)
		if err == nil {
			err = writeOutcome(dir, o, e.writeFile())
		}
		if oe := outputError(err, dir); oe != nil {
			// No retry heals it: stop the batch, keeping what was written.
			e.halt(oe)
			return oe
		}
		if err != nil {
			heard = true
			log.Error("outcome not written", zap.Error(err))
			return e.attemptFailed(log, job, fmt.Errorf("write outcome of %s: %w", key, err))
		}
	}
	out, err := json.Marshal(outputOf(o))
	if err != nil {
		return err
	}
	if !recorded {
		// The files (and, for a verified lead, its standing brief) first,
		// on a context of their own: a lead that verified at its deadline
		// still stands. Then the output that names them (see
		// outcome_files.go).
		var st *leadStanding
		if o.Reason == contract.Verified {
			st = &leadStanding{key: job.Args.standingKey(), standing: standing{Ref: Ref{Run: job.Args.Run, Job: job.ID}, Fingerprint: o.Fingerprint}}
		}
		if err := e.store.files.put(context.WithoutCancel(ctx), job.ID, out, o.Files, st); err != nil {
			if oe := outputError(err, e.store.Name); oe != nil {
				e.halt(oe)
				return oe
			}
			heard = true
			return e.attemptFailed(log, job, databaseError{fmt.Errorf("record the outcome of %s: %w", key, err)})
		}
		if e.cfg.afterRecord != nil {
			e.cfg.afterRecord(key)
		}
	}
	if err := river.RecordOutput(ctx, json.RawMessage(out)); err != nil {
		return fmt.Errorf("record outcome of %s: %w", key, err)
	}
	log.Info("lead done", zap.String("end_reason", string(o.Reason)), zap.Int("attempt", job.Attempt))
	if !e.heardEnded(job.ID) {
		e.cfg.Observer.LeadEnded(key, o.Outcome)
		heard = true
	}
	return nil
}

// databaseError is a lead's attempt that failed on the queue's database
// (a lost connection, a server restarting): River runs it again.
type databaseError struct{ err error }

func (e databaseError) Error() string { return e.err.Error() }
func (e databaseError) Unwrap() error { return e.err }

// attemptFailed says, at warn, why an attempt of job failed where a retry
// may heal it, counts it (as a retry, or on its last attempt as a failed
// lead: River then discards the job, which the summary lists as failed),
// and returns err for River.
func (e *Engine) attemptFailed(log *zap.Logger, job *river.Job[LeadArgs], err error) error {
	var dbErr databaseError
	msg := "lead attempt failed; River runs it again"
	if errors.As(err, &dbErr) {
		msg = "the database failed during a lead; River runs it again"
	}
	o := contract.Outcome{Reason: contract.Errored, Detail: err.Error()}
	if job.Attempt >= job.MaxAttempts {
		log.Error(strings.Replace(msg, "River runs it again", "it was the last attempt: the lead failed", 1), zap.String("database", e.store.Name), zap.Int("attempt", job.Attempt), zap.Error(err))
		e.cfg.Observer.LeadEnded(job.Args.Key, o)
		return err
	}
	log.Warn(msg, zap.String("database", e.store.Name), zap.Int("attempt", job.Attempt), zap.Error(err))
	e.cfg.Observer.LeadRetried(job.Args.Key, o)
	return err
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
		st, ref, ok, err := e.standing(ctx, a.standingKey(), a.Key, fp)
		if err != nil {
			if ctx.Err() != nil {
				return Record{}, ctx.Err()
			}
			return Record{}, databaseError{err}
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
// called key (in the standing table, skey), when its ledger fingerprint is
// fp.
func (e *Engine) standing(ctx context.Context, skey, key, fp string) (Record, Ref, bool, error) {
	st, ok, err := e.store.standing.get(ctx, skey)
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
