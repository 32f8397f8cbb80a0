package engine

import (
	"context"
	"sync"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// RunLedger is RunLead over a ledger collected earlier (by Collect), so a
// caller that looks at the ledger first (is it unchanged since the last
// brief?) does not collect it twice. The outcome's ModelErr is the last
// error a model call returned, typed, for callers that retry transport
// failures.
func (b *Briefer) RunLedger(ctx context.Context, lead contract.Lead, ledger contract.Ledger) Outcome {
	var rec modelErrors
	runner := *b.runner
	runner.Collector = collected(ledger)
	runner.Writer = recordingWriter{runner.Writer, &rec}
	runner.Skeptic = recordingSkeptic{runner.Skeptic, &rec}
	withLedger := *b
	withLedger.runner = &runner
	o := withLedger.RunLead(ctx, lead)
	o.ModelErr = rec.last()
	return o
}

// collected is a Collector that returns a ledger collected earlier.
type collected contract.Ledger

func (c collected) Collect(context.Context, contract.Lead) (contract.Ledger, error) {
	return contract.Ledger(c), nil
}

// modelErrors keeps the last model error of one lead: the pipeline reports
// it only as text.
type modelErrors struct {
	mu  sync.Mutex
	err error
}

func (m *modelErrors) record(err error) {
	if err != nil {
		m.mu.Lock()
		m.err = err
		m.mu.Unlock()
	}
}

func (m *modelErrors) last() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.err
}

type recordingWriter struct {
	pipeline.Writer
	rec *modelErrors
}

func (w recordingWriter) Write(ctx context.Context, req contract.WriteRequest) (contract.WriteResult, error) {
	res, err := w.Writer.Write(ctx, req)
	w.rec.record(err)
	return res, err
}

type recordingSkeptic struct {
	pipeline.Skeptic
	rec *modelErrors
}

func (s recordingSkeptic) Review(ctx context.Context, req contract.ReviewRequest) (contract.ReviewResult, error) {
	res, err := s.Skeptic.Review(ctx, req)
	s.rec.record(err)
	return res, err
}
