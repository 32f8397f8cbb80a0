package batch

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/riverqueue/river"
)

// Night jobs have their own kind and queue: one night runs at a time, and
// never in a lead's slot.
const (
	nightKind  = "citeloop_night"
	watchKind  = "citeloop_watch"
	nightQueue = "citeloop_night"
	// nightsID and watchID name the periodic jobs in River.
	nightsID = "citeloop-nights"
	watchID  = "citeloop-watch"
)

// Schedule gives the start of the first night after t. robfig/cron's
// Schedule (cron.ParseStandard, cron.Every) fits.
type Schedule interface {
	Next(t time.Time) time.Time
}

// Clock maps River's wall-clock time to the schedule's time and back. nil
// is the identity, which production uses. River waits for each night with
// a real timer, so a test passes a clock that runs faster than the wall
// (a day in a fraction of a second) instead of waiting for one.
type Clock interface {
	// ScheduleTime is the schedule's time at the wall-clock time real.
	ScheduleTime(real time.Time) time.Time
	// RealTime is the wall-clock time at the schedule's time t.
	RealTime(t time.Time) time.Time
}

type identity struct{}

func (identity) ScheduleTime(t time.Time) time.Time { return t }
func (identity) RealTime(t time.Time) time.Time     { return t }

// Nightly makes an engine run a leads file (or every leads file of a
// folder) at each time of a schedule, on River's periodic jobs: at each
// night's time River's elected leader enqueues a night job, unique per
// night, and a night worker (one at a time, in its own queue) reads the
// files, enqueues their leads as the night's runs, one run per file, with
// their outcomes going to OutDir/<night>/ (OutDir/<night>/<file>/ for a
// folder), waits until each has one, and writes each run's summary.json
// there. All nights share the engine's database, so a lead whose sources
// did not change since its last verified brief, the night before or any
// earlier one, ends "unchanged" without a model call. The retraction watch
// (Watch) is a second periodic job of the same queue and schedule, unique
// per night too. A process that was down when nights were due runs the
// latest of them once when it starts, and logs how many it skipped.
type Nightly struct {
	// Schedule times the nights, read on Clock.
	Schedule Schedule
	// Clock is the schedule's clock (nil: the wall clock).
	Clock Clock
	// File is the leads file, or a folder whose every .yaml, .yml,
	// .jsonl, .ndjson and .csv file is one, read again each night. A file
	// that cannot be read or holds no lead makes a failed night (its
	// summary says why), and the next night reads it again. "" runs no
	// leads (a schedule of the watch alone).
	File string
	// Force re-writes briefs even when a lead's sources did not change.
	Force bool
	// Watch, when set, runs once each night (the retraction watch over a
	// folder of briefs), told the night's time; an error is retried as
	// River retries a job.
	Watch func(ctx context.Context, at time.Time) error
	// Ended, when set, is called once each run of a night has its
	// summary.json in its folder (to write its report and an index of the
	// nights), on the process that finished the night.
	Ended func(ctx context.Context, n Night)
}

// Night is one run of a night: the night's leads file, or one file of its
// folder.
type Night struct {
	// At is the night's time on the schedule's clock; Dir the run's
	// folder, and File its leads file.
	At      time.Time
	Dir     string
	File    string
	Summary Summary
	// Err says why no lead ran (the leads file could not be read, or held
	// no lead): a failed night.
	Err error
}

// NightFolder names the folder of the night at t: its start in UTC, in
// one format whatever the schedule ("2026-12-01T020000Z"), so nights sort
// by name and two nights of a day never share a folder.
func NightFolder(t time.Time) string { return t.UTC().Format("2006-01-02T150405Z") }

// NightArgs is a night job. At, the night's time on the schedule's clock,
// makes it unique, so a night is enqueued once whatever happens to the
// process that enqueued it.
type NightArgs struct {
	At time.Time `json:"at" river:"unique"`
}

// Kind is the job kind River stores.
func (NightArgs) Kind() string { return nightKind }

// InsertOpts puts nights in their queue, unique in every state.
func (NightArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: nightQueue, MaxAttempts: 25,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: allStates}}
}

// WatchArgs is a night's retraction watch, unique per night as a night is.
type WatchArgs struct {
	At time.Time `json:"at" river:"unique"`
}

// Kind is the job kind River stores.
func (WatchArgs) Kind() string { return watchKind }

// InsertOpts puts watches in the nights' queue, unique in every state.
func (WatchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: nightQueue, MaxAttempts: 25,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: allStates}}
}

// riverSchedule is the Nightly's schedule as River sees it, in wall-clock
// time. It remembers the night it last gave River: River calls the periodic
// job's constructor when that night is due, then asks for the next one from
// the very time it was given, so the constructor can name the night exactly
// on the schedule's clock (not a time mapped back and forth).
type riverSchedule struct {
	sched Schedule
	clock Clock

	mu   sync.Mutex
	at   time.Time // the last night given, on the schedule's clock
	real time.Time // the same, as given to River
}

// Next implements river.PeriodicSchedule.
func (s *riverSchedule) Next(now time.Time) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	from := s.clock.ScheduleTime(now)
	if !s.at.IsZero() && now.Equal(s.real) {
		from = s.at // the night just enqueued: the next is after it
	}
	s.at = s.sched.Next(from)
	s.real = s.clock.RealTime(s.at)
	return s.real
}

// night is the night River is enqueueing.
func (s *riverSchedule) night() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.at
}

// addNights registers the night and watch workers, their queue and the
// periodic jobs in the client's configuration.
func (e *Engine) addNights(workers *river.Workers, rc *river.Config) error {
	n := e.cfg.Nightly
	switch {
	case n.Schedule == nil:
		return errors.New("nightly: no schedule")
	case n.File == "" && n.Watch == nil:
		return errors.New("nightly: no leads file and no watch")
	case n.File != "" && e.cfg.OutDir == "":
		return errors.New("nightly: no output folder (Config.OutDir)")
	}
	clock := n.Clock
	if clock == nil {
		clock = identity{}
	}
	e.nights = &nightWorker{e: e}
	rc.Queues[nightQueue] = river.QueueConfig{MaxWorkers: 1}
	if n.File != "" {
		if err := river.AddWorkerSafely(workers, e.nights); err != nil {
			return err
		}
		sched := &riverSchedule{sched: n.Schedule, clock: clock}
		rc.PeriodicJobs = append(rc.PeriodicJobs, river.NewPeriodicJob(sched,
			func() (river.JobArgs, *river.InsertOpts) { return NightArgs{At: sched.night()}, nil },
			&river.PeriodicJobOpts{ID: nightsID}))
	}
	if n.Watch != nil {
		if err := river.AddWorkerSafely(workers, &watchWorker{e: e}); err != nil {
			return err
		}
		sched := &riverSchedule{sched: n.Schedule, clock: clock}
		rc.PeriodicJobs = append(rc.PeriodicJobs, river.NewPeriodicJob(sched,
			func() (river.JobArgs, *river.InsertOpts) { return WatchArgs{At: sched.night()}, nil },
			&river.PeriodicJobOpts{ID: watchID}))
	}
	return nil
}

// outcomeDir is where a lead job's outcome goes: OutDir, or the folder dir
// names inside it (a night's). A dir that leaves OutDir is refused.
func outcomeDir(out, dir string) (string, error) {
	if dir == "" {
		return out, nil
	}
	if !filepath.IsLocal(dir) {
		return "", fmt.Errorf("outcome folder %q is not inside the output folder", dir)
	}
	return filepath.Join(out, dir), nil
}
