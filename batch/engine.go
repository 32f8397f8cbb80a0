package batch

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
)

// Config sets up an Engine. Only Runner is needed to work leads; an engine
// without one only enqueues, lists and exports.
type Config struct {
	Runner Runner
	// Concurrency is how many leads run at once in this process (default 8).
	Concurrency int
	// Deadline bounds one attempt of one lead (default 20 minutes). River
	// rescues a job left running by a dead process only after twice this,
	// so a live lead is never run twice at once.
	Deadline time.Duration
	// MaxAttempts bounds the tries of a lead whose failure may pass
	// (default 5). The last attempt's outcome is final.
	MaxAttempts int
	// OutDir, when set, receives each outcome as its lead ends.
	OutDir string
	// RetryPolicy spaces retries; nil is River's default backoff.
	RetryPolicy river.ClientRetryPolicy
	// StopGrace is how long running leads may finish when the engine stops
	// before they are cancelled and released to the queue (default 30s).
	StopGrace time.Duration
	// PollInterval is how often the queue is polled for new jobs and for the
	// end of a run (default 1s).
	PollInterval time.Duration
	Logger       *zap.Logger
	// RiverLogger receives River's own logs (default: discarded).
	RiverLogger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Observer, when set, hears of each lead's ending in this process.
	Observer Observer
	// Nightly, when set with a Runner, runs a leads file on a schedule
	// (River's periodic jobs) into OutDir/<night>/.
	Nightly *Nightly
	// WriteFile stages each file of an outcome written to OutDir (nil:
	// the batch's WriteFile). A test passes one that fails as a full disk
	// does: a write error no retry heals stops the batch (OutputError).
	WriteFile WriteFunc

	// afterRecord, set by tests, runs once a lead's outcome is recorded
	// and before River completes its job (a test kills the process there).
	afterRecord func(key string)
}

// logger is the configured logger, or none.
func (c Config) logger() *zap.Logger {
	if c.Logger == nil {
		return zap.NewNop()
	}
	return c.Logger
}

func (c *Config) defaults() {
	if c.Concurrency < 1 {
		c.Concurrency = 8
	}
	if c.Deadline <= 0 {
		c.Deadline = 20 * time.Minute
	}
	if c.MaxAttempts < 1 {
		c.MaxAttempts = 5
	}
	if c.StopGrace <= 0 {
		c.StopGrace = 30 * time.Second
	}
	if c.PollInterval <= 0 {
		c.PollInterval = time.Second
	}
	if c.Logger == nil {
		c.Logger = zap.NewNop()
	}
	if c.RiverLogger == nil {
		c.RiverLogger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Observer == nil {
		c.Observer = Observers{}
	}
}

// Engine enqueues, works and gathers lead jobs on one Store.
type Engine struct {
	store  *Store
	cfg    Config
	client client
	nights *nightWorker // with Config.Nightly

	// halted is closed, and haltErr set, once a write error no retry heals
	// stops the engine's work (see halt).
	halted   chan struct{}
	haltOnce sync.Once
	haltErr  *OutputError

	// endedHere are the jobs whose ending this process told its observer
	// and that River has not reported completed yet: when River lost a
	// completion (the database went away) and runs the job again, the
	// recorded outcome is reused and not counted twice.
	endedMu   sync.Mutex
	endedHere map[int64]struct{}
}

// New builds an engine on store. It does not start working until Work.
func New(store *Store, cfg Config) (*Engine, error) {
	cfg.defaults()
	e := &Engine{store: store, cfg: cfg, halted: make(chan struct{}), endedHere: map[int64]struct{}{}}
	rc := &river.Config{
		Logger:                      cfg.RiverLogger,
		MaxAttempts:                 cfg.MaxAttempts,
		CompletedJobRetentionPeriod: -1, // outcomes are the record of every night
		// A lead's slot is refilled as soon as it ends: River fetches when a
		// job ends, but at most once per cooldown (its default of 100ms cost
		// a 500ms lead 10%, and 10ms still 1.5%). A slot that frees while a
		// fetch is in flight waits for the next job to end or the next poll,
		// and leads with like latencies end in waves, so with a 1s poll some
		// slots stood idle for a whole lead (29ms a lead on average on
		// PostgreSQL, 88% of the ideal). A poll finds every slot busy and
		// costs no query while the batch is saturated; an idle worker asks
		// the queue ten times a second (one indexed query).
		FetchPollInterval: min(100*time.Millisecond, cfg.PollInterval),
		FetchCooldown:     min(2*time.Millisecond, cfg.PollInterval),
	}
	if cfg.Runner != nil {
		workers := river.NewWorkers()
		if err := river.AddWorkerSafely(workers, &leadWorker{e: e}); err != nil {
			return nil, fmt.Errorf("batch: %w", err)
		}
		rc.Workers = workers
		rc.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Concurrency}}
		rc.JobTimeout = cfg.Deadline
		rc.RescueStuckJobsAfter = 2 * cfg.Deadline
		rc.RetryPolicy = cfg.RetryPolicy
		rc.SoftStopTimeout = cfg.StopGrace
		if cfg.Nightly != nil {
			if err := e.addNights(workers, rc); err != nil {
				return nil, fmt.Errorf("batch: %w", err)
			}
		}
	}
	c, err := store.newClient(rc)
	if err != nil {
		return nil, fmt.Errorf("batch: %w", err)
	}
	e.client = c
	return e, nil
}

