package contract

import "time"

// Iteration records one writer→skeptic→gate pass.
type Iteration struct {
	N          int            `json:"n"`
	Writer     Usage          `json:"writer"`
	Skeptic    Usage          `json:"skeptic"`
	Claims     int            `json:"claims"`
	Citations  int            `json:"citations"`
	Objections int            `json:"objections"`
	Failures   int            `json:"failures"`
	Reasons    map[Reason]int `json:"reasons,omitempty"`
	GateTime   time.Duration  `json:"gate_ns"`
}

// Metrics are a run's counts and costs.
type Metrics struct {
	Sources    int           `json:"sources"`
	Iterations []Iteration   `json:"iterations"`
	Writer     Usage         `json:"writer_total"`
	Skeptic    Usage         `json:"skeptic_total"`
	StartedAt  time.Time     `json:"started_at"`
	Duration   time.Duration `json:"duration_ns"`

	// Reasons counts the gate's failures over all passes by reason code
	// (number_not_in_quote, reference_in_text, ...), so a brief shows what
	// its writer had to be stopped from shipping.
	Reasons map[Reason]int `json:"failures_by_reason"`
}

// Tokens is every token the run's model calls spent: prompt, output and
// thinking, writer and skeptic.
func (m Metrics) Tokens() int { return m.Writer.Tokens() + m.Skeptic.Tokens() }

// Tokens is every token the calls spent: prompt, output and thinking.
func (u Usage) Tokens() int { return u.PromptTokens + u.OutputTokens + u.ThinkingTokens }
