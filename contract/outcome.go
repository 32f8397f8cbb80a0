package contract

// EndReason says why a lead's run ended. Every run ends with exactly one,
// and every front end and file names it with these values.
type EndReason string

// The end reasons. The loop ends a run Verified, IterationCap, NoProgress,
// OracleUnavailable, Refused or ModelError; only Verified produces a brief.
// The others are set around the loop.
const (
	Verified          EndReason = "verified"
	IterationCap      EndReason = "iteration_cap"
	NoProgress        EndReason = "no_progress"
	OracleUnavailable EndReason = "oracle_unavailable"
	Refused           EndReason = "refused"
	ModelError        EndReason = "model_error"
	// Errored is a lead whose run returned an error instead of an ending (a
	// broken input, a brief that could not be rendered, a bug).
	Errored EndReason = "error"
	// Unchanged is a batch lead whose freshly collected ledger has the
	// content of the one behind its standing verified brief: no model was
	// called, and that brief stands.
	Unchanged EndReason = "unchanged"
	// Timeout is a batch lead that exceeded its per-lead deadline on every
	// attempt.
	Timeout EndReason = "timeout"
)

// Briefed reports whether a lead that ended r has a verified brief: one
// written now (Verified) or one that stands (Unchanged).
func (r EndReason) Briefed() bool { return r == Verified || r == Unchanged }

// Outcome is how one lead's run ended: the reason, the reason in one
// sentence for humans, and what the run counted and cost. The loop returns
// it, the batch stores it with the lead's job, and the batch's metrics and
// report read it; it is the same value all the way.
type Outcome struct {
	Reason EndReason `json:"end_reason"`
	Detail string    `json:"detail"`
	// Metrics are zero for a lead that ran no loop (unchanged, a failed
	// collection, a deadline passed).
	Metrics Metrics `json:"metrics,omitzero"`
}
