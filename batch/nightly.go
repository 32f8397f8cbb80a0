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
	nightQueue = "citeloop_night"
	// nightsID names the periodic job in River.
	nightsID = "citeloop-nights"
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

// Nightly makes an engine run a leads file at each time of a schedule, on
// River's periodic jobs: at each night's time River's elected leader
// enqueues a night job, and the night worker (one at a time, in its own
// queue) reads the file again, enqueues its leads as the night's run with
// their outcomes going to OutDir/<date>/, waits until each has one, and
// writes the night's summary.json there. All nights share the engine's
// database, so a lead whose sources did not change since its last verified
// brief, the night before or any earlier one, ends "unchanged" without a
// model call.
type Nightly struct {
	// Schedule times the nights, read on Clock.
	Schedule Schedule
	// Clock is the schedule's clock (nil: the wall clock).
	Clock Clock
	// File is the leads file, read again each night: a file broken since
	// the night before makes a night with no lead (its summary says why),
	// and the next night reads it again.
	File string
	// Force re-writes briefs even when a lead's sources did not change.
	Force bool
	// Ended, when set, is called once each night's summary.json is in its
	// folder (to write its report and an index of the nights).
	Ended func(ctx context.Context, n Night)
}

// Night is one night's run.
type Night struct {
	// At is the night's time on the schedule's clock; Dir its folder.
	At      time.Time
	Dir     string
	Summary Summary
	// Err says why no lead ran (the leads file could not be read).
	Err error
}

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

// addNights registers the night worker, its queue and the periodic job in
// the client's configuration.
func (e *Engine) addNights(workers *river.Workers, rc *river.Config) error {
	n := e.cfg.Nightly
	switch {
	case n.Schedule == nil:
		return errors.New("nightly: no schedule")
	case n.File == "":
		return errors.New("nightly: no leads file")
	case e.cfg.OutDir == "":
		return errors.New("nightly: no output folder (Config.OutDir)")
	}
	clock := n.Clock
	if clock == nil {
		clock = identity{}
	}
	e.nights = &nightWorker{e: e}
	if err := river.AddWorkerSafely(workers, e.nights); err != nil {
		return err
	}
	rc.Queues[nightQueue] = river.QueueConfig{MaxWorkers: 1}
	sched := &riverSchedule{sched: n.Schedule, clock: clock}
	rc.PeriodicJobs = append(rc.PeriodicJobs, river.NewPeriodicJob(sched,
		func() (river.JobArgs, *river.InsertOpts) { return NightArgs{At: sched.night()}, nil },
		&river.PeriodicJobOpts{ID: nightsID}))
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
