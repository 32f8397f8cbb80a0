package mcpserver

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRootRead: whatever path a client names, the server reads a file of
// the root or nothing. Outside the root is a secret file, reachable by
// "..", by absolute path and through two symlinks in the root.
func FuzzRootRead(f *testing.F) {
	base := f.TempDir()
	dir := filepath.Join(base, "root")
	secret := filepath.Join(base, "secret")
	for path, data := range map[string]string{
		secret:                          "SECRET",
		filepath.Join(dir, "in.txt"):    "inside",
		filepath.Join(dir, "a", "b.md"): "inside",
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.Symlink(secret, filepath.Join(dir, "s")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "a", "up")); err != nil {
		f.Fatal(err)
	}
	r, err := openRoot(dir)
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"in.txt", "a/b.md", "../secret", secret, "s", "a/up/secret", "a/../../secret",
		"./a/./b.md", "a//b.md", filepath.Join(dir, "a", "up", "secret"), "in.txt\x00", "/", "", "a/up/root/in.txt"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		b, err := r.read(name, 1<<10)
		if err == nil && string(b) != "inside" {
			t.Fatalf("read %q returned %q", name, b)
		}
	})
}
