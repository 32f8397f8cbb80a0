// Package check is the reference checker: it reads documents (drafts,
// reference lists, BibTeX, RIS, CSL JSON, CFF) once each through package
// bib, looks every distinct DOI they cite up in one oracle, compares each
// bibliography entry and reference line with its DOI's record, searches by
// title in every oracles.Searcher for an entry without a DOI (and for the
// paper a mismatching entry describes), and reports a verdict per DOI:
// found, not_found, invalid, retracted, erratum, mismatch, no_doi or
// unknown. Report writes itself as a table, CSV, GitHub annotations or
// SARIF; --fix writes a corrected copy of a bibliography.
//
// A Checker is built from an oracle and searchers, never from the engine:
// the engine only chooses which (see engine.Engine.Checker).
package check

import "errors"

// ErrInput marks an error in what the caller passed (a document that cannot
// be read, a --fix target that would overwrite the input): front ends report
// it as a usage error.
var ErrInput = errors.New("bad input")
