// Package gates is citeloop's deterministic citation gate: it checks every
// citation of a draft against the evidence ledger and an oracle, with no
// language model anywhere in its imports. It is the only package that can
// mint a Proof, the value the assembler demands before it renders anything.
package gates
