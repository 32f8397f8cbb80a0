// Package europepmc is the default DOI oracle: it asks Europe PMC's REST
// search for batches of quoted DOIs and answers Found only when a returned
// record's DOI equals the asked one. It is also an oracles.Searcher: it
// writes a query in Europe PMC's syntax (QueryString) for evidence
// collection and for check's title search, and reads saved search answers
// (ReadResponse).
//
// Wire facts it relies on (see docs/ORACLES.md): format=json,
// resultType=core and synonym=false on every query; cursorMark paging where
// the last page has no nextCursorMark; POST /searchPOST for long queries;
// a 200 without hitCount or resultList is not an answer.
package europepmc
