package batch

import (
	"context"
	"encoding/json"

	"github.com/citeloop/citeloop/contract"
)

// Runner is what the batch needs from the engine (engine.Briefer is one).
// Collect may fail with an error wrapping oracles.ErrUnavailable (retried
// later); any other error is final for the lead. Run runs the loop over
// the collected ledger and returns the lead's record with its Outcome,
// Retry and Files set; the batch sets the rest. An error from Run is an
// internal failure, final for the lead, unless the context is done.
type Runner interface {
	Collect(ctx context.Context, lead contract.Lead) (contract.Ledger, error)
	Run(ctx context.Context, lead contract.Lead, ledger contract.Ledger) (Record, error)
}

// Record is how one lead of a run ended, as the batch records it: the
// lead's contract.Outcome, as the loop returned it or as the batch ended
// the lead (unchanged, timeout, a failed collection), with what only the
// batch knows. It is stored with the lead's job, so any machine can gather
// a run's results, and written to the output folder (outcome.json).
type Record struct {
	// Key names the lead in its run.
	Key string
	contract.Outcome
	// Retry marks a failure that may pass later unchanged (an oracle or a
	// model transport failure); the batch retries it up to its attempts.
	Retry bool
	// Attempts is how many times the lead ran.
	Attempts int
	// Fingerprint identifies the content of the lead's ledger (see
	// Fingerprint); a verified record's is what the next night compares.
	Fingerprint string
	// Standing points, for an unchanged lead, at the job whose verified
	// brief stands.
	Standing *Ref
	// Files are the brief's files (verified, unchanged) or the failure
	// report, by file name.
	Files map[string][]byte
}

// Ref names the job of an earlier record.
type Ref struct {
	Run string `json:"run"`
	Job int64  `json:"job"`
}

// recordJSON is a Record as a job's output and outcome.json hold it, but
// its files: the fields in the order those have always had them (the
// Outcome's fields are not all together there).
type recordJSON struct {
	Key         string             `json:"key"`
	Reason      contract.EndReason `json:"end_reason"`
	Detail      string             `json:"detail"`
	Retry       bool               `json:"retry,omitempty"`
	Attempts    int                `json:"attempts,omitempty"`
	Fingerprint string             `json:"ledger_fingerprint,omitempty"`
	Standing    *Ref               `json:"standing,omitempty"`
	// Metrics are absent for a lead that ran no loop.
	Metrics contract.Metrics `json:"metrics,omitzero"`
}

func jsonOf(r Record) recordJSON {
	return recordJSON{Key: r.Key, Reason: r.Reason, Detail: r.Detail, Retry: r.Retry, Attempts: r.Attempts,
		Fingerprint: r.Fingerprint, Standing: r.Standing, Metrics: r.Metrics}
}

// record is the Record j holds, with files.
func (j recordJSON) record(files map[string][]byte) Record {
	return Record{Key: j.Key, Outcome: contract.Outcome{Reason: j.Reason, Detail: j.Detail, Metrics: j.Metrics},
		Retry: j.Retry, Attempts: j.Attempts, Fingerprint: j.Fingerprint, Standing: j.Standing, Files: files}
}

// withFiles is a Record as JSON with its files inline.
type withFiles struct {
	recordJSON
	Files map[string][]byte `json:"files,omitempty"`
}

// MarshalJSON encodes r with its files inline, in the field order of a
// job's output.
func (r Record) MarshalJSON() ([]byte, error) {
	return json.Marshal(withFiles{jsonOf(r), r.Files})
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (r *Record) UnmarshalJSON(data []byte) error {
	var w withFiles
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*r = w.record(w.Files)
	return nil
}
