// Package collect gathers the evidence a brief may cite: it validates a lead,
// turns it into an injection-safe Europe PMC query, searches (live, over the
// offline snapshot corpus, or from a user's own bibliography), drops what may
// not be cited (no DOI, retracted, errata, superseded preprints), ranks the
// rest with BM25 and cuts it to a prompt budget.
//
// Every collector produces a contract.Ledger whose entries are sealed over
// exactly the text the writer will see, and whose Excluded counts and Notes
// say what was left out and why, so a refusal for too few sources explains
// itself.
package collect
