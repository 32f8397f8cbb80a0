package inputfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, want string
	}{
		{"named pipe", fifo, "a named pipe"},
		{"device", "/dev/zero", "a character device"},
		{"directory", dir, "a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := ReadFile(tt.path, 1<<20, "a test input", nil)
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), tt.path) || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("err = %v, want %s naming %s", err, tt.want, tt.path)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("ReadFile blocked")
			}
		})
	}
}

func TestReadFileCap(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), n), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	at, over := write("at", 1024), write("over", 1025)
	if data, err := ReadFile(at, 1024, "a key", nil); err != nil || len(data) != 1024 {
		t.Errorf("a file at its cap: %d bytes, %v", len(data), err)
	}
	_, err := ReadFile(over, 1024, "a key", nil)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("a file one byte over: err = %v", err)
	}
	if got, want := err.Error(), over+": larger than 1 KiB, the limit for a key"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 1024, "a key", nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: err = %v", err)
	}
}

func TestReadFileStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		io.WriteString(w, "from a pipe")
		w.Close()
	}()
	data, err := ReadFile(Stdin, 64, "a document", r)
	if err != nil || string(data) != "from a pipe" {
		t.Errorf("stdin: %q, %v", data, err)
	}
	if _, err := ReadFile(Stdin, 4, "a document", strings.NewReader("12345")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("stdin over its cap: err = %v", err)
	}
	if _, err := ReadFile(Stdin, 4, "a document", nil); err == nil {
		t.Error("stdin without a reader: no error")
	}
}

// An endless stream is cut at its cap, and reading it takes no more than
// the cap's memory.
func TestReaderCapsAStream(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	n, err := io.Copy(io.Discard, Reader("/dev/zero", f, 1<<20, "a leads file"))
	if !errors.Is(err, ErrTooLarge) || n != 1<<20 {
		t.Errorf("copied %d bytes, err %v; want 1 MiB and ErrTooLarge", n, err)
	}
	data, err := io.ReadAll(Reader("x", strings.NewReader("12345"), 5, "x"))
	if err != nil || string(data) != "12345" {
		t.Errorf("a stream at its cap: %q, %v", data, err)
	}
}

func TestOpenIsBlocking(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rc, _ := f.SyscallConn()
	var flags uintptr
	rc.Control(func(fd uintptr) {
		flags, _, _ = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
	})
	if flags&syscall.O_NONBLOCK != 0 {
		t.Error("O_NONBLOCK left set")
	}
}

func TestSize(t *testing.T) {
	for give, want := range map[int64]string{512: "512 bytes", 1024: "1 KiB", 1536: "1536 bytes", 16 << 20: "16 MiB", 2 << 30: "2 GiB"} {
		if got := Size(give); got != want {
			t.Errorf("Size(%d) = %q, want %q", give, got, want)
		}
	}
}

// Under an os.Root, the same refusals hold, and a FIFO is refused at once.
func TestReadFileIn(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok"), []byte("abc"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big"), make([]byte, 5), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Skip(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if data, err := ReadFileIn(root, "ok", 4, "a file"); err != nil || string(data) != "abc" {
		t.Errorf("ok: %q, %v", data, err)
	}
	if _, err := ReadFileIn(root, "big", 4, "a file"); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "big: larger than 4 bytes, the limit for a file") {
		t.Errorf("big: %v", err)
	}
	if _, err := ReadFileIn(root, "fifo", 4, "a file"); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
		t.Errorf("fifo: %v", err)
	}
	if _, err := ReadFileIn(root, "../x", 4, "a file"); err == nil {
		t.Error("a path out of the root was opened")
	}
}
