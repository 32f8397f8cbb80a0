package batch

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
)

// SummaryFile records, in the output folder, how each lead of a run ended.
const SummaryFile = "summary.json"

// Summary is a run's record: how many leads ended, by end reason, and how
// many are still pending. It holds counts, not one line per lead, so a run
// of any size summarises in the same memory: the lines are in the
// summary.json it is written to (ReadSummary), and Engine.EachLead lists
// them from the queue.
type Summary struct {
	Run         string   `json:"run"`
	File        string   `json:"file,omitempty"`
	InvalidRows []string `json:"invalid_rows,omitempty"`
	// InvalidCount counts the invalid rows when InvalidRows lists only the
	// first of them (File.Invalid); 0 when it lists them all.
	InvalidCount int `json:"invalid_count,omitempty"`
	// Enqueued counts the leads this command added to the queue.
	Enqueued int `json:"enqueued"`
	// Ended counts the leads with an outcome, and EndReasons the same
	// leads by end reason.
	Ended      int                        `json:"ended"`
	EndReasons map[contract.EndReason]int `json:"end_reasons"`
	// Pending counts leads still without an outcome (an interrupted run, or
	// leads other machines are still working).
	Pending int `json:"pending,omitempty"`
	// StartedAt is when the run's first lead was enqueued and EndedAt when
	// its last outcome was recorded, read from the queue: a resumed run
	// started when it first did.
	StartedAt time.Time `json:"started_at,omitzero"`
	EndedAt   time.Time `json:"ended_at,omitzero"`
	// Error says why the run has no lead (a night whose leads file could
	// not be read or held none): a failed run.
	Error string `json:"error,omitempty"`
	// FirstUnverified is the first lead, in the order the queue lists
	// them, that ended without a verified brief; nil when there is none.
	FirstUnverified *LeadSummary `json:"-"`
}

// LeadSummary is one lead's line in the summary.
type LeadSummary struct {
	ID        string             `json:"id"`
	Dir       string             `json:"dir,omitempty"`
	EndReason contract.EndReason `json:"end_reason"`
	Detail    string             `json:"detail"`
	Attempts  int                `json:"attempts,omitempty"`
}

// Invalid counts the rows that were skipped.
func (s Summary) Invalid() int { return max(s.InvalidCount, len(s.InvalidRows)) }

// Verified reports whether every lead with an outcome has a verified brief
// (a standing one counts).
func (s Summary) Verified() bool { return s.FirstUnverified == nil }

// add counts l into s.
func (s *Summary) add(l LeadSummary) {
	s.Ended++
	if s.EndReasons == nil {
		s.EndReasons = map[contract.EndReason]int{}
	}
	s.EndReasons[l.EndReason]++
	if s.FirstUnverified == nil && !l.EndReason.Briefed() {
		s.FirstUnverified = &l
	}
}

// reset clears s's counts before the outcomes are counted again.
func (s *Summary) reset() {
	s.Ended, s.EndReasons, s.FirstUnverified, s.Pending = 0, map[contract.EndReason]int{}, nil, 0
	s.StartedAt, s.EndedAt = time.Time{}, time.Time{}
}

// Wall is how long the run took, from its start to its last outcome; 0
// when either is unknown.
func (s Summary) Wall() time.Duration {
	if s.StartedAt.IsZero() || s.EndedAt.IsZero() {
		return 0
	}
	return s.EndedAt.Sub(s.StartedAt)
}

// Options are one batch command's choices.
type Options struct {
	// Source is the leads file; a rerun with the same Source resumes its
	// unfinished run.
	Source string
	// Run names the run; "" resumes Source's unfinished run or starts one.
	Run string
	// Force re-writes briefs whose ledger did not change.
	Force bool
	// EnqueueOnly submits the leads and returns: workers elsewhere run them.
	EnqueueOnly bool
	// File names the leads file in the summary, as the user gave it
	// (Source when ""), and InvalidRows are its rows that were skipped.
	File         string
	InvalidRows  []string
	InvalidCount int
	// Finish, when set, runs once the leads were worked and the summary
	// written (gathering a shared database's outcomes, writing the
	// report); the run counts as summarised, and a rerun of the same
	// command starts a new one, only once it returned nil with no lead
	// pending.
	Finish func(ctx context.Context, sum *Summary) error
}

