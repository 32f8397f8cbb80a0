package batch

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrOutputUnwritable marks an output the batch cannot write and that no
// retry will heal: no space left, a quota reached, a read-only file
// system, a permission refused. The batch stops within seconds instead of
// retrying every lead into the same wall, keeping what it wrote; running
// the same command again once the cause is fixed finishes the run.
var ErrOutputUnwritable = errors.New("output unwritable")

// OutputError is an ErrOutputUnwritable error: the path that could not be
// written (a file, or the embedded database) and the cause.
type OutputError struct {
	Path string
	Err  error
}

func (e *OutputError) Error() string {
	return fmt.Sprintf("%v: %s: %v", ErrOutputUnwritable, e.Path, e.Err)
}

func (e *OutputError) Unwrap() []error { return []error{ErrOutputUnwritable, e.Err} }

// unwritable reports whether err is a write failure no retry heals, by
// the class of its errno or of its SQLite result code, never its text.
func unwritable(err error) bool {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG, syscall.EROFS, syscall.EACCES, syscall.EPERM:
			return true
		}
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary result code of an extended one
		case sqlite3.SQLITE_FULL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN:
			return true
		}
	}
	return false
}

// outputError is err as an *OutputError when no retry heals it, naming the
// path it failed on (its *fs.PathError's, or else where), and nil when a
// retry may.
func outputError(err error, where string) *OutputError {
	if !unwritable(err) {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &OutputError{Path: pe.Path, Err: pe.Err}
	}
	return &OutputError{Path: where, Err: err}
}
