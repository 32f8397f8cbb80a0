// Package check is the reference checker: it reads documents (drafts,
// reference lists, BibTeX, .bbl, RIS, CSL JSON, CFF) once each through
// package bib and makes every reference a row: each distinct DOI looked up
// once in one oracle and every entry citing it compared with the record
// field by field (package compare), each entry without a DOI searched by
// title in every oracles.Searcher with its candidates compared the same
// way, each reference line that cannot be read reported not_checked. The
// verdicts are found, not_found, invalid, retracted, mismatch (of kind
// preprint_as_published for a preprint cited as a journal article),
// no_doi, not_checked and unknown. Stream settles references a window at a
// time and writes their rows in input order, so a list of any size fits in
// memory; the writers (a table fitted to a terminal, JSON, CSV, GitHub
// annotations, typed SARIF) take rows as they come. --fix writes a
// corrected copy of a bibliography.
//
// A Checker is built from an oracle and searchers, never from the engine:
// the engine only chooses which (see engine.Engine.Checker).
package check

import "errors"

// ErrInput marks an error in what the caller passed (a document that cannot
// be read, a --fix target that would overwrite the input): front ends report
// it as a usage error.
var ErrInput = errors.New("bad input")
