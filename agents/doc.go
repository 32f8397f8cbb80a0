// Package agents implements citeloop's prompt-driven writer and skeptic,
// shared by every model backend: prompts embedded under prompts/, the Model
// interface, the retry loop and response guards. The backends live in their
// own packages, built only when a model agent is: agents/gemini
// (google.golang.org/genai) and agents/openai (OpenAI-compatible servers).
// agents/offline holds the deterministic agents that run the whole loop
// with no model at all. None knows anything of oracles; they consume and
// produce the types of contract.
package agents
