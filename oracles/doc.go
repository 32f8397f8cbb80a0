// Package oracles defines the contract every DOI oracle implements: look up
// many DOIs at once and answer, per DOI, found (with the record), not found,
// or unknown (with the cause). Unknown is never found and never not found:
// the citation gate refuses to pass what no oracle could confirm.
//
// Implementations live in subpackages, one per API, are wired through an
// explicit Registry that main builds from oracles/all, and pass the
// oracletest conformance suite. Each owns its settings and its environment
// variables: a Plugin (NewPlugin) decodes the oracle's section of the
// configuration, oracles.<name>, into the package's own Settings type over
// its defaults (Section.Decode, strict), says which keys its variables set
// (Plugin.FromEnv, through the host's lookup) and builds the oracle with
// what every oracle shares (Env).
//
// An oracle may also implement optional capabilities, discovered by type
// assertion as database/sql/driver does: a Searcher searches its service for
// records (evidence collection, check's title search), writing a Query in
// the service's own syntax.
package oracles
