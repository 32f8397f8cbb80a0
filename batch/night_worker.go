package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/internal/atomicfile"
)

// nightMarker, in a night's folder, holds the night's run, so a night
// resumed after a crash finds its folder again.
const nightMarker = ".citeloop-night"

// nightWorker runs one night job: the night's leads, its summary, Ended.
type nightWorker struct {
	river.WorkerDefaults[NightArgs]
	e *Engine
	// stop, set by RunNights before the client starts, is done when the
	// nights must end: a night waiting for its leads gives up its slot at
	// once (its leads get StopGrace), and no new night starts.
	stop context.Context
}

// Timeout is none: a night lasts as long as its leads (each has its own
// deadline), and River never rescues a night job as stuck.
func (w *nightWorker) Timeout(*river.Job[NightArgs]) time.Duration { return -1 }

func (w *nightWorker) Work(ctx context.Context, job *river.Job[NightArgs]) error {
	stop := w.stop
	if stop == nil {
		stop = context.Background()
	}
	if stop.Err() != nil {
		return river.JobSnooze(0) // the next process runs this night
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(stop, cancel)()
	err := w.night(ctx, job.Args.At)
	if err != nil && stop.Err() != nil {
		// Interrupted: its leads stay queued, and the next process
		// resumes the night in the same folder.
		return river.JobSnooze(0)
	}
	return err
}

// NightRun names the run of the night at t.
func NightRun(t time.Time) string { return "night-" + t.UTC().Format("20060102T150405Z") }

func (w *nightWorker) night(ctx context.Context, at time.Time) error {
	e, n := w.e, w.e.cfg.Nightly
	run := NightRun(at)
	name, err := nightFolder(e.cfg.OutDir, at, run)
	if err != nil {
		return fmt.Errorf("night %s: %w", run, err)
	}
	log := e.cfg.Logger.With(zap.String("night", name), zap.String("run", run))
	night := Night{At: at, Dir: filepath.Join(e.cfg.OutDir, name)}
	sum := Summary{Run: run, File: n.File}
	f, err := LoadFile(n.File)
	if err != nil {
		log.Warn("night without leads: the leads file cannot be read", zap.Error(err))
		night.Err = err
		sum.InvalidRows = []string{err.Error()}
	} else {
		log.Info("night started", zap.Int("leads", f.Count), zap.Int("invalid_rows", len(f.Invalid)))
		leads := func(yield func(Lead, error) bool) {
			for l, err := range f.Leads() {
				l.Dir = name
				if !yield(l, err) {
					return
				}
			}
		}
		if _, sum.Enqueued, err = e.enqueue(ctx, run, nightSource(f.Source), leads, n.Force); err != nil {
			return err
		}
		if err := e.Wait(ctx, run); err != nil {
			return err
		}
		sum.File, sum.InvalidRows = f.Path, f.Invalid
	}
	// Workers on other machines wrote no files: gather them.
	gather := night.Err == nil && !e.store.embedded
	if err := e.record(ctx, &sum, night.Dir, gather); err != nil {
		return fmt.Errorf("night %s: %w", run, err)
	}
	night.Summary = sum
	log.Info("night done", zap.Int("leads", sum.Ended), zap.Int("pending", sum.Pending))
	if n.Ended != nil {
		n.Ended(ctx, night)
	}
	return nil
}

// nightFolder is the folder, in out, of the night at t, made if needed: its
// date, or its date and time when the date's folder belongs to another
// night (a schedule that runs more than once a day). A night resumed after
// a crash gets its own folder back.
func nightFolder(out string, t time.Time, run string) (string, error) {
	for _, name := range []string{t.Format("2006-01-02"), t.Format("2006-01-02T150405")} {
		dir := filepath.Join(out, name)
		marker := filepath.Join(dir, nightMarker)
		data, err := os.ReadFile(marker)
		switch {
		case err == nil && strings.TrimSpace(string(data)) == run:
			return name, nil
		case err == nil:
			continue // another night's
		case !errors.Is(err, os.ErrNotExist):
			return "", err
		}
		if _, err := os.Stat(dir); err == nil {
			continue // a folder this package did not make
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if err := atomicfile.WriteFile(marker, []byte(run+"\n")); err != nil {
			return "", err
		}
		return name, nil
	}
	return "", fmt.Errorf("the folders of %s in %s belong to other nights", t.Format(time.RFC3339), out)
}

// nightSource is the source a night's run is enqueued under: not the leads
// file's own, so a plain batch of the same file never adopts an
// interrupted night's run (the night's own process resumes it).
func nightSource(source string) string { return "night:" + source }
