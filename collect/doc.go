// Package collect gathers the evidence a brief may cite: it turns a
// validated lead into a query in no service's syntax (BuildQuery), asks an
// oracles.Searcher (Europe PMC live, the offline snapshot, any oracle that
// can search) or reads a user's own sources file through package bib,
// drops what may not be cited (no DOI, retracted, errata, superseded
// preprints), ranks the rest with BM25 and cuts it to a prompt budget. It
// imports no concrete oracle: each searcher writes its own query.
//
// Every collector produces a contract.Ledger whose entries are sealed over
// exactly the text the writer will see, and whose Excluded counts and Notes
// say what was left out and why, so a refusal for too few sources explains
// itself.
package collect
