package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/internal/atomicfile"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestWrite(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name    string
		give    func(io.Writer) error
		want    string
		wantErr error
	}{
		{name: "replaces the file", give: func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }, want: "new"},
		{name: "a failed write leaves the old file", give: func(w io.Writer) error { io.WriteString(w, "half"); return boom }, want: "old", wantErr: boom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.json")
			if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := atomicfile.Write(path, tt.give); !errors.Is(err, tt.wantErr) {
				t.Fatalf("Write: %v, want %v", err, tt.wantErr)
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != tt.want {
				t.Errorf("file = %q (%v), want %q", got, err, tt.want)
			}
			if d := cmp.Diff([]string{"f.json"}, names(t, dir)); d != "" {
				t.Errorf("folder (-want +got):\n%s", d)
			}
		})
	}
}

func TestWriteFileMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := atomicfile.WriteFile(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v (%v), want 0644", fi.Mode().Perm(), err)
	}
}

func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".brief.md.tmp-123", ".ledger.json.tmp-9", "brief.md", ".citeloop-night"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := atomicfile.RemoveTemps(dir); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{".citeloop-night", "brief.md"}, names(t, dir)); d != "" {
		t.Errorf("folder (-want +got):\n%s", d)
	}
}
