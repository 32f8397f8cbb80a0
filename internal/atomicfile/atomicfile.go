// Package atomicfile writes files so that a reader sees the old file or the
// whole new one, never a part: the data goes to a hidden temporary file
// beside the target, is synced, and is renamed into place. Briefs, batch
// outcomes, summaries and reports are all written through it.
package atomicfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes data to path atomically (see Write).
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write streams what write writes to a temporary file beside path, syncs it
// and renames it into place with mode 0644: a reader sees the old file or
// the whole new one, and a file too large to hold in memory (a summary of
// tens of thousands of leads) is never held. When write fails, path is left
// as it was and the temporary file is removed.
func Write(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// tempInfix follows the target's name in a temporary file's:
// ".brief.md.tmp-123456".
const tempInfix = ".tmp-"

// RemoveTemps removes the temporary files that writers killed mid-write
// left in dir (a killed process leaves its hidden temporary file behind,
// never a half-written real one).
func RemoveTemps(dir string) error {
	tmps, err := filepath.Glob(filepath.Join(dir, ".*"+tempInfix+"*"))
	if err != nil {
		return err
	}
	for _, tmp := range tmps {
		if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// TempPath is a new name for a temporary file beside path, one RemoveTemps
// removes: for a writer that stages several files before it renames any
// into place (a batch lead's brief and ledger), so a failure while
// staging leaves the old files whole.
func TempPath(path string) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+tempInfix+hex.EncodeToString(b[:]))
}
