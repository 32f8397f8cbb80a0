package oracletest

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// ContractHarness describes an oracle that speaks no HTTP of its own: a
// local corpus, a cache, a policy over other oracles.
type ContractHarness struct {
	// New builds the oracle under test knowing exactly the records in
	// known. An oracle that wraps others builds them with NewFake and
	// returns the fakes' shared call counter; others return nil.
	New func(t *testing.T, known []oracles.Record) (oracles.Oracle, *atomic.Int64)
	// Known are at least two records.
	Known []oracles.Record
	// Composite is set for an oracle whose Result.Oracle names the members
	// that decided (a policy), not itself.
	Composite bool
	// Partial is set for an oracle over a closed corpus (the offline
	// snapshot): a DOI it does not hold is Unknown with a cause wrapping
	// oracles.ErrNotInCorpus, never NotFound.
	Partial bool
}

// RunContract runs the contract part of the suite (found, not found, mixed
// batches, case, every asked DOI answered, empty input, invalid DOIs never
// passed on, cancellation, concurrency) against the oracle h describes. The
// HTTP faults are Run's alone.
func RunContract(t *testing.T, h ContractHarness) {
	t.Helper()
	if h.New == nil {
		t.Fatal("oracletest: ContractHarness.New is required")
	}
	if len(h.Known) < 2 {
		t.Fatalf("oracletest: ContractHarness.Known has %d records, want at least 2", len(h.Known))
	}
	runContract(t, knownDOIs(t, h.Known), func(t *testing.T) env {
		o, calls := h.New(t, h.Known)
		if calls == nil {
			calls = new(atomic.Int64)
		}
		return env{oracle: o, requests: calls, composite: h.Composite, partial: h.Partial}
	})
}

// Fake is a map-backed oracle that keeps the contract: Found with the
// record for a known DOI, NotFound for any other valid one, Unknown with
// doi.ErrInvalid for an invalid one, Unknown with the context's error once
// it is done. Calls counts the lookups that reached it with at least one
// valid DOI. It is safe for concurrent use.
type Fake struct {
	name    string
	records map[string]oracles.Record
	calls   *atomic.Int64
}

// NewFake returns a fake named name knowing records; calls (nil for a new
// counter) lets several fakes share one counter.
func NewFake(name string, records []oracles.Record, calls *atomic.Int64) *Fake {
	if calls == nil {
		calls = new(atomic.Int64)
	}
	f := &Fake{name: name, records: map[string]oracles.Record{}, calls: calls}
	for _, r := range records {
		key, err := doi.Normalize(r.DOI)
		if err != nil {
			panic("oracletest: NewFake: " + err.Error())
		}
		r.DOI = key
		f.records[key] = r
	}
	return f
}

// Name is the name given to NewFake.
func (f *Fake) Name() string { return f.name }

// Calls is the counter of lookups that reached the fake.
func (f *Fake) Calls() *atomic.Int64 { return f.calls }

// Lookup answers from the map.
func (f *Fake) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(f.name, dois)
	if len(valid) == 0 {
		return out
	}
	if err := ctx.Err(); err != nil {
		for k, v := range oracles.UnknownAll(f.name, valid, err) {
			out[k] = v
		}
		return out
	}
	f.calls.Add(1)
	for _, d := range valid {
		if rec, ok := f.records[d]; ok {
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: f.name, Record: &rec}
			continue
		}
		out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: f.name}
	}
	return out
}

var _ oracles.Oracle = (*Fake)(nil)
