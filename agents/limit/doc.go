// Package limit holds a process's model calls to each provider's requests
// and tokens per minute, however many leads run at once. It is a decorator:
// Limits.Wrap takes a writer and a skeptic and returns them with every call
// waiting for its provider's Limiter, as restic's backend/limiter wraps a
// backend. It knows nothing of the models behind the interfaces.
package limit
