package batch

import (
	"fmt"
	"strings"
	"testing"
)

// TestLeadIDsAreValidatedAsPortableFolderNames: an id becomes its lead's
// folder, so it is checked by the rule of a portable folder name, not
// against a list of bad ids: what is left once every character but letters,
// digits, '.', '-' and '_' is read as '_' must be at most MaxKeyBytes,
// not a Windows device name, not empty (".", ".."), not a file the batch
// writes, and must not name the folder of an earlier row without case.
func TestLeadIDsAreValidatedAsPortableFolderNames(t *testing.T) {
	long := strings.Repeat("a", MaxKeyBytes)
	tests := []struct {
		give    string
		wantKey string
		wantErr string
	}{
		{give: long, wantKey: long},
		{give: long + "b", wantErr: "is 256 bytes as a folder name; at most 255"},
		{give: "Smith, J.", wantKey: "Smith_J"},
		{give: ".", wantErr: `"." has no letter or digit`},
		{give: "..", wantErr: `".." has no letter or digit`},
		{give: "日本語", wantErr: "has no letter or digit"},
		{give: "NUL", wantErr: "is a device name on Windows"},
		{give: "con.txt", wantErr: "is a device name on Windows"},
		{give: "com1", wantErr: "is a device name on Windows"},
		{give: "console", wantKey: "console"},
		{give: "summary.json", wantErr: `"summary.json" is the name of a file the batch writes`},
		{give: "SUMMARY.JSON", wantErr: "is the name of a file the batch writes"},
		{give: "citeloop-batch.db", wantErr: "is the name of a file the batch writes"},
		{give: "citeloop-batch.db-wal", wantErr: "is the name of a file the batch writes"},
		{give: "report.html", wantErr: "is the name of a file the batch writes"},
		{give: "report.json", wantErr: "is the name of a file the batch writes"},
		{give: "index.html", wantErr: "is the name of a file the batch writes"},
		{give: "summary", wantKey: "summary"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%.20s", tt.give), func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "leads.jsonl", fmt.Sprintf("{\"id\":\"ok\",\"topic\":\"x\"}\n{\"id\":%q,\"topic\":\"y\"}\n", tt.give))
			f, err := LoadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for l, err := range f.Leads() {
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, l.Key)
			}
			if tt.wantErr != "" {
				if len(f.Invalid) != 1 || !strings.Contains(f.Invalid[0], "leads.jsonl: row 2: id: ") || !strings.Contains(f.Invalid[0], tt.wantErr) {
					t.Errorf("invalid rows %q, want row 2's id saying %q", f.Invalid, tt.wantErr)
				}
				if len(keys) != 1 {
					t.Errorf("keys %q, want only the valid lead", keys)
				}
				return
			}
			if len(f.Invalid) != 0 || len(keys) != 2 || keys[1] != tt.wantKey {
				t.Errorf("keys %q, invalid %q; want %q", keys, f.Invalid, tt.wantKey)
			}
		})
	}
}
