// Package inputfile opens and reads the files a user or a client names:
// keys, configurations, corpora, sources, leads, documents to check and
// briefs to verify. It refuses anything but a regular file before reading a
// byte (a named pipe would block forever, a device such as /dev/zero would
// never end), and it reads at most a named cap, so no input can hold a
// process or its memory hostage.
//
// Open checks the file it opened, not the path: it opens with O_NONBLOCK
// (so opening a FIFO with no writer does not block), fstats the descriptor,
// and only then clears the flag, so a file swapped after the check cannot
// race it. The path "-" means standard input, which may be a pipe; it is
// read under the same cap.
package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// ErrNotRegular is wrapped by the error for a path that is not a regular
// file: a directory, a named pipe, a socket or a device.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by TooLargeError.
var ErrTooLarge = errors.New("file too large")

// TooLargeError says an input passed its cap; What names the cap's purpose
// ("a signing key", "a configuration file").
type TooLargeError struct {
	Path  string
	What  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: larger than %s, the limit for %s", e.Path, Size(e.Limit), e.What)
}

func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// Size writes a byte count as people do: "512 bytes", "64 KiB", "16 MiB".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens path for reading if it is a regular file. The error names the
// path and, for one that is not regular, what it is instead.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	return checked(f, path)
}

// OpenIn is Open for name under root: nothing outside root is opened (by
// "..", an absolute path or a symlink), and only a regular file is
// returned, by the same checks of the descriptor.
func OpenIn(root *os.Root, name string) (*os.File, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	return checked(f, name)
}

// checked returns f if it is a regular file, with O_NONBLOCK cleared;
// otherwise it closes f.
func checked(f *os.File, path string) (*os.File, error) {
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind(info.Mode()))
	}
	if err := clearNonblock(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// clearNonblock puts the descriptor back in blocking mode: reads of a
// regular file never block anyway, but the file is handed on to code that
// does not expect EAGAIN.
func clearNonblock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "mode " + m.String()
}

// ReadFile reads path whole, at most limit bytes; what names the input for
// the error ("a signing key"). The path "-" reads stdin, under the same cap.
func ReadFile(path string, limit int64, what string, stdin io.Reader) ([]byte, error) {
	if path == Stdin {
		if stdin == nil {
			return nil, fmt.Errorf("%s: no standard input", path)
		}
		return readLimited(path, stdin, limit, what)
	}
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOpen(f, path, limit, what)
}

// ReadFileIn is ReadFile for name under root (see OpenIn).
func ReadFileIn(root *os.Root, name string, limit int64, what string) ([]byte, error) {
	f, err := OpenIn(root, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOpen(f, name, limit, what)
}

// ReadOpen reads an opened file (from Open or OpenIn) whole, at most limit
// bytes, naming it name in errors.
func ReadOpen(f *os.File, name string, limit int64, what string) ([]byte, error) {
	if info, err := f.Stat(); err == nil && info.Size() > limit {
		return nil, &TooLargeError{Path: name, What: what, Limit: limit}
	}
	return readLimited(name, f, limit, what)
}

// readLimited reads r to its end, failing once it passes limit bytes. A
// regular file can grow after its size was read; this is the bound.
func readLimited(path string, r io.Reader, limit int64, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, What: what, Limit: limit}
	}
	return data, nil
}

// Reader wraps r so that reading more than limit bytes in all fails with a
// TooLargeError: for inputs read as a stream (a leads file, a document to
// check), where each record is capped elsewhere and the whole needs a cap
// of its own.
func Reader(path string, r io.Reader, limit int64, what string) io.Reader {
	return &capped{path: path, r: r, left: limit, limit: limit, what: what}
}

type capped struct {
	path, what  string
	r           io.Reader
	left, limit int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, &TooLargeError{Path: c.path, What: c.what, Limit: c.limit}
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n - int(-c.left), &TooLargeError{Path: c.path, What: c.what, Limit: c.limit}
	}
	return n, err
}