// halt stops the engine's work for err, a write no retry heals: Wait
// returns err at once, and the front end stops the engine. The first error
// is kept; the leads it cut are retried by the next run of the command.
func (e *Engine) halt(err *OutputError) {
	e.haltOnce.Do(func() {
		e.haltErr = err
		close(e.halted)
		e.cfg.Logger.Error("the batch stops: its output cannot be written, and no retry heals that; what was written is kept",
			zap.String("path", err.Path), zap.Error(err.Err))
	})
}

// Halted returns the write error that stopped the engine, or nil.
func (e *Engine) Halted() error {
	select {
	case <-e.halted:
		return e.haltErr
	default:
		return nil
	}
}

// writeFile is the configured WriteFunc.
func (e *Engine) writeFile() WriteFunc {
	if e.cfg.WriteFile != nil {
		return e.cfg.WriteFile
	}
	return WriteFile
}

// leadLogger is the logger of one lead's attempt: every line it logs, the
// collector's, the loop's, the gate's and the agents' included (they take
// it from the context), carries the fields lead and job.
func (e *Engine) leadLogger(job *river.Job[LeadArgs]) *zap.Logger {
	return logging.ForLead(e.cfg.Logger, job.Args.Key, job.ID)
}

// NewRunID names a new run by its start time and a random suffix.
func NewRunID(now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// ResumableRun returns the run of source that the same command would
// finish: the newest whose summary is owed (its process died before
// summary.json and the report were whole), else the newest that still has
// unfinished leads, or "" when there is none.
func (e *Engine) ResumableRun(ctx context.Context, source string) (string, error) {
	run, err := e.store.runs.unsummarized(ctx, source)
	if err != nil {
		return "", fmt.Errorf("batch: find an unsummarised run: %w", err)
	}
	if run != "" {
		return run, nil
	}
	res, err := e.client.JobList(ctx, river.NewJobListParams().Kinds(jobKind).States(unfinished...).
		TagsAll(sourceTag(source)).OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(1))
	if err != nil {
		return "", fmt.Errorf("batch: find an unfinished run: %w", err)
	}
	if len(res.Jobs) == 0 {
		return "", nil
	}
	args, err := leadArgs(res.Jobs[0])
	if err != nil {
		return "", err
	}
	return args.Run, nil
}

// LatestRun returns the run of the newest lead job, or "" when the queue
// has none.
func (e *Engine) LatestRun(ctx context.Context) (string, error) {
	res, err := e.client.JobList(ctx, river.NewJobListParams().Kinds(jobKind).States(allStates...).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(1))
	if err != nil {
		return "", fmt.Errorf("batch: find the latest run: %w", err)
	}
	if len(res.Jobs) == 0 {
		return "", nil
	}
	args, err := leadArgs(res.Jobs[0])
	if err != nil {
		return "", err
	}
	return args.Run, nil
}

// Enqueue adds the leads to run, each once: leads the run already holds, in
// whatever state, are skipped. It returns how many were added.
func (e *Engine) Enqueue(ctx context.Context, run, source string, leads []Lead, force bool) (int, error) {
	_, added, err := e.enqueue(ctx, run, source, sliceLeads(leads), force)
	return added, err
}

// enqueueChunk is how many leads one insert adds: a file of any size is
// enqueued holding this many.
const enqueueChunk = 100

// enqueue is Enqueue reading the leads from a sequence, enqueueChunk at a
// time. It returns how many leads it read and how many it added; a
// sequence's error ends it, and the leads read before it are enqueued.
func (e *Engine) enqueue(ctx context.Context, run, source string, leads iter.Seq2[Lead, error], force bool) (read, added int, err error) {
	opts := LeadArgs{}.InsertOpts()
	params := make([]river.InsertManyParams, 0, enqueueChunk)
	flush := func() error {
		if len(params) == 0 {
			return nil
		}
		res, err := e.client.InsertMany(ctx, params)
		if err != nil {
			return fmt.Errorf("batch: enqueue run %s: %w", run, err)
		}
		for _, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				added++
			}
		}
		params = params[:0]
		return nil
	}
	for l, err := range leads {
		if err != nil {
			if ferr := flush(); ferr != nil {
				return read, added, ferr
			}
			return read, added, err
		}
		read++
		params = append(params, river.InsertManyParams{
			Args: LeadArgs{Run: run, Key: l.Key, Lead: l.Lead, Source: source, Force: force, Dir: l.Dir, Scope: l.Scope},
			InsertOpts: &river.InsertOpts{
				MaxAttempts: e.cfg.MaxAttempts,
				UniqueOpts:  opts.UniqueOpts,
				Tags:        []string{runTag(run), leadTag(l.Key), sourceTag(source)},
			},
		})
		if len(params) == enqueueChunk {
			if err := flush(); err != nil {
				return read, added, err
			}
		}
	}
	return read, added, flush()
}

