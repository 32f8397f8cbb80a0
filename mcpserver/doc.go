// Package mcpserver serves citeloop to other agents over the Model Context
// Protocol: check_citations, verify_quote, collect_sources and write_brief,
// each a typed tool over the engine, so an agent can check a citation
// before it answers.
//
// It is a front end like cmd/citeloop: it imports engine, and nothing in
// engine imports it. The transport (stdio or streamable HTTP) is the
// caller's choice; HTTP adds the listen-address and bearer-token rules of
// http.go.
//
// Every failure is a tool error (an IsError result) whose first text names
// the end reason, so a calling agent can branch on it; a brief is returned
// only when the gate verified it.
package mcpserver
