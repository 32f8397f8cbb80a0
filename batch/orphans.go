package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

// ReleaseOrphans makes available again the leads (and nights) an embedded
// database shows running. Call it only while holding the folder's lock
// (LockDir) and before Work: then no live process can be running them, and
// they were left by one that died (SIGKILL, power loss). River's own rescue would wait
// twice the per-lead deadline for them; the lock makes that wait needless.
// It returns how many leads were released.
func (e *Engine) ReleaseOrphans(ctx context.Context) (int, error) {
	if !e.store.embedded {
		return 0, errors.New("batch: orphans are released only in an embedded database; River rescues them on a shared one")
	}
	res, err := e.client.JobList(ctx, river.NewJobListParams().Kinds(jobKind, nightKind).
		States(rivertype.JobStateRunning).First(10000))
	if err != nil {
		return 0, fmt.Errorf("batch: list running leads: %w", err)
	}
	if len(res.Jobs) == 0 {
		return 0, nil
	}
	// River's own clock, not cfg.Now: the horizon is compared with the
	// attempted_at River wrote.
	now := time.Now().UTC()
	p := &riverdriver.JobRescueManyParams{StuckHorizon: now.Add(time.Second)}
	for _, j := range res.Jobs {
		msg, err := json.Marshal(rivertype.AttemptError{At: now, Attempt: j.Attempt,
			Error: "the process running this lead ended without finishing it; released to run again"})
		if err != nil {
			return 0, err
		}
		p.ID = append(p.ID, j.ID)
		p.Error = append(p.Error, msg)
		p.FinalizedAt = append(p.FinalizedAt, nil)
		p.ScheduledAt = append(p.ScheduledAt, now.Add(-time.Second))
		p.State = append(p.State, string(rivertype.JobStateAvailable))
	}
	if _, err := e.store.executor.JobRescueMany(ctx, p); err != nil {
		return 0, fmt.Errorf("batch: release running leads: %w", err)
	}
	return len(res.Jobs), nil
}
