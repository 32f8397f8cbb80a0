package batch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/internal/atomicfile"
)

// nightWorker runs one night job: it starts the night (reads its leads
// files and enqueues their runs, once), waits until every lead of the
// night has an outcome, writes each run's summary and calls Ended.
type nightWorker struct {
	river.WorkerDefaults[NightArgs]
	e *Engine
	// stop, set by the runner before the client starts, is done when the
	// nights must end: a night waiting for its leads gives up its slot at
	// once (its leads get StopGrace), and no new night starts.
	stop context.Context
}

// Timeout is twice the per-lead deadline: a night waits for its leads at
// most half a deadline at a time (then River runs the job again), which
// leaves the rest for its summaries. River rescues a job only once it is
// past its timeout, so a night job of a process that died is taken back
// (after twice the deadline, as a lead's), never left running forever.
func (w *nightWorker) Timeout(*river.Job[NightArgs]) time.Duration { return 2 * w.e.cfg.Deadline }

func (w *nightWorker) Work(ctx context.Context, job *river.Job[NightArgs]) error {
	stop := stopOf(w.stop)
	if stop.Err() != nil {
		return river.JobSnooze(0) // the next process runs this night
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(stop, cancel)()
	err := w.night(ctx, job.Args.At)
	if err != nil && (stop.Err() != nil || errors.Is(err, errNightStillRunning)) {
		// Interrupted, or still running after a long wait: its leads stay
		// queued, and the night job runs again (here or on the next
		// process) and resumes the night in the same folder. A night
		// job never runs long enough for River to take it for a stuck
		// one (twice the per-lead deadline).
		return river.JobSnooze(0)
	}
	return err
}

// stopOf is stop, or a context that never ends.
func stopOf(stop context.Context) context.Context {
	if stop == nil {
		return context.Background()
	}
	return stop
}

// errNightStillRunning ends a night job's wait for its leads.
var errNightStillRunning = errors.New("the night's leads are still running")

// NightRun names the run of the night at t.
func NightRun(t time.Time) string { return "night-" + t.UTC().Format("20060102T150405Z") }

func (w *nightWorker) night(ctx context.Context, at time.Time) error {
	e := w.e
	name := NightFolder(at)
	log := e.cfg.Logger.With(zap.String("night", name))
	parts, err := w.start(ctx, at, log)
	if err != nil {
		return fmt.Errorf("night %s: %w", name, err)
	}
	// Wait for the night's leads, at most half the per-lead deadline at a
	// time: the job's timeout (twice the deadline) is then far off when it
	// ends, and River never takes a live night for a stuck one.
	waitCtx, cancel := context.WithTimeoutCause(ctx, e.cfg.Deadline/2, errNightStillRunning)
	defer cancel()
	for _, p := range parts {
		if p.Run == "" {
			continue
		}
		if err := e.Wait(waitCtx, p.Run); err != nil {
			if errors.Is(context.Cause(waitCtx), errNightStillRunning) && ctx.Err() == nil {
				return errNightStillRunning
			}
			return err
		}
	}
	for _, p := range parts {
		if err := w.finish(ctx, at, p, log); err != nil {
			return fmt.Errorf("night %s: %w", name, err)
		}
	}
	return nil
}

// start reads the night's leads files and enqueues each as a run, unless
// an earlier attempt of the night did: the night-part table records each
// file as it is enqueued, and the night as started once all are. It
// returns the night's parts.
func (w *nightWorker) start(ctx context.Context, at time.Time, log *zap.Logger) ([]nightPart, error) {
	e, n := w.e, w.e.cfg.Nightly
	parts, err := e.store.nights.list(ctx, at)
	if err != nil {
		return nil, err
	}
	parts = slices.DeleteFunc(parts, func(p nightPart) bool { return p.Part == watchPart })
	if i := slices.IndexFunc(parts, func(p nightPart) bool { return p.Part == "" }); i >= 0 {
		return slices.Delete(parts, i, i+1), nil // started by an earlier attempt
	}
	name := NightFolder(at)
	files, err := nightFiles(n.File)
	if err != nil {
		parts = append(parts, nightPart{Part: "~", Dir: name, File: n.File, Err: err.Error()})
		if err := e.store.nights.put(ctx, at, parts[len(parts)-1]); err != nil {
			return nil, err
		}
		files = nil
	}
	if err := os.MkdirAll(filepath.Join(e.cfg.OutDir, name), 0o755); err != nil {
		return nil, err
	}
	total := 0
	for _, nf := range files {
		if slices.ContainsFunc(parts, func(p nightPart) bool { return p.Part == nf.key() }) {
			continue // enqueued by an attempt that died before it was done
		}
		p, err := w.enqueue(ctx, at, nf, log)
		if err != nil {
			return nil, err
		}
		if err := e.store.nights.put(ctx, at, p); err != nil {
			return nil, err
		}
		total += p.Leads
		parts = append(parts, p)
	}
	if err := e.store.nights.put(ctx, at, nightPart{}); err != nil { // started
		return nil, err
	}
	if rs, ok := e.cfg.Observer.(RunStarter); ok {
		rs.RunStarted(NightRun(at), total)
	}
	slices.SortFunc(parts, func(a, b nightPart) int { return strings.Compare(a.Part, b.Part) })
	return parts, nil
}

// nightFile is one leads file of a night and the part of the night it is.
type nightFile struct {
	path string
	// part names the run's sub-folder in the night's folder; "" for the
	// night's one file.
	part string
}

// key is the file's part in the night-part table: its sub-folder, or "-"
// for the night's one file ("" marks the night started).
func (f nightFile) key() string { return cmp.Or(f.part, "-") }

// leadsExts are the extensions of leads files in a folder of them.
var leadsExts = []string{".yaml", ".yml", ".jsonl", ".ndjson", ".csv"}

// nightFiles lists the leads files of a night: path itself, or each leads
// file of the folder path, in name order, named by its name without its
// extension (with it, when two files share one).
func nightFiles(path string) ([]nightFile, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []nightFile{{path: path}}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []nightFile
	stems := map[string]int{}
	for _, de := range entries {
		ext := strings.ToLower(filepath.Ext(de.Name()))
		if de.IsDir() || strings.HasPrefix(de.Name(), ".") || !slices.Contains(leadsExts, ext) {
			continue
		}
		out = append(out, nightFile{path: filepath.Join(path, de.Name()), part: strings.TrimSuffix(de.Name(), filepath.Ext(de.Name()))})
		stems[strings.ToLower(out[len(out)-1].part)]++
	}
	for i, f := range out {
		if stems[strings.ToLower(f.part)] > 1 || checkKey(f.part, f.part) != "" {
			out[i].part = strings.Trim(unsafeKey.ReplaceAllString(filepath.Base(f.path), "_"), "._")
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no leads file (%s)", path, strings.Join(leadsExts, ", "))
	}
	return out, nil
}

// runSafe keeps what a run name may hold (River tags allow no more).
var runSafe = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// enqueue reads one leads file of the night at and enqueues its leads as
// a run, their outcomes in the night's folder (or its part's sub-folder).
// A file that cannot be read or holds no lead is a part without a run,
// which the night's summary says.
func (w *nightWorker) enqueue(ctx context.Context, at time.Time, nf nightFile, log *zap.Logger) (nightPart, error) {
	e, n := w.e, w.e.cfg.Nightly
	run := NightRun(at)
	dir := NightFolder(at)
	if nf.part != "" {
		run += "-" + runSafe.ReplaceAllString(nf.part, "_")
		dir = filepath.Join(dir, nf.part)
	}
	p := nightPart{Part: nf.key(), Run: run, Dir: dir, File: nf.path}
	f, err := LoadFile(nf.path)
	if err != nil {
		log.Warn("a failed night: the leads file cannot be read or holds no lead", zap.String("file", nf.path), zap.Error(err))
		p.Run, p.Err = "", err.Error()
		return p, nil
	}
	if err := os.MkdirAll(filepath.Join(e.cfg.OutDir, dir), 0o755); err != nil {
		return p, err
	}
	if err := atomicfile.RemoveTemps(filepath.Join(e.cfg.OutDir, dir)); err != nil {
		return p, err
	}
	leads := func(yield func(Lead, error) bool) {
		for l, err := range f.Leads() {
			l.Dir, l.Scope = dir, nf.part
			if !yield(l, err) {
				return
			}
		}
	}
	read, added, err := e.enqueue(ctx, run, nightSource(f.Source), leads, n.Force)
	if err != nil {
		return p, err
	}
	log.Info("night started", zap.String("file", nf.path), zap.String("run", run), zap.Int("leads", read), zap.Int("added", added), zap.Int("invalid_rows", len(f.Invalid)))
	p.Leads, p.Invalid = read, strings.Join(f.Invalid, "\n")
	return p, nil
}

// finish writes the summary of part p of the night at into its folder and
// calls Ended.
func (w *nightWorker) finish(ctx context.Context, at time.Time, p nightPart, log *zap.Logger) error {
	e, n := w.e, w.e.cfg.Nightly
	night := Night{At: at, Dir: filepath.Join(e.cfg.OutDir, p.Dir), File: p.File}
	sum := Summary{Run: p.Run, File: p.File, Error: p.Err}
	if p.Invalid != "" {
		sum.InvalidRows = strings.Split(p.Invalid, "\n")
	}
	if p.Err != "" {
		night.Err = errors.New(p.Err)
		sum.Run = NightRun(at)
		sum.InvalidRows = []string{p.Err}
	}
	// Workers on other machines wrote no files: gather them.
	gather := p.Run != "" && !e.store.embedded
	if err := e.record(ctx, &sum, night.Dir, gather); err != nil {
		return err
	}
	night.Summary = sum
	log.Info("night done", zap.String("run", sum.Run), zap.Int("leads", sum.Ended), zap.Int("pending", sum.Pending), zap.Bool("failed", p.Err != ""))
	if n.Ended != nil {
		n.Ended(ctx, night)
	}
	return nil
}

// nightSource is the source a night's run is enqueued under: not the leads
// file's own, so a plain batch of the same file never adopts an
// interrupted night's run (the night's own process resumes it).
func nightSource(source string) string { return "night:" + source }

// watchWorker runs one night's watch job.
type watchWorker struct {
	river.WorkerDefaults[WatchArgs]
	e *Engine
}

// Timeout is twice the per-lead deadline, as a night's.
func (w *watchWorker) Timeout(*river.Job[WatchArgs]) time.Duration { return 2 * w.e.cfg.Deadline }

func (w *watchWorker) Work(ctx context.Context, job *river.Job[WatchArgs]) error {
	e := w.e
	stop := stopOf(e.nights.stop)
	if stop.Err() != nil {
		return river.JobSnooze(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(stop, cancel)()
	log := e.cfg.Logger.With(zap.String("night", NightFolder(job.Args.At)))
	// A watch an earlier attempt finished stands: what was lost is River's
	// completion of the job (the process died), not the watch.
	parts, err := e.store.nights.list(ctx, job.Args.At)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(parts, func(p nightPart) bool { return p.Part == watchPart }) {
		log.Info("watch already done by an earlier attempt; not run again", zap.Int("attempt", job.Attempt))
		return nil
	}
	if err := e.cfg.Nightly.Watch(ctx, job.Args.At); err != nil {
		if stop.Err() != nil {
			return river.JobSnooze(0)
		}
		log.Warn("watch failed; River runs it again", zap.Int("attempt", job.Attempt), zap.Error(err))
		return err
	}
	if err := e.store.nights.put(context.WithoutCancel(ctx), job.Args.At, nightPart{Part: watchPart, Dir: NightFolder(job.Args.At)}); err != nil {
		return err
	}
	log.Info("watch done")
	return nil
}

// watchPart records in the night-part table that the night's watch ran.
const watchPart = "#watch"
