// Package gemini is the agents.Model backend for Gemini, on the Gemini API
// or Vertex AI, through google.golang.org/genai. Provider is its
// agents.Provider, listed as "gemini" in agents/all; FromEnv reads its variables (API keys, Vertex AI project and
// location, endpoints) through the host's lookup.
package gemini
