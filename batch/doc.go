// Package batch runs many leads durably and concurrently on River
// (github.com/riverqueue/river): each lead is one job, so a crashed process
// loses nothing (the job is released or rescued and run again from the
// start), a lead never gets two outcomes (jobs are unique per run and lead,
// and every lead job ends completed with its outcome recorded), and several
// machines can share one PostgreSQL queue.
//
// The package knows nothing of agents, oracles or rendering: it drives a
// Runner, which collects a lead's ledger and runs the maker/checker loop over
// it, and stores what the Runner returns. The "unchanged" check sits between
// the two calls, so a lead whose sources did not change costs no model call.
//
// Front ends need no more than two calls: RunFile runs a leads file once
// (LoadFile reads it), as `citeloop batch` does; RunNights runs it at each
// time of a schedule on River's periodic jobs, one folder per night and one
// database for all nights, as `citeloop batch --schedule` does. Rendering
// (the report, the index of nights) is theirs, through hooks.
package batch