// RunBatch enqueues leads as one run, works them until each has an outcome,
// and returns the run's summary (written to OutDir when set). When ctx is
// cancelled it stops taking leads, lets running ones finish or releases
// them, and returns the summary so far with ctx's error.
func (e *Engine) RunBatch(ctx context.Context, leads []Lead, o Options) (Summary, error) {
	return e.RunLeads(ctx, sliceLeads(leads), o)
}

// RunLeads is RunBatch reading the leads from a sequence (File.Leads), a
// chunk at a time: the run never holds them all. An error of the sequence
// stops the run before any lead is worked; the leads read before it stay
// enqueued, and the same command resumes them.
func (e *Engine) RunLeads(ctx context.Context, leads iter.Seq2[Lead, error], o Options) (Summary, error) {
	sum := Summary{Run: o.Run, File: cmp.Or(o.File, o.Source), InvalidRows: o.InvalidRows}
	if o.InvalidCount > len(o.InvalidRows) {
		sum.InvalidCount = o.InvalidCount
	}
	if sum.Run == "" {
		run, err := e.ResumableRun(ctx, o.Source)
		if err != nil {
			return sum, err
		}
		sum.Run = run
	}
	if sum.Run == "" {
		sum.Run = NewRunID(e.cfg.Now())
	}
	enqueueStart := time.Now()
	read, n, err := e.enqueue(ctx, sum.Run, o.Source, leads, o.Force)
	sum.Enqueued = n
	if err != nil {
		return sum, err
	}
	e.cfg.Logger.Info("run enqueued", zap.String("run", sum.Run), zap.Int("leads", read), zap.Int("added", n), zap.Duration("took", time.Since(enqueueStart)))
	if o.EnqueueOnly {
		return sum, nil
	}
	if n < read {
		if err := e.tellResumed(ctx, sum.Run); err != nil {
			return sum, err
		}
	}
	if err := e.store.runs.begin(ctx, sum.Run, o.Source); err != nil {
		return sum, fmt.Errorf("batch: list run %s: %w", sum.Run, err)
	}
	if e.store.embedded {
		if n, err := e.ReleaseOrphans(ctx); err != nil {
			return sum, err
		} else if n > 0 {
			e.cfg.Logger.Info("leads left running by a process that died were released", zap.Int("leads", n))
		}
	}
	if err := e.Work(ctx); err != nil {
		return sum, err
	}
	waitErr := e.Wait(ctx, sum.Run)
	var stopErr error
	if e.Halted() != nil {
		stopErr = e.stopNow(ctx)
	} else {
		stopErr = e.shutdown(ctx)
	}
	// The summary is read on a fresh context so an interrupted run still
	// leaves an accurate record of what ended.
	if err := e.Summarize(context.WithoutCancel(ctx), &sum); err != nil {
		return sum, cmp.Or(waitErr, err)
	}
	if waitErr != nil {
		return sum, waitErr
	}
	if stopErr != nil {
		return sum, stopErr
	}
	if o.Finish != nil {
		if err := o.Finish(context.WithoutCancel(ctx), &sum); err != nil {
			return sum, err
		}
	}
	if sum.Pending > 0 {
		return sum, nil
	}
	if err := e.store.runs.summarized(context.WithoutCancel(ctx), sum.Run); err != nil {
		return sum, fmt.Errorf("batch: mark run %s summarised: %w", sum.Run, err)
	}
	return sum, nil
}

// Summarize counts sum's run's outcomes and pending leads into sum and,
// when OutDir is set, writes OutDir/summary.json with one line per lead.
func (e *Engine) Summarize(ctx context.Context, sum *Summary) error {
	return e.record(ctx, sum, e.cfg.OutDir, false)
}

// leadSummary is o's line in a summary; its folder is in dir, when set.
func leadSummary(o Record, dir string) LeadSummary {
	l := LeadSummary{ID: o.Key, EndReason: o.Reason, Detail: o.Detail, Attempts: o.Attempts}
	if dir != "" {
		l.Dir = filepath.Join(dir, o.Key)
	}
	return l
}

// Export writes every outcome of run into dir, as the embedded batch writes
// them as each lead ends, and the run's summary.json. It returns the
// summary.
func (e *Engine) Export(ctx context.Context, run, dir string) (Summary, error) {
	sum := Summary{Run: run}
	return sum, e.export(ctx, &sum, dir)
}

// export is Export keeping sum's names (its file and invalid rows).
func (e *Engine) export(ctx context.Context, sum *Summary, dir string) error {
	return e.record(ctx, sum, dir, true)
}
