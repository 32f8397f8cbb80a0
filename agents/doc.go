// Package agents implements citeloop's writer and skeptic: the model-backed
// agents (prompts embedded under prompts/, Gemini and OpenAI-compatible
// backends, response guards) and the deterministic offline agents that let
// the whole loop run with no model at all. It knows nothing of oracles; it
// consumes and produces the types of contract.
package agents
