package engine

import (
	"errors"

	"github.com/citeloop/citeloop/agents"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/pipeline"
)

// transient reports whether a run ended for a reason that may pass later
// unchanged: an oracle that could not answer, or a model call that failed
// in transport (no HTTP status), with 408, 429 or a 5xx, or ran out of
// time. A blocked prompt, an answer that breaks the contract, other 4xx
// errors, iteration_cap, no_progress and refused are final. It decides on
// the typed agents.CallError the run's ModelErr holds, never on the
// message.
func transient(res pipeline.Result) bool {
	switch res.Reason {
	case contract.OracleUnavailable:
		return true
	case contract.ModelError:
		return transientModelError(res.ModelErr)
	}
	return false
}

func transientModelError(err error) bool {
	var ce *agents.CallError
	if !errors.As(err, &ce) {
		return false
	}
	switch ce.Kind {
	case agents.KindTimeout:
		return true
	case agents.KindAPIError:
		return ce.Status == 0 || ce.Status == 408 || ce.Status == 429 || ce.Status >= 500
	}
	return false
}