// sliceLeads is leads as a sequence without errors.
func sliceLeads(leads []Lead) iter.Seq2[Lead, error] {
	return func(yield func(Lead, error) bool) {
		for _, l := range leads {
			if !yield(l, nil) {
				return
			}
		}
	}
}

// Work starts taking leads from the queue. Stop ends it.
func (e *Engine) Work(ctx context.Context) error {
	if e.cfg.Runner == nil {
		return errors.New("batch: Work needs a Runner")
	}
	// Work contexts derive from ctx; Stop, not ctx, is how the engine ends,
	// so leads can finish after a signal.
	if err := e.client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("batch: start: %w", err)
	}
	completed, cancel := e.client.Subscribe(river.EventKindJobCompleted)
	go func() {
		defer cancel()
		for {
			select {
			case ev, ok := <-completed:
				if !ok {
					return
				}
				e.endedMu.Lock()
				delete(e.endedHere, ev.Job.ID)
				e.endedMu.Unlock()
			case <-e.client.Stopped():
				return
			}
		}
	}()
	return nil
}

// heardEnded notes that this process told its observer that job ended,
// and reports whether it had already.
func (e *Engine) heardEnded(job int64) bool {
	e.endedMu.Lock()
	defer e.endedMu.Unlock()
	_, told := e.endedHere[job]
	e.endedHere[job] = struct{}{}
	return told
}

// Stop stops taking leads, lets running ones finish for StopGrace, then
// cancels them: River makes a cancelled lead available again, so the next
// process runs it from the start.
func (e *Engine) Stop(ctx context.Context) error {
	if err := e.client.Stop(ctx); err != nil {
		return fmt.Errorf("batch: stop: %w", err)
	}
	return nil
}

// Wait returns once every lead of run (of every run, with "") has an
// outcome, when ctx is done, or when a write no retry heals stopped the
// engine (its *OutputError). On a shared database a failed count (the
// server restarting) is logged at warn and waited out.
func (e *Engine) Wait(ctx context.Context, run string) error {
	t := time.NewTicker(e.cfg.PollInterval)
	defer t.Stop()
	// Leads this process ends wake the check at once; those other
	// machines end are seen at the next tick.
	var ended <-chan *river.Event
	if e.cfg.Runner != nil {
		events, cancel := e.client.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed)
		defer cancel()
		ended = events
	}
	var failing time.Time // when the counts began to fail
	for {
		n, err := e.Pending(ctx, run)
		switch {
		case err != nil && ctx.Err() != nil:
			return ctx.Err()
		case err != nil && e.store.embedded:
			if oe := outputError(err, e.store.Name); oe != nil {
				return oe
			}
			return err
		case err != nil && failing.IsZero():
			failing = time.Now()
			e.cfg.Logger.Warn("the database cannot be read; waiting for it", zap.String("database", e.store.Name), zap.Error(err))
			n = 1
		case err != nil:
			n = 1
		case !failing.IsZero():
			e.cfg.Logger.Info("the database answers again", zap.String("database", e.store.Name), zap.Duration("after", time.Since(failing)))
			failing = time.Time{}
		}
		if n == 0 {
			return nil
		}
		// Check again at the next tick, or once this process has ended
		// as many leads as were pending.
		for waiting := n; waiting > 0; {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-e.halted:
				return e.haltErr
			case <-t.C:
				waiting = 0
			case <-ended:
				waiting--
			}
		}
	}
}

