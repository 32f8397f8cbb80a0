// Package pipeline runs citeloop's maker/checker loop: collect the evidence
// ledger (or take one collected earlier), then writer → skeptic → gate until
// the gate verifies the draft or the run ends for a stated reason. Its
// Result carries the contract.Outcome, the gate's verdict and proof, and
// the failing model call's error as it was returned; rendering it is
// package brief's. It defines the small interfaces it consumes (Writer,
// Skeptic, Collector) and knows no HTTP, no prompts and no files.
package pipeline
