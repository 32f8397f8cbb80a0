// Package batch runs many leads durably and concurrently on River
// (github.com/riverqueue/river): each lead is one job, so a crashed process
// loses nothing (the job is released or rescued and run again from the
// start), a lead never gets two outcomes (jobs are unique per run and lead,
// and every lead job ends completed with its Record stored), and several
// machines can share one PostgreSQL queue.
//
// It runs no model and renders no brief itself: it drives a Runner
// (engine.Briefer is one), which collects a lead's ledger and runs the
// maker/checker loop over it, and stores the Record the Runner returns: the
// lead's contract.Outcome with its rendered files. The "unchanged" check sits
// between the two calls, so a lead whose sources did not change costs no
// model call. Of the oracles it knows only that a collection failing with
// oracles.ErrUnavailable is retried; of briefs, their file names (package
// brief), to write a lead's folder.
//
// Front ends need one call each: RunFile runs a leads file once (LoadFile
// reads and checks it), as `citeloop batch` does; RunWorker works a queue
// that others fill and, with a Nightly, runs a leads file (or a folder of
// them) and a retraction watch at each time of a schedule on River's
// periodic jobs, unique per night, one folder per night and one database
// for all nights, as `citeloop worker` does (RunNights is RunWorker with
// nights, as `citeloop batch --schedule`). Each reports on itself through a
// Monitor: a Tally of the endings, its log lines, the Prometheus series of
// batch/metrics, served while it runs, and River's UI over its database.
// The report and the index of nights are the front end's to render,
// through hooks (batch/report fits).
//
// No lead is lost in silence: a lead's outcome is recorded before River
// completes its job, and a job run again after a crash ends with it; a job
// River gives up on is a failed lead; a write no retry heals stops the
// batch (OutputError).
package batch
