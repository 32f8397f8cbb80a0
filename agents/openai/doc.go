// Package openai is the agents.Model backend for OpenAI-compatible chat
// completion servers (OpenAI, Ollama, vLLM, llama.cpp) through
// github.com/openai/openai-go.
package openai
