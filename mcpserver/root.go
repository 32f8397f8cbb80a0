package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/citeloop/citeloop/internal/inputfile"
)

// root is the one folder tools may read files from. os.Root refuses any
// path that leaves it, by "..", by an absolute path or through a symlink,
// at the moment of opening, so a path checked is the path read.
type root struct {
	dir string // the folder, symlinks resolved
	fs  *os.Root
}

// openRoot opens dir; "" gives a nil root, which refuses every path.
func openRoot(dir string) (*root, error) {
	if dir == "" {
		return nil, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("mcpserver: root %s: %w", dir, err)
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return nil, fmt.Errorf("mcpserver: root %s: %w", dir, err)
	}
	fs, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("mcpserver: root %s: %w", dir, err)
	}
	return &root{dir: abs, fs: fs}, nil
}

// errRefused marks a path the server will not read.
var errRefused = errors.New("path refused")

// rel turns a client's path into one relative to the root: relative paths
// are taken from the root, absolute ones must lie under it.
func (r *root) rel(name string) (string, error) {
	if r == nil {
		return "", fmt.Errorf("%w: %q: this server was started without --root, so it reads no files; pass the content instead", errRefused, name)
	}
	if name == "" {
		return "", fmt.Errorf("%w: empty path", errRefused)
	}
	if !filepath.IsAbs(name) {
		return name, nil
	}
	// An absolute path may name the root through a symlink: resolve what
	// exists before comparing.
	if resolved, err := filepath.EvalSymlinks(name); err == nil {
		name = resolved
	}
	rel, err := filepath.Rel(r.dir, name)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("%w: %q is outside the root %s", errRefused, name, r.dir)
	}
	return rel, nil
}

// read reads a file under the root, at most max bytes; a longer file is
// refused rather than cut, so no verdict rests on half a document. Only a
// regular file is read: a named pipe or a device is refused at once
// (package inputfile), never waited on.
func (r *root) read(name string, max int64) ([]byte, error) {
	rel, err := r.rel(name)
	if err != nil {
		return nil, err
	}
	return readIn(r.fs, rel, name, max)
}

// readIn reads rel under fs through inputfile, naming it shown in errors,
// which say whether it was refused or too large.
func readIn(fs *os.Root, rel, shown string, max int64) ([]byte, error) {
	f, err := inputfile.OpenIn(fs, rel)
	if err != nil {
		if errors.Is(err, inputfile.ErrNotRegular) {
			return nil, fmt.Errorf("%w: %q is not a regular file", errRefused, shown)
		}
		return nil, fmt.Errorf("%w: %q: %w", errRefused, shown, err)
	}
	defer f.Close()
	b, err := inputfile.ReadOpen(f, shown, max, "a tool input")
	if errors.Is(err, inputfile.ErrTooLarge) {
		return nil, fmt.Errorf("%w: %q is larger than %d bytes (--max-input)", errTooLarge, shown, max)
	}
	if err != nil {
		return nil, fmt.Errorf("read %q: %w", shown, err)
	}
	return b, nil
}

// errTooLarge marks an input over the cap.
var errTooLarge = errors.New("input too large")
