package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/verify"
)

// Every whole-read input refuses a named pipe, a device and a file one
// byte over its cap at once, naming the file (and the cap), before reading
// it: nothing waits on a pipe or grows with /dev/zero.
func TestReadersRefuseWhatTheyCannotBound(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	over := func(name string, limit int64) string {
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(limit + 1); err != nil { // sparse: costs no disk
			t.Fatal(err)
		}
		return p
	}
	out := t.TempDir()
	readers := []struct {
		name  string
		args  func(path string) []string
		limit int64
		code  int
	}{
		{"--config", func(p string) []string { return []string{"--config", p, "keygen", filepath.Join(out, "never")} }, configs.MaxFileBytes, exitUsage},
		{"--corpus", func(p string) []string {
			return []string{"brief", "--offline", "--corpus", p, "--topic", "cancer", "--out", out}
		}, snapshot.MaxFileBytes, exitUsage},
		{"--sources", func(p string) []string {
			return []string{"brief", "--offline", "--sources", p, "--topic", "cancer", "--out", out}
		}, collect.MaxSourcesBytes, exitUsage},
		{"--signing-key", func(p string) []string {
			return []string{"brief", "--offline", "--signing-key", p, "--topic", "cancer", "--out", out}
		}, brief.MaxKeyBytes, exitUsage},
		{"--public-key", func(p string) []string { return []string{"verify", "--offline", "--public-key", p, out} }, brief.MaxKeyBytes, exitUsage},
		{"verify PATH", func(p string) []string { return []string{"verify", "--offline", p} }, verify.MaxFileBytes, exitNotVerified},
	}
	for _, r := range readers {
		for _, give := range []struct{ what, path, want string }{
			{"a named pipe", fifo, "not a regular file (a named pipe)"},
			{"/dev/zero", "/dev/zero", "not a regular file (a character device)"},
			{"one byte over", over(strings.Trim(r.name, "- ")+".big", r.limit), "larger than " + inputfile.Size(r.limit)},
		} {
			t.Run(r.name+"/"+give.what, func(t *testing.T) {
				a, stdout, stderr := testApp(nil)
				if give.path != "/dev/zero" {
					if err := os.Chmod(give.path, 0o600); err != nil {
						t.Fatal(err)
					}
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				start := time.Now()
				err := runApp(ctx, a, append([]string{"-q"}, r.args(give.path)...))
				took := time.Since(start)
				said := stdout.String() + stderr.String()
				if err != nil {
					said += err.Error()
				}
				if code := exitCode(err); code != r.code || !strings.Contains(said, give.path) || !strings.Contains(said, give.want) {
					t.Errorf("exit %d, said %q; want exit %d naming %s and %q", code, said, r.code, give.path, give.want)
				}
				if took > 10*time.Second {
					t.Errorf("took %s: refused only after reading", took)
				}
			})
		}
	}
}

// A signing key that group or others can read is refused with the chmod
// to run; keygen refuses an existing FILE.pub and a link where the key
// goes.
func TestKeyFiles(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "k")
	a, stdout, _ := testApp(nil)
	if err := runApp(context.Background(), a, []string{"keygen", key}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), key+".pub") {
		t.Errorf("keygen said %q", stdout)
	}
	if err := os.Chmod(key, 0o640); err != nil {
		t.Fatal(err)
	}
	a, _, _ = testApp(nil)
	err := runApp(context.Background(), a, []string{"-q", "brief", "--offline", "--topic", "cancer", "--signing-key", key, "--out", t.TempDir()})
	if code := exitCode(err); code != exitUsage || err == nil || !strings.Contains(err.Error(), "--signing-key") || !strings.Contains(err.Error(), "run: chmod 600 "+key) {
		t.Errorf("exposed key: exit %d, %v; want exit 2 naming --signing-key and the chmod", code, err)
	}

	target := filepath.Join(dir, "target")
	for _, tt := range []struct {
		name  string
		setup func(path string)
	}{
		{"FILE.pub exists", func(p string) { mustWriteFile(t, p+".pub", "mine") }},
		{"FILE.pub is a link", func(p string) { mustSymlink(t, target, p+".pub") }},
		{"FILE is a link", func(p string) { mustSymlink(t, target, p) }},
		{"FILE is a dangling link", func(p string) { mustSymlink(t, filepath.Join(dir, "nowhere"), p) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "key")
			tt.setup(p)
			a, _, _ := testApp(nil)
			err := runApp(context.Background(), a, []string{"keygen", p})
			if exitCode(err) != exitUsage {
				t.Errorf("exit %d (%v), want 2", exitCode(err), err)
			}
			if _, err := os.Lstat(target); err == nil {
				t.Error("keygen wrote through a link")
			}
			if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() {
				t.Error("keygen left a key behind")
			}
			if data, err := os.ReadFile(p + ".pub"); err == nil && string(data) != "mine" {
				t.Error("keygen overwrote FILE.pub")
			}
		})
	}
}

func mustWriteFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
