package agents

import (
	"time"

	"go.uber.org/zap"
)

// Option configures a Writer or a Skeptic.
type Option func(*settings)

type settings struct {
	log             *zap.Logger
	retry           RetryPolicy
	timeout         time.Duration
	maxOutputTokens int
	seed            int64
	observe         func(CallEvent)
	repairPassages  PassagesFor
}

// Defaults: no logging, DefaultRetryPolicy, 120 s per call, 8192 output
// tokens, seed 7, temperature 0 (fixed).
func newSettings(opts []Option) settings {
	s := settings{
		log:             zap.NewNop(),
		retry:           DefaultRetryPolicy(),
		timeout:         120 * time.Second,
		maxOutputTokens: 8192,
		seed:            7,
	}
	for _, o := range opts {
		o(&s)
	}
	return s
}

// WithLogger logs every call (counts, codes and latency, never text).
func WithLogger(l *zap.Logger) Option {
	return func(s *settings) {
		if l != nil {
			s.log = l
		}
	}
}

// WithRetryPolicy replaces DefaultRetryPolicy.
func WithRetryPolicy(p RetryPolicy) Option { return func(s *settings) { s.retry = p } }

// WithTimeout sets the deadline of each model call (each attempt); 0 means
// only the caller's context bounds it.
func WithTimeout(d time.Duration) Option { return func(s *settings) { s.timeout = d } }

// WithMaxOutputTokens caps the answer (thinking included on Gemini 2.5); 0
// leaves the provider default.
func WithMaxOutputTokens(n int) Option { return func(s *settings) { s.maxOutputTokens = n } }

// WithSeed sets the sampling seed sent with every call.
func WithSeed(seed int64) Option { return func(s *settings) { s.seed = seed } }

func (s settings) caller(agent string, m Model) caller {
	return caller{agent: agent, model: m, log: s.log, retry: s.retry, timeout: s.timeout, observe: s.observe}
}

func (s settings) request(system, user, schemaName string, schema map[string]any) Request {
	return Request{
		System:          system,
		User:            user,
		SchemaName:      schemaName,
		Schema:          schema,
		Temperature:     0,
		Seed:            s.seed,
		MaxOutputTokens: s.maxOutputTokens,
	}
}