// Pending counts the leads of run without an outcome; with run "", those
// of every run. It is one count query (see pending.go): Wait asks it every
// poll and the monitor every tick, on the connection River's fetches and
// completions also need, so it reads no job row. It once listed up to 1,000
// jobs and counted them: a night's 10,000 waiting leads read as 1,000, and
// each poll decoded a thousand rows.
func (e *Engine) Pending(ctx context.Context, run string) (int, error) {
	tag := ""
	if run != "" {
		tag = runTag(run)
	}
	n, err := e.store.pending.pending(ctx, tag)
	if err != nil {
		return 0, fmt.Errorf("batch: count pending leads of run %q: %w", run, err)
	}
	return n, nil
}

// filesPerRead is how many outcomes' files Each holds at once.
const filesPerRead = 10

// Each calls fn with the outcome of every lead of run that has one, with
// its files, in job order, a page at a time so that a large run is never
// all in memory. A lead whose job River gave up on (discarded after its
// last attempt failed, or cancelled) has one too: failed, with the last
// attempt's error (see givenUp).
func (e *Engine) Each(ctx context.Context, run string, fn func(Record) error) error {
	return e.each(ctx, run, e.store.files, fn)
}

// endedStates are the states of a lead job that has an outcome.
var endedStates = []rivertype.JobState{rivertype.JobStateCompleted, rivertype.JobStateDiscarded, rivertype.JobStateCancelled}

// each is Each reading files from files, or no file at all when files is
// nil (a summary needs only each outcome's reason).
func (e *Engine) each(ctx context.Context, run string, files outcomeFiles, fn func(Record) error) error {
	return e.eachJob(ctx, run, files, func(_ *rivertype.JobRow, r Record) error { return fn(r) })
}

// eachJob is each giving fn each record's job too.
func (e *Engine) eachJob(ctx context.Context, run string, files outcomeFiles, fn func(*rivertype.JobRow, Record) error) error {
	params := river.NewJobListParams().Kinds(jobKind).States(endedStates...).
		TagsAll(runTag(run)).OrderBy(river.JobListOrderByID, river.SortOrderAsc).First(100)
	for {
		res, err := e.client.JobList(ctx, params)
		if err != nil {
			return fmt.Errorf("batch: list run %s: %w", run, err)
		}
		// Files are read a few jobs at a time: a page of briefs is
		// megabytes.
		for part := range slices.Chunk(res.Jobs, filesPerRead) {
			outs, err := e.records(ctx, files, part)
			if err != nil {
				return err
			}
			for i, o := range outs {
				if err := fn(part[i], o); err != nil {
					return err
				}
			}
		}
		if len(res.Jobs) < 100 {
			return nil
		}
		params = params.After(res.LastCursor)
	}
}

// records are the outcomes of jobs, in order: a completed job's record,
// or for one River gave up on, givenUp's.
func (e *Engine) records(ctx context.Context, files outcomeFiles, jobs []*rivertype.JobRow) ([]Record, error) {
	var done []*rivertype.JobRow
	for _, j := range jobs {
		if j.State == rivertype.JobStateCompleted {
			done = append(done, j)
		}
	}
	recs, err := decodeRecords(ctx, files, done)
	if err != nil {
		return nil, err
	}
	out := make([]Record, 0, len(jobs))
	for _, j := range jobs {
		if j.State == rivertype.JobStateCompleted {
			out, recs = append(out, recs[0]), recs[1:]
			continue
		}
		r, err := givenUp(j)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// givenUp is the record of a lead whose job River discarded (every attempt
// failed without an outcome: an output that could not be written, a
// database lost at each try) or that was cancelled: failed (Errored), with
// the last attempt's error, never absent from the summary.
func givenUp(j *rivertype.JobRow) (Record, error) {
	a, err := leadArgs(j)
	if err != nil {
		return Record{}, err
	}
	detail := fmt.Sprintf("the queue gave up on this lead (job %d %s after %d attempts)", j.ID, j.State, j.Attempt)
	if n := len(j.Errors); n > 0 {
		detail += ": " + j.Errors[n-1].Error
	}
	return Record{Key: a.Key, Outcome: contract.Outcome{Reason: contract.Errored, Detail: detail}, Attempts: j.Attempt}, nil
}

func leadArgs(j *rivertype.JobRow) (LeadArgs, error) {
	var a LeadArgs
	if err := json.Unmarshal(j.EncodedArgs, &a); err != nil {
		return a, fmt.Errorf("batch: job %d: args: %w", j.ID, err)
	}
	return a, nil
}

// outcomeOf reads the outcome of a completed job, with its files.
func (e *Engine) outcomeOf(ctx context.Context, j *rivertype.JobRow) (Record, error) {
	outs, err := decodeRecords(ctx, e.store.files, []*rivertype.JobRow{j})
	if err != nil {
		return Record{}, err
	}
	return outs[0], nil
}
