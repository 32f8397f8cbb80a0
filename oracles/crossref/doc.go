// Package crossref is a DOI oracle over Crossref's REST API: batches of
// DOIs asked with GET /works?filter=doi:A,doi:B (a DOI holding a comma,
// which the filter would split, with GET /works/{doi}), answered Found only
// when a returned work's DOI equals the asked one, NotFound only when absent
// from a complete answer.
//
// Wire facts it relies on (see docs/ORACLES.md and testdata/crossref): an
// unknown DOI is a 404 whose body is the text "Resource not found." (not
// JSON; the Content-Type varies); a mailto= parameter moves requests to the
// polite pool; every answer carries x-rate-limit-limit,
// x-rate-limit-interval and x-concurrency-limit, which the client obeys by
// lowering its own limits, never raising them above what was configured.
package crossref
