package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/pipeline"
)

// SummaryFile records, in the output folder, how each lead of a run ended.
const SummaryFile = "summary.json"

// Summary is a run's record: one line per lead with an outcome.
type Summary struct {
	Run         string        `json:"run"`
	File        string        `json:"file,omitempty"`
	InvalidRows []string      `json:"invalid_rows,omitempty"`
	Leads       []LeadSummary `json:"leads"`
	// Pending counts leads still without an outcome (an interrupted run, or
	// leads other machines are still working).
	Pending int `json:"pending,omitempty"`
	// Enqueued counts the leads this command added to the queue.
	Enqueued int `json:"enqueued"`
}

// LeadSummary is one lead's line in the summary.
type LeadSummary struct {
	ID        string `json:"id"`
	Dir       string `json:"dir,omitempty"`
	EndReason string `json:"end_reason"`
	Detail    string `json:"detail"`
	Attempts  int    `json:"attempts,omitempty"`
}

// Verified reports whether every lead with an outcome has a verified brief.
func (s Summary) Verified() bool {
	for _, l := range s.Leads {
		if l.EndReason != Verified && l.EndReason != Unchanged {
			return false
		}
	}
	return true
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
}

// RunBatch enqueues leads as one run, works them until each has an outcome,
// and returns the run's summary (written to OutDir when set). When ctx is
// cancelled it stops taking leads, lets running ones finish or releases
// them, and returns the summary so far with ctx's error.
func (e *Engine) RunBatch(ctx context.Context, leads []Lead, o Options) (Summary, error) {
	sum := Summary{Run: o.Run, File: o.Source, Leads: []LeadSummary{}}
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
	n, err := e.Enqueue(ctx, sum.Run, o.Source, leads, o.Force)
	sum.Enqueued = n
	if err != nil {
		return sum, err
	}
	e.cfg.Logger.Info("run enqueued", zap.String("run", sum.Run), zap.Int("leads", len(leads)), zap.Int("added", n), zap.Duration("took", time.Since(enqueueStart)))
	if o.EnqueueOnly {
		return sum, nil
	}
	if n < len(leads) {
		if err := e.tellResumed(ctx, sum.Run); err != nil {
			return sum, err
		}
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
	// Stop on a context of its own: after a signal the running leads still
	// get StopGrace to finish, and a little more to record their outcomes.
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.StopGrace+30*time.Second)
	defer cancel()
	stopErr := e.Stop(stopCtx)
	// The summary is read on a fresh context so an interrupted run still
	// leaves an accurate record of what ended.
	if err := e.Summarize(context.WithoutCancel(ctx), &sum); err != nil {
		return sum, err
	}
	if waitErr != nil {
		return sum, waitErr
	}
	return sum, stopErr
}

// Summarize fills sum's leads and pending count from the queue and writes
// it to OutDir when set.
func (e *Engine) Summarize(ctx context.Context, sum *Summary) error {
	if err := e.summarize(ctx, sum, e.cfg.OutDir); err != nil {
		return err
	}
	if e.cfg.OutDir == "" {
		return nil
	}
	return WriteSummary(e.cfg.OutDir, *sum)
}

// summarize fills sum's leads, whose outcomes are in dir, and its pending
// count from the queue.
func (e *Engine) summarize(ctx context.Context, sum *Summary, dir string) error {
	sum.Leads = sum.Leads[:0]
	err := e.each(ctx, sum.Run, nil, func(o Outcome) error {
		sum.Leads = append(sum.Leads, leadSummary(o, dir))
		return nil
	})
	if err != nil {
		return err
	}
	sum.Pending, err = e.Pending(ctx, sum.Run)
	return err
}

// leadSummary is o's line in a summary; its folder is in dir, when set.
func leadSummary(o Outcome, dir string) LeadSummary {
	l := LeadSummary{ID: o.Key, EndReason: o.Reason, Detail: o.Detail, Attempts: o.Attempts}
	if dir != "" {
		l.Dir = filepath.Join(dir, o.Key)
	}
	return l
}

// WriteSummary writes sum to dir/summary.json atomically.
func WriteSummary(dir string, sum Summary) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	return pipeline.WriteFileAtomic(filepath.Join(dir, SummaryFile), append(data, '\n'))
}

// Export writes every outcome of run into dir, as the embedded batch writes
// them as each lead ends, and the run's summary. It returns the summary.
func (e *Engine) Export(ctx context.Context, run, dir string) (Summary, error) {
	sum := Summary{Run: run, Leads: []LeadSummary{}}
	err := e.Each(ctx, run, func(o Outcome) error {
		if err := WriteOutcome(dir, o); err != nil {
			return fmt.Errorf("export %s: %w", o.Key, err)
		}
		sum.Leads = append(sum.Leads, leadSummary(o, dir))
		return nil
	})
	if err != nil {
		return sum, err
	}
	if sum.Pending, err = e.Pending(ctx, run); err != nil {
		return sum, err
	}
	return sum, WriteSummary(dir, sum)
}
