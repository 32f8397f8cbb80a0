package batch

import (
	"encoding/json"
	"errors"
	"fmt"
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

// WriteOutcome writes r into dir/<key>/: the brief's files (the ledger
// first, so a brief never points at a missing ledger) or the failure report,
// each atomically, then outcome.json. Files an earlier outcome left there
// that this one does not have are removed first, so a folder never holds
// two outcomes' files.
func WriteOutcome(dir string, r Record) error {
	ld := filepath.Join(dir, r.Key)
	if err := os.MkdirAll(ld, 0o755); err != nil {
		return err
	}
	// A process killed mid-write leaves its hidden temporary file behind
	// (never a half-written real one): clear them.
	if err := atomicfile.RemoveTemps(ld); err != nil {
		return err
	}
	for _, name := range append(brief.Artifacts(), OutcomeFile) {
		if _, ok := r.Files[name]; ok {
			continue
		}
		if err := os.Remove(filepath.Join(ld, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
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
	for _, name := range names {
		if err := atomicfile.WriteFile(filepath.Join(ld, name), r.Files[name]); err != nil {
			return err
		}
	}
	data, err := json.MarshalIndent(struct {
		recordJSON
		Files []string `json:"files"`
	}{jsonOf(r), names}, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(ld, OutcomeFile), append(data, '\n'))
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
