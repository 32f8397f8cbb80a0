// Package offline holds the agents that need no model: an extractive
// writer that states the findings of abstracts verbatim, a rule-based
// skeptic that objects to what a reader can see without a model, and the
// classifier of abstract sentences (finding, background, aim, method,
// fragment) both use. With them the whole loop runs, objections and
// repairs included, with no API key and no network.
package offline
