// Package brief is citeloop's assembler: it turns a run the gate verified
// into a brief (Markdown, JSON, HTML and the BibTeX, RIS and CSL exports)
// and a run that did not into a failure report that says it is not one.
// Assemble renders only with the gate's proof for the exact draft and
// ledger; Render, which checks no proof, renders given content (verify
// renders a written brief again). It also owns the brief's files: their
// names, writing them atomically, clearing an earlier run's, signing the
// stamp and recording how the brief was made.
package brief
