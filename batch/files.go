package batch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/internal/atomicfile"
)

// OutcomeFile is the record of a lead's outcome in its folder.
const OutcomeFile = "outcome.json"

// WriteFunc writes data to a new file at path and syncs it: the batch
// stages each file of an outcome through it before renaming any into
// place. WriteFile is the one the batch uses; a test passes one that fails
// as a full disk does.
type WriteFunc func(path string, data []byte) error

// WriteFile is the WriteFunc of the file system.
func WriteFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteOutcome writes r into dir/<key>/: the brief's files (the ledger
// first, so a brief never points at a missing ledger) or the failure report,
// then outcome.json. Every file is staged first, beside its target and
// synced, and only then renamed into place: a write that fails (a full
// disk) leaves the folder as it was, an earlier outcome whole. Files an
// earlier outcome left there that this one does not have are removed
// before the renames, so a folder never holds two outcomes' files.
func WriteOutcome(dir string, r Record) error { return writeOutcome(dir, r, WriteFile) }

func writeOutcome(dir string, r Record, write WriteFunc) error {
	ld := filepath.Join(dir, r.Key)
	if err := os.MkdirAll(ld, 0o755); err != nil {
		return err
	}
	// A process killed mid-write leaves its hidden temporary file behind
	// (never a half-written real one): clear them.
	if err := atomicfile.RemoveTemps(ld); err != nil {
		return err
	}
	names := make([]string, 0, len(r.Files))
	for name := range r.Files {
		if name != filepath.Base(name) || name == OutcomeFile || name[0] == '.' {
			return fmt.Errorf("outcome of %s: file name %q is not a plain file name", r.Key, name)
		}
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		switch {
		case a == brief.LedgerFile:
			return -1
		case b == brief.LedgerFile:
			return 1
		}
		return strings.Compare(a, b)
	})
	data, err := json.MarshalIndent(struct {
		recordJSON
		Files []string `json:"files"`
	}{jsonOf(r), names}, "", "  ")
	if err != nil {
		return err
	}
	files := maps.Clone(r.Files)
	if files == nil {
		files = map[string][]byte{}
	}
	files[OutcomeFile] = append(data, '\n')
	order := append(names, OutcomeFile)
	staged := make([]string, 0, len(order))
	defer func() {
		for _, tmp := range staged {
			_ = os.Remove(tmp) // no-op once renamed
		}
	}()
	for _, name := range order {
		path := filepath.Join(ld, name)
		tmp := atomicfile.TempPath(path)
		staged = append(staged, tmp)
		if err := write(tmp, files[name]); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // name the file, not its temporary twin
			}
			return &fs.PathError{Op: "write", Path: path, Err: err}
		}
	}
	for _, name := range append(brief.Artifacts(), OutcomeFile) {
		if _, ok := files[name]; ok {
			continue
		}
		if err := os.Remove(filepath.Join(ld, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	for i, name := range order {
		if err := os.Rename(staged[i], filepath.Join(ld, name)); err != nil {
			return err
		}
	}
	return nil
}

// ErrLocked is returned by LockDir when another process holds the folder.
var ErrLocked = errors.New("another citeloop batch is using this folder")

// LockDir takes an exclusive lock on dir for this process, so one embedded
// database has one process working it. The lock ends with the process,
// however it ends.
func LockDir(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, ".citeloop-batch.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s: %w", dir, ErrLocked)
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
