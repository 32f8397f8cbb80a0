package mcpserver_test

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citeloop/citeloop/mcpserver"
)

// A named pipe under the root is refused at once, by check_citations, by
// verify_brief (as the brief.json named, or a file in a brief folder) and
// as a sources file: never waited on.
func TestNamedPipeUnderTheRootIsRefused(t *testing.T) {
	rootDir := t.TempDir()
	files := writtenBrief(t, connectOffline(t))
	writeFolder(t, filepath.Join(rootDir, "b"), map[string]string{"brief.json": files["brief.json"], "draft.json": files["draft.json"]})
	for _, p := range []string{"refs.md", filepath.Join("b", "ledger.json"), filepath.Join("c", "brief.json")} {
		writeFolder(t, filepath.Join(rootDir, filepath.Dir(p)), nil)
		if err := syscall.Mkfifo(filepath.Join(rootDir, p), 0o600); err != nil {
			t.Skip(err)
		}
	}
	cs, _ := connect(t, newServer(t, mcpserver.Options{Root: rootDir}, nil))
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"check_citations", map[string]any{"path": "refs.md"}},
		{"verify_brief", map[string]any{"path": "b", "offline": true}},
		{"verify_brief", map[string]any{"path": "c/brief.json", "offline": true}},
		{"collect_sources", map[string]any{"sources_path": "refs.md"}},
	}
	for _, c := range calls {
		t.Run(c.tool, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			if err != nil {
				t.Fatalf("%v (a pipe must be refused at once)", err)
			}
			if got := errorText(t, res); !strings.HasPrefix(got, "path_refused: ") || !strings.Contains(got, "not a regular file") {
				t.Errorf("got %q, want path_refused: ... not a regular file", got)
			}
		})
	}
}
