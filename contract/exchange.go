package contract

import "time"

// Reason is a gate's reason code for a failed check.
type Reason string

// The gate's reason codes, in the order the gate checks them.
const (
	ReasonInvalidDOI        Reason = "invalid_doi"
	ReasonNotInSources      Reason = "not_in_sources"
	ReasonNotFound          Reason = "not_found"
	ReasonOracleUnavailable Reason = "oracle_unavailable"
	ReasonQuoteNotFound     Reason = "quote_not_found"
	ReasonRetracted         Reason = "retracted"
	ReasonUncited           Reason = "uncited"
	ReasonOpenObjection     Reason = "open_objection"
)

// Diagnostic is one gate failure, precise enough for the writer to fix it.
type Diagnostic struct {
	// ClaimID names the claim; "" for the title or a heading.
	ClaimID string `json:"claim_id"`
	// Section is, for a heading's diagnostic (ClaimID ""), the heading's
	// section, from 1; 0 with no ClaimID is the title's.
	Section int    `json:"section,omitempty"`
	DOI     string `json:"doi,omitempty"`
	Reason  Reason `json:"reason"`
	// Quote is the quote that failed, when the reason is about it.
	Quote string `json:"quote,omitempty"`
	// Kind is the objection's kind when the reason is open_objection.
	Kind   ObjectionKind `json:"kind,omitempty"`
	Detail string        `json:"detail,omitempty"`
}

// OnTitle reports whether d is about the draft's title.
func (d Diagnostic) OnTitle() bool { return d.ClaimID == "" && d.Section == 0 }

// OnHeading returns the section (from 1) whose heading d is about.
func (d Diagnostic) OnHeading() (int, bool) { return d.Section, d.ClaimID == "" && d.Section > 0 }

// WriteRequest is everything a writer gets for one pass. On a repair pass
// Previous is the last draft and Diagnostics and Objections say what to fix.
type WriteRequest struct {
	Lead        Lead
	Ledger      Ledger
	Iteration   int
	Previous    *Draft
	Diagnostics []Diagnostic
	Objections  []Objection
}

// Repair reports whether this is a repair pass.
func (r WriteRequest) Repair() bool { return r.Previous != nil }

// ReviewRequest is what the skeptic gets: the draft and the evidence.
type ReviewRequest struct {
	Lead      Lead
	Ledger    Ledger
	Iteration int
	Draft     Draft
}

// Usage accounts for one or more model calls.
type Usage struct {
	Calls          int           `json:"calls"`
	PromptTokens   int           `json:"prompt_tokens"`
	OutputTokens   int           `json:"output_tokens"`
	ThinkingTokens int           `json:"thinking_tokens"`
	Latency        time.Duration `json:"latency_ns"`
	Model          string        `json:"model,omitempty"`
}

// Add accumulates o into u.
func (u *Usage) Add(o Usage) {
	u.Calls += o.Calls
	u.PromptTokens += o.PromptTokens
	u.OutputTokens += o.OutputTokens
	u.ThinkingTokens += o.ThinkingTokens
	u.Latency += o.Latency
	if u.Model == "" {
		u.Model = o.Model
	}
}

// WriteResult is a writer's answer with its cost.
type WriteResult struct {
	Draft Draft
	Usage Usage
}

// ReviewResult is a skeptic's answer with its cost.
type ReviewResult struct {
	Objections Objections
	Usage      Usage
}
