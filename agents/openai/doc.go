// Package openai is the agents.Model backend for OpenAI-compatible chat
// completion servers (OpenAI, Ollama, vLLM, llama.cpp) through
// github.com/openai/openai-go. Provider is its agents.Provider, listed as
// "openai" in agents/all; FromEnv reads OPENAI_API_KEY and OPENAI_BASE_URL
// through the host's lookup.
package openai
