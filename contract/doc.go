// Package contract holds the types every stage of citeloop agrees on: the
// draft the writer returns, the objections the skeptic returns, the evidence
// ledger both are checked against, the gate's diagnostics, the lead a run is
// about, how a lead's run ended (Outcome, its EndReason and Metrics), and the
// quote and reference limits the gate and the offline writer share
// (MaxQuoteWords). It imports nothing of the project, so agents,
// gates, the pipeline and the batch can all depend on it without depending
// on each other.
//
// The JSON field names of Draft and Objections are a public contract: model
// prompts, schemas and external tests rely on them.
package contract
