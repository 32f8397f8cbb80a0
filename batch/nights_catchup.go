package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"
)

// maxMissed bounds the nights counted when catching up: an --every 1m
// schedule down for a year has half a million.
const maxMissed = 10_000_000

// catchUp enqueues, once, the latest night (and watch) of the schedule
// that came while no process enqueued it, and logs how many it skipped:
// River's periodic jobs start from the next time of the schedule when a
// process starts or becomes River's leader, so a night due while every
// worker was down, or while the leader that died was being replaced,
// would never run; and running each missed night would run the same leads
// file several times in a row for nothing. A database that never ran a
// night has none to catch up. The night job is unique, so processes that
// catch up together, or with River's own enqueuer, enqueue it once.
func (e *Engine) catchUp(ctx context.Context) error {
	n := e.cfg.Nightly
	clock := n.Clock
	if clock == nil {
		clock = identity{}
	}
	for _, k := range []struct {
		kind string
		on   bool
		args func(time.Time) river.JobArgs
	}{
		{nightKind, n.File != "", func(t time.Time) river.JobArgs { return NightArgs{At: t} }},
		{watchKind, n.Watch != nil, func(t time.Time) river.JobArgs { return WatchArgs{At: t} }},
	} {
		if !k.on {
			continue
		}
		last, ok, err := e.latestAt(ctx, k.kind)
		if err != nil || !ok {
			return err
		}
		// The clock is read only once a night ran: a test's fast clock
		// starts its day when first read.
		now := clock.ScheduleTime(time.Now())
		var missed int
		var first, latest time.Time
		for t := n.Schedule.Next(last); !t.After(now) && missed < maxMissed; t = n.Schedule.Next(t) {
			if missed == 0 {
				first = t
			}
			missed++
			latest = t
		}
		if missed == 0 {
			continue
		}
		res, err := e.client.InsertMany(ctx, []river.InsertManyParams{{Args: k.args(latest)}})
		if err != nil {
			return fmt.Errorf("batch: enqueue the missed night %s: %w", NightFolder(latest), err)
		}
		fields := []zap.Field{zap.String("kind", k.kind), zap.String("last_ran", NightFolder(last)), zap.String("running", NightFolder(latest)), zap.Int("skipped", missed-1)}
		if missed > 1 {
			fields = append(fields, zap.String("first_skipped", NightFolder(first)))
		}
		switch {
		case len(res) == 1 && res[0].UniqueSkippedAsDuplicate:
			// Another process, or River's enqueuer, was first.
		case missed > 1:
			e.cfg.Logger.Warn("nights came while no process ran the schedule: the latest runs now, once; the earlier ones are skipped", fields...)
		default:
			e.cfg.Logger.Info("a night came while no process enqueued it: it runs now", fields...)
		}
	}
	return nil
}

// latestAt is the time of the newest job of kind (a night or a watch).
func (e *Engine) latestAt(ctx context.Context, kind string) (time.Time, bool, error) {
	res, err := e.client.JobList(ctx, river.NewJobListParams().Kinds(kind).States(allStates...).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(1))
	if err != nil {
		return time.Time{}, false, fmt.Errorf("batch: find the last night: %w", err)
	}
	if len(res.Jobs) == 0 {
		return time.Time{}, false, nil
	}
	var a struct {
		At time.Time `json:"at"`
	}
	if err := json.Unmarshal(res.Jobs[0].EncodedArgs, &a); err != nil {
		return time.Time{}, false, fmt.Errorf("batch: job %d: args: %w", res.Jobs[0].ID, err)
	}
	return a.At, true, nil
}

// catchUpEvery is how often a worker catches up (see catchUp): River's
// leader may die and its successor start its periodic jobs from then.
func (e *Engine) catchUpEvery() time.Duration { return min(30*time.Second, 50*e.cfg.PollInterval) }

// keepCatchingUp calls catchUp every catchUpEvery until ctx is done or
// the engine halted.
func (e *Engine) keepCatchingUp(ctx context.Context) {
	t := time.NewTicker(e.catchUpEvery())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-e.halted:
			return
		case <-t.C:
			if err := e.catchUp(ctx); err != nil && ctx.Err() == nil {
				e.cfg.Logger.Warn("missed nights not caught up", zap.Error(err))
			}
		}
	}
}
