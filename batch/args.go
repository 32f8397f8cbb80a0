package batch

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/citeloop/citeloop/contract"
)

// jobKind names lead jobs in River's tables.
const jobKind = "citeloop_lead"

// LeadArgs is a lead job: one lead of one run. Run and Key make it unique
// in every job state, so enqueueing a run again (after a crash, or by a
// second machine) adds only the leads that are missing and never gives a
// lead a second outcome.
type LeadArgs struct {
	Run  string        `json:"run" river:"unique"`
	Key  string        `json:"key" river:"unique"`
	Lead contract.Lead `json:"lead"`
	// Source identifies the leads file, so a rerun resumes its own run.
	Source string `json:"source"`
	// Force re-writes the brief even when the ledger is unchanged.
	Force bool `json:"force,omitempty"`
	// Dir is the folder inside the engine's OutDir that receives the
	// outcome (a night's); "" (and every job older than it) is OutDir.
	Dir string `json:"dir,omitempty"`
	// Scope keeps the lead's standing brief apart from those of the leads
	// of the same key in other leads files (a night of a folder of files);
	// "" (and every job older than it) is the key alone.
	Scope string `json:"scope,omitempty"`
}

// standingKey is the lead's key in the standing table.
func (a LeadArgs) standingKey() string {
	if a.Scope == "" {
		return a.Key
	}
	return a.Scope + "/" + a.Key
}

// Kind is the job kind River stores.
func (LeadArgs) Kind() string { return jobKind }

// allStates makes a lead job unique whatever state an earlier insert of it
// is in, cancelled and discarded included.
var allStates = []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStateCancelled, rivertype.JobStateCompleted,
	rivertype.JobStateDiscarded, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled,
}

// unfinished are the states of a job that has no outcome yet.
var unfinished = []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled,
}

// InsertOpts makes lead jobs unique by run and key.
func (LeadArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: allStates}}
}

// Tags used to find jobs: River tags allow only word characters and dashes,
// so free text is hashed.
func runTag(run string) string    { return "run-" + run }
func leadTag(key string) string   { return "lead-" + shortHash(key) }
func sourceTag(src string) string { return "src-" + shortHash(src) }
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}
