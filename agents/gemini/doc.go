// Package gemini is the agents.Model backend for Gemini, on the Gemini API
// or Vertex AI, through google.golang.org/genai.
package gemini
