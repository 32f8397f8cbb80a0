package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river/rivertype"
	"golang.org/x/time/rate"

	"github.com/citeloop/citeloop/agents/limit"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
)

// script says how the fake runner treats one lead, by lead id.
type script struct {
	// transient fails the run (Retry) this many times before it verifies;
	// -1 fails every time.
	transient int
	// collectDown fails Collect with oracles.ErrUnavailable this many times.
	collectDown int
	// final ends the run with this reason (not verified, no retry).
	final contract.EndReason
	// collectErr fails Collect with an internal error.
	collectErr bool
}

// fakeRunner is a Runner with simulated latency and scripted failures. Its
// ledger for a lead has one source whose content hash is the lead's version.
type fakeRunner struct {
	modelLatency, oracleLatency time.Duration
	// model and oracle are shared rate limits (nil: none).
	model  *limit.Limiter
	oracle *rate.Limiter
	// tokens is what each model call spends.
	tokens int
	// fileSize pads each brief to this many bytes.
	fileSize int
	// uncounted keeps no count per lead (the memory benchmark): what grows
	// with the number of leads must be the engine's, not the fake's.
	uncounted bool

	mu       sync.Mutex
	scripts  map[string]script
	version  map[string]string
	collects map[string]int
	runs     map[string]int
	running  int
	peak     int
}

func newFake() *fakeRunner {
	return &fakeRunner{scripts: map[string]script{}, version: map[string]string{}, collects: map[string]int{}, runs: map[string]int{}}
}

func (f *fakeRunner) oracleCall(ctx context.Context) error {
	if f.oracle != nil {
		if err := f.oracle.Wait(ctx); err != nil {
			return err
		}
	}
	return sleepCtx(ctx, f.oracleLatency)
}

func (f *fakeRunner) modelCall(ctx context.Context) error {
	if f.model != nil {
		if err := f.model.Wait(ctx); err != nil {
			return err
		}
	}
	if err := sleepCtx(ctx, f.modelLatency); err != nil {
		return err
	}
	if f.model != nil {
		f.model.Spend(f.tokens)
	}
	return nil
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (f *fakeRunner) Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error) {
	f.mu.Lock()
	n, s, v := 1, f.scripts[lead.ID], f.version[lead.ID]
	if !f.uncounted {
		f.collects[lead.ID]++
		n = f.collects[lead.ID]
	}
	f.mu.Unlock()
	if err := f.oracleCall(ctx); err != nil {
		return contract.Ledger{}, err
	}
	switch {
	case s.collectErr:
		return contract.Ledger{}, errors.New("broken sources file")
	case n <= s.collectDown:
		return contract.Ledger{}, fmt.Errorf("search: %w", oracles.ErrUnavailable)
	}
	sum := sha256.Sum256([]byte(lead.ID + "/" + v))
	return contract.Ledger{Lead: lead, Entries: []contract.Entry{{
		ID: "S1", DOI: "10.1000/" + lead.ID, ContentHash: hex.EncodeToString(sum[:]),
		RetrievedAt: time.Now(), // differs every night; must not count
	}}}, nil
}

func (f *fakeRunner) Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (Record, error) {
	f.mu.Lock()
	n, s := 1, f.scripts[lead.ID]
	if !f.uncounted {
		f.runs[lead.ID]++
		n = f.runs[lead.ID]
	}
	f.running++
	f.peak = max(f.peak, f.running)
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.running--; f.mu.Unlock() }()

	for _, call := range []func(context.Context) error{f.modelCall, f.modelCall, f.oracleCall} {
		if err := call(ctx); err != nil {
			return Record{}, err
		}
	}
	switch {
	case s.transient < 0 || n <= s.transient:
		return Record{Outcome: contract.Outcome{Reason: "model_error", Detail: "writer: api_error 503"}, Retry: true}, nil
	case s.final != "":
		return Record{Outcome: contract.Outcome{Reason: s.final, Detail: "scripted"}, Files: map[string][]byte{"FAILED-not-a-brief.json": []byte(`{"NOT_A_BRIEF":"` + lead.ID + `"}`)}}, nil
	}
	return Record{Outcome: contract.Outcome{Reason: contract.Verified, Detail: "all verified", Metrics: contract.Metrics{Sources: 1}}, Files: map[string][]byte{
		"ledger.json": []byte(ledger.Entries[0].ContentHash),
		"brief.md":    append([]byte("# "+lead.ID+"\n"), make([]byte, f.fileSize)...),
	}}, nil
}

func (f *fakeRunner) count(m map[string]int, id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return m[id]
}

// quickRetry retries at once, so tests do not wait for River's backoff.
type quickRetry struct{}

func (quickRetry) NextRetry(*rivertype.JobRow) time.Time {
	return time.Now().Add(10 * time.Millisecond)
}
