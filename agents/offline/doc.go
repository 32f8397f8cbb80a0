// Package offline holds the agents that need no model: an extractive
// writer that quotes abstract sentences verbatim and a rule-based skeptic.
// With them the whole loop runs with no API key and no network.
package offline
