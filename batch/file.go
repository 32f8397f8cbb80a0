package batch

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/citeloop/citeloop/internal/atomicfile"
	"github.com/citeloop/citeloop/leads"
)

// DatabaseFile is the embedded queue's SQLite file in the output folder.
const DatabaseFile = "citeloop-batch.db"

// ErrStart marks a batch that could not start: an output folder that is a
// file or that another process holds, a database that cannot be opened or
// reached. Nothing was enqueued or lost; a front end reports it as a usage
// error.
var ErrStart = errors.New("the batch could not start")

// startError is an error that is ErrStart but reads as its cause alone.
type startError struct{ err error }

func (e startError) Error() string   { return e.err.Error() }
func (e startError) Unwrap() []error { return []error{ErrStart, e.err} }

// File is a leads file checked for a batch: how many valid leads it holds
// and its rejected rows. It holds no lead: Leads reads them again as a
// stream, so a file of 10,000 leads runs in the memory of one of 1,000.
type File struct {
	// Path is the file as given, for messages.
	Path string
	// Source is the file's absolute path: a rerun of the same Source
	// resumes its unfinished run.
	Source string
	// Count is the number of valid leads, each with its own key.
	Count int
	// Invalid lists the rows that were skipped (a bad field, an id an
	// earlier lead took), each naming the file, row and field: the first
	// MaxListedRows of them, then one line saying how many more there are.
	// InvalidCount counts them all: a garbage file of a million lines is
	// not a million messages in memory, on stderr and in summary.json.
	Invalid      []string
	InvalidCount int
	// digest is the SHA-256 of the bytes LoadFile read: Leads refuses a
	// file that changed since.
	digest [sha256.Size]byte
	// taken lists the valid leads (by position, from 1) whose key an
	// earlier lead took, so Leads skips them remembering no key.
	taken []int
}

// ErrFileChanged is the error of File.Leads when the file is not the one
// LoadFile read: leads already enqueued stay in the run, and running the
// command again enqueues the file as it is now.
var ErrFileChanged = errors.New("the leads file changed while the batch read it; run the command again")

// MaxListedRows is how many invalid rows a File lists (see File.Invalid).
const MaxListedRows = 100

// ErrNoLeads is the error of LoadFile for a leads file that holds no lead
// at all, valid or not: an empty file, a header without rows, an empty
// list. A nightly export that broke into an empty file is an error, not a
// batch of nothing; LoadFile still returns the File, for a caller that
// accepts an empty batch (batch --allow-empty).
var ErrNoLeads = errors.New("holds no lead")

// LoadFile reads a leads file (YAML, JSON Lines or CSV, as
// leads.LoadLeads) to count and key its leads, keeping none. A bad row (a
// bad field, an id that cannot name a portable folder or that names the
// folder of an earlier row, see Keys) is listed in Invalid and the others
// count; the error is for a file that cannot be read to its end, is a
// folder, has no valid lead but bad ones, or holds no lead at all
// (ErrNoLeads, with the File), and it names the file.
func LoadFile(path string) (File, error) {
	f := File{Path: path}
	source, err := filepath.Abs(path)
	if err != nil {
		return f, fmt.Errorf("%s: %w", path, err)
	}
	f.Source = source
	keys := keyer{file: path}
	for _, err := range readLeads(path, &f.digest, &keys) {
		switch {
		case err == nil:
			f.Count++
		case isRowError(err):
			if f.InvalidCount++; f.InvalidCount <= MaxListedRows {
				f.Invalid = append(f.Invalid, err.Error())
			}
		default:
			return f, namingFile(path, err)
		}
	}
	f.taken = keys.taken
	if more := f.InvalidCount - MaxListedRows; more > 0 {
		f.Invalid = append(f.Invalid, fmt.Sprintf("%s: %d more invalid rows, not listed", filepath.Base(path), more))
	}
	switch {
	case f.Count == 0 && f.InvalidCount > 10:
		return f, fmt.Errorf("%s: no valid lead in %d rows: %s; and %d more", path, f.InvalidCount, strings.Join(f.Invalid[:10], "; "), f.InvalidCount-10)
	case f.Count == 0 && len(f.Invalid) > 0:
		return f, fmt.Errorf("%s: no valid lead: %s", path, strings.Join(f.Invalid, "; "))
	case f.Count == 0:
		return f, fmt.Errorf("%s %w", path, ErrNoLeads)
	}
	return f, nil
}

// Leads reads f's valid leads again, keyed as LoadFile keyed them, one at a
// time. Rows LoadFile rejected are skipped. A read error, or a file whose
// bytes are not those LoadFile read (ErrFileChanged, known once it is read
// to its end), ends the sequence with an error.
func (f File) Leads() iter.Seq2[Lead, error] {
	return func(yield func(Lead, error) bool) {
		var digest [sha256.Size]byte
		// The bytes are LoadFile's (or the digest says they are not):
		// its keys stand, and the keys taken twice are known.
		keys := keyer{file: f.Path, known: true, taken: f.taken}
		for l, err := range readLeads(f.Path, &digest, &keys) {
			if isRowError(err) {
				continue
			}
			if err != nil {
				yield(Lead{}, namingFile(f.Path, err))
				return
			}
			if !yield(l, nil) {
				return
			}
		}
		if digest != f.digest {
			yield(Lead{}, fmt.Errorf("%s: %w", f.Path, ErrFileChanged))
		}
	}
}

