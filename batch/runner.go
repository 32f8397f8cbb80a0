package batch

import (
	"context"
	"encoding/json"

	"github.com/citeloop/citeloop/contract"
)

// Runner is what the batch needs from the engine. Collect may fail with an
// error wrapping oracles.ErrUnavailable (retried later); any other error is
// final for the lead. Run returns the lead's outcome; an error from Run is
// an internal failure, final for the lead, unless the context is done.
type Runner interface {
	Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error)
	Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (Outcome, error)
}

// Outcome is how one lead ended. It is stored with the lead's job, so any
// machine can gather a run's results, and written to the output folder.
type Outcome struct {
	Key    string             `json:"key"`
	Reason contract.EndReason `json:"end_reason"`
	// Detail explains the reason in one sentence.
	Detail string `json:"detail"`
	// Retry marks a failure that may pass later unchanged (an oracle or a
	// model transport failure); the batch retries it up to its attempts.
	Retry bool `json:"retry,omitempty"`
	// Attempts is how many times the lead ran.
	Attempts int `json:"attempts,omitempty"`
	// Fingerprint identifies the content of the lead's ledger (see
	// Fingerprint); a verified outcome's is what the next night compares.
	Fingerprint string `json:"ledger_fingerprint,omitempty"`
	// Standing points, for an unchanged lead, at the job whose verified
	// brief stands.
	Standing *Ref `json:"standing,omitempty"`
	// Metrics are the engine's metrics for the run, as it encodes them.
	Metrics json.RawMessage `json:"metrics,omitempty"`
	// Files are the brief's files (verified, unchanged) or the failure
	// report, by file name.
	Files map[string][]byte `json:"files,omitempty"`
}

// Ref names the job of an earlier outcome.
type Ref struct {
	Run string `json:"run"`
	Job int64  `json:"job"`
}

// IsVerified reports whether the lead has a verified brief: verified now, or
// unchanged since it was.
func (o Outcome) IsVerified() bool { return o.Reason.Briefed() }
