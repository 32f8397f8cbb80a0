// Package engine builds citeloop from a configs.Config and the Deps its
// host passes, and runs it: the oracle, the agents, the collector, the
// pipeline.Runner and the reference checker (check.Checker). It has no registry of its own and
// reads no environment: main builds the oracle registry (oracles/all) and
// the model providers (agents/all) into Deps, New refuses a nil
// Deps.Registry, and each backend reads its own variables (FromEnv)
// through Deps.LookupEnv. Every front end uses it, so none has to copy the
// wiring:
//
//   - The CLI (cmd/citeloop) parses flags into a Config and options, calls
//     the engine, prints the values it returns and maps them to exit codes.
//     Only cmd knows exit codes. A --leads run is a batch run (package
//     batch) over a Briefer.
//   - A batch builds one Engine and one Briefer per process, then runs many
//     leads concurrently, each with its own context deadline: the Briefer is
//     its batch.Runner. Briefer.Collect gathers a lead's ledger,
//     Briefer.RunLedger runs the loop over it (RunLead does both) and
//     returns the run's pipeline.Result (its contract.Outcome, verdict,
//     proof and typed model error) with the rendered brief files or the
//     failure report as bytes; Briefer.Run puts them in a batch.Record,
//     marked for a retry when the failure may pass. Publish writes them into
//     a folder as a separate step (brief.Publish).
//   - An MCP server checks documents given as text (Engine.Checker), collects
//     a lead's sources (Briefer.Collect) and writes a brief with a per-pass
//     progress callback (Briefer.RunLeadWithProgress), all cancellable by
//     context.
//   - A Go program adds its own oracle by registering its oracles.Plugin in
//     the Registry it passes in Deps and naming it in oracles.use; its own
//     YAML section, oracles.<name>, is decoded by its own settings type
//     (example_plugin_test.go). It adds its own model provider the same
//     way: an agents.Provider registered in Deps.Providers and named in
//     agents.<agent>.provider (example_provider_test.go).
//     An oracle that also implements oracles.Searcher is searched by
//     check's title search, and collection takes it as any Searcher
//     (example_search_test.go).
//   - `citeloop verify`/`watch` (package verify) look DOIs up again past
//     the cache (Engine.FreshOracle). A Briefer signs each brief's stamp
//     when BriefOptions.SigningKeyFile is set, and records its provenance.
//
// Dependencies run one way: engine imports batch, brief, pipeline, agents,
// gates, oracles and configs; nothing but the front ends, cmd and mcpserver
// (and programs outside the module), imports engine. An Engine, a Briefer and the oracles they build are safe for
// concurrent use; each oracle is built once per Engine, so the collector and
// the gate share one client and its rate limits.
package engine
