// Package agents implements citeloop's prompt-driven writer and skeptic,
// shared by every model backend: prompts embedded under prompts/, the Model
// interface, the retry loop and response guards, and the Provider registry
// (Providers) through which a backend is named in agents.<agent>.provider.
// The backends live in their own packages, each a Provider that owns its
// SDK and its environment variables (FromEnv), built only when a model
// agent is: agents/gemini (google.golang.org/genai) and agents/openai
// (OpenAI-compatible servers); agents/all lists them for main.
// agents/offline holds the deterministic agents that run the whole loop
// with no model at all, and agents/limit the rate-limit decorator. None
// knows anything of oracles; they consume and produce the types of
// contract.
package agents
