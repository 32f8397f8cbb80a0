package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/mcpserver"
)

// TestCheckCitationsReadsOnlyUnderRoot names files inside and outside the
// root every way a client could: relative, absolute, "..", symlinks.
func TestCheckCitationsReadsOnlyUnderRoot(t *testing.T) {
	base := t.TempDir()
	rootDir := filepath.Join(base, "root")
	outside := filepath.Join(base, "secret.md")
	mustWrite(t, outside, "doi:10.9999/secret\n")
	mustWrite(t, filepath.Join(rootDir, "refs.bib"), "@article{a, doi = {10.9999/inside.1}}\n")
	mustWrite(t, filepath.Join(rootDir, "sub", "big.md"), strings.Repeat("x", 200))
	if err := os.Symlink(outside, filepath.Join(rootDir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(rootDir, "sub", "up")); err != nil {
		t.Fatal(err)
	}
	// A root given through a symlink is resolved once, at start.
	rootLink := filepath.Join(base, "rootlink")
	if err := os.Symlink(rootDir, rootLink); err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, newServer(t, mcpserver.Options{Root: rootLink, MaxInput: 100}, nil))
	tests := []struct {
		name, path string
		wantDOI    string // the call succeeds and finds this DOI
		wantErr    string // or fails with this prefix
	}{
		{name: "relative", path: "refs.bib", wantDOI: "10.9999/inside.1"},
		{name: "absolute inside", path: filepath.Join(rootDir, "refs.bib"), wantDOI: "10.9999/inside.1"},
		{name: "absolute through the root's symlink", path: filepath.Join(rootLink, "refs.bib"), wantDOI: "10.9999/inside.1"},
		{name: "dot-dot", path: "../secret.md", wantErr: "path_refused: "},
		{name: "dot-dot inside then out", path: "sub/../../secret.md", wantErr: "path_refused: "},
		{name: "absolute outside", path: outside, wantErr: "path_refused: "},
		{name: "etc passwd", path: "/etc/passwd", wantErr: "path_refused: "},
		{name: "symlink to a file outside", path: "link.md", wantErr: "path_refused: "},
		{name: "symlinked folder outside", path: "sub/up/secret.md", wantErr: "path_refused: "},
		{name: "a folder", path: "sub", wantErr: "path_refused: "},
		{name: "missing", path: "nope.md", wantErr: "path_refused: "},
		{name: "over the cap", path: "sub/big.md", wantErr: `input_too_large: input too large: "sub/big.md" is larger than 100 bytes (--max-input)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out mcpserver.CheckOutput
			res := call(t, cs, "check_citations", map[string]any{"path": tt.path}, &out)
			if tt.wantErr != "" {
				got := errorText(t, res)
				if !strings.HasPrefix(got, tt.wantErr) {
					t.Errorf("want prefix %q, got %q", tt.wantErr, got)
				}
				if strings.Contains(got, "10.9999/secret") {
					t.Errorf("the refusal leaks the file's content: %q", got)
				}
				return
			}
			if res.IsError {
				t.Fatal(errorText(t, res))
			}
			if len(out.DOIs) != 1 || out.DOIs[0].DOI != tt.wantDOI {
				t.Errorf("want %s, got %+v", tt.wantDOI, out.DOIs)
			}
		})
	}
}

func TestNewRefusesAMissingRoot(t *testing.T) {
	_, err := mcpserver.New(mcpserver.Options{Engine: newEngine(t), Root: filepath.Join(t.TempDir(), "nope")})
	if err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("want an error naming the root, got %v", err)
	}
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
