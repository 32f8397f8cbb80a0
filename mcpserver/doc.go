// Package mcpserver serves citeloop to other agents over the Model Context
// Protocol: check_citations, verify_quote, collect_sources, write_brief and
// verify_brief, each a typed tool over the engine, so an agent can check a
// citation before it answers.
//
// It is a front end like cmd/citeloop: it imports engine, and nothing in
// engine imports it. The caller chooses the transport: stdio (Stdio, which
// answers a malformed line with a JSON-RPC error and goes on), or
// streamable HTTP, where ServeHTTP owns the listener and its rules
// (http.go): a loopback address unless remote access is allowed and a
// bearer token, from CITELOOP_MCP_TOKEN, guards every request. Tool
// descriptions say which oracles answer, from the running configuration.
// The CLI keeps the flags and the exit codes.
//
// Every failure is a tool error (an IsError result) whose first text names
// the end reason, so a calling agent can branch on it; a brief is returned
// only when the gate verified it.
package mcpserver