// readLeads yields the leads of the file at path keyed by keys and its row
// errors (a *leads.LeadError, or a lead whose id an earlier one took), and
// sets *digest to the SHA-256 of the bytes read once the file is read to
// its end.
func readLeads(path string, digest *[sha256.Size]byte, keys *keyer) iter.Seq2[Lead, error] {
	return func(yield func(Lead, error) bool) {
		r, err := leads.Open(path)
		if err != nil {
			yield(Lead{}, err)
			return
		}
		defer r.Close()
		h := sha256.New()
		for row, err := range leads.ReadRows(path, io.TeeReader(r, h)) {
			var lead Lead
			if err == nil {
				lead, err = keys.key(row.Lead, row.Line)
			}
			if !yield(lead, err) {
				return
			}
		}
		h.Sum(digest[:0])
	}
}

// namingFile is err naming the file at path, once: an open error and the
// leads reader's errors already name it.
func namingFile(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) || errors.Is(err, leads.ErrInvalidLead) {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// isRowError reports whether err is about one row, which is skipped, and not
// about the file.
func isRowError(err error) bool {
	var le *leads.LeadError
	return errors.As(err, &le)
}

// Open opens the queue: the PostgreSQL database at databaseURL, or when it
// is "" the embedded SQLite file DatabaseFile in dir. Its error is ErrStart
// and names the database (never with its password).
func Open(ctx context.Context, databaseURL, dir string) (*Store, error) {
	var s *Store
	var err error
	if databaseURL != "" {
		s, err = OpenPostgres(ctx, databaseURL)
	} else {
		s, err = OpenSQLite(ctx, filepath.Join(dir, DatabaseFile))
	}
	if err != nil {
		return nil, startError{err}
	}
	return s, nil
}

// FileRun says how RunFile runs a leads file.
type FileRun struct {
	// Out receives the outcomes, summary.json and, by default, the embedded
	// database; it may be "" only with EnqueueOnly on a shared database.
	Out string
	// DatabaseURL is a PostgreSQL queue shared by several machines; ""
	// is the embedded SQLite file in Out, which the run locks.
	DatabaseURL string
	// Run, Force and EnqueueOnly are as in Options.
	Run         string
	Force       bool
	EnqueueOnly bool
	// Config is the engine's; its OutDir is set to Out. Its Runner may be
	// nil only with EnqueueOnly.
	Config Config
	// Monitor reports on the run while its leads are worked here (not with
	// EnqueueOnly); its Tally, when not given, counts a run of f.Count leads.
	Monitor Monitor
	// Report, when set, writes the run's report into Out once summary.json
	// is there (batch/report's Write fits); the batch package renders
	// nothing itself.
	Report func(dir string) error
}

// RunFile runs f's leads as one batch, as `citeloop batch` does: it locks
// Out (embedded database), opens the queue, enqueues the leads (resuming
// f's unfinished run), works them until each has an outcome, gathers every
// outcome from a shared database (other machines may have run some), and
// writes summary.json and the report into Out. It returns the summary, with
// f's rejected rows; on an interruption (ctx cancelled) the summary so far
// with ctx's error. An error that is ErrStart means nothing ran.
func RunFile(ctx context.Context, f File, r FileRun) (Summary, error) {
	sum := Summary{File: f.Path, InvalidRows: f.Invalid, InvalidCount: f.InvalidCount}
	if r.Out == "" && !(r.EnqueueOnly && r.DatabaseURL != "") {
		return sum, startError{errors.New("batch: no output folder")}
	}
	cfg := r.Config
	cfg.OutDir = r.Out
	var mon *monitoring
	if !r.EnqueueOnly {
		var err error
		if mon, err = r.Monitor.start(cfg.logger(), f.Count); err != nil {
			return sum, err
		}
		defer mon.close()
		cfg = mon.observe(cfg)
	}
	if r.Out != "" {
		if err := makeDir(r.Out); err != nil {
			return sum, err
		}
	}
	if r.DatabaseURL == "" {
		unlock, err := LockDir(r.Out)
		if err != nil {
			return sum, startError{fmt.Errorf("output folder: %w", err)}
		}
		defer unlock()
	}
	if r.Out != "" {
		// A process killed mid-write left its temporary files (never a
		// half-written summary or report): clear them.
		if err := atomicfile.RemoveTemps(r.Out); err != nil {
			return sum, startError{fmt.Errorf("output folder: %w", err)}
		}
	}
	store, err := Open(ctx, r.DatabaseURL, r.Out)
	if err != nil {
		return sum, err
	}
	defer store.Close()
	e, err := New(store, cfg)
	if err != nil {
		return sum, err
	}
	if mon != nil {
		mon.watch(e)
		if err := mon.serveUI(e); err != nil {
			return sum, err
		}
		defer mon.stopUI() // before the database closes
	}
	finish := func(ctx context.Context, sum *Summary) error {
		if r.DatabaseURL != "" {
			// Other machines may have run some leads: gather them all.
			if err := e.export(ctx, sum, r.Out); err != nil {
				return err
			}
		}
		if r.Report != nil {
			return r.Report(r.Out)
		}
		return nil
	}
	sum, runErr := e.RunLeads(ctx, f.Leads(), Options{Source: f.Source, Run: r.Run, Force: r.Force, EnqueueOnly: r.EnqueueOnly, File: f.Path, InvalidRows: f.Invalid, InvalidCount: f.InvalidCount, Finish: finish})
	if runErr != nil && !r.EnqueueOnly && r.Report != nil && e.Halted() == nil {
		// An interrupted run still leaves a report of what ended.
		_ = r.Report(r.Out)
	}
	return sum, runErr
}

// makeDir makes dir a folder, or says as ErrStart why it cannot be one.
func makeDir(dir string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return startError{fmt.Errorf("output folder %s is a file, not a folder", dir)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return startError{fmt.Errorf("output folder: %w", err)}
	}
	return nil
}
