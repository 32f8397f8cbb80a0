package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/leads"
)

// Exit codes. They are part of the CLI's contract: scripts and batch jobs
// branch on them.
const (
	exitOK                = 0   // verified brief written / all DOIs found
	exitInternal          = 1   // internal error
	exitUsage             = 2   // usage or configuration error
	exitNotVerified       = 3   // iteration_cap or no_progress; check: some DOI wrong, or none at all
	exitOracleUnavailable = 4   // an oracle could not answer
	exitRefused           = 5   // the sources do not support a brief
	exitModelError        = 6   // a model call failed
	exitOutputUnwritable  = 7   // batch, worker: a write no retry heals (no space, read-only, permission)
	exitInterrupted       = 130 // interrupted by SIGINT or SIGTERM
)

const exitCodesHelp = `Exit codes:
  0  verified brief written (check: every DOI found and matching)
  1  internal error
  2  usage or configuration error
  3  not verified: iteration_cap or no_progress (check: some DOI not_found,
     invalid, retracted, erratum, mismatch or no_doi, or no DOI at all)
  4  oracle unavailable: an oracle could not answer; nothing was written
     (check: some DOI unknown and nothing worse)
  5  refused: the sources do not support a brief (too few, or the writer
     abstained)
  6  model error: a model call failed or returned something unusable
  7  output unwritable (batch, worker): no space, read-only or refused; stopped
     at once, what was written kept (an --out unwritable at start is 2)
  130 interrupted (SIGINT/SIGTERM): stopped cleanly, nothing half-written`

// exitError carries an exit code with its cause.
type exitError struct {
	code int
	err  error
	// said is true when the command already told the user (a refusal on
	// stdout): main then does not say it again on stderr.
	said bool
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks err as a usage or configuration error (exit 2).
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// endReasonCode maps a run's end reason to its exit code.
func endReasonCode(r contract.EndReason) int {
	switch r {
	case contract.Verified:
		return exitOK
	case contract.IterationCap, contract.NoProgress:
		return exitNotVerified
	case contract.OracleUnavailable:
		return exitOracleUnavailable
	case contract.Refused:
		return exitRefused
	case contract.ModelError:
		return exitModelError
	case contract.Errored:
		return exitInternal
	default:
		return exitInternal
	}
}

// alreadySaid reports whether err was already told to the user.
func alreadySaid(err error) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.said
}

// exitCode maps an error from run to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, batch.ErrOutputUnwritable):
		return exitOutputUnwritable
	case errors.Is(err, configs.ErrInvalid), errors.Is(err, collect.ErrSources), errors.Is(err, leads.ErrInvalidLead), errors.Is(err, engine.ErrInput), errors.Is(err, check.ErrInput):
		return exitUsage
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	default:
		return exitInternal
	}
}
