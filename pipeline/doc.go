// Package pipeline runs citeloop's maker/checker loop: collect the evidence
// ledger, then writer → skeptic → gate until the gate verifies the draft or
// the run ends for a stated reason, and assembles a brief only with the
// gate's proof. It defines the small interfaces it consumes (Writer, Skeptic,
// Collector) and knows no HTTP and no prompts.
package pipeline
