package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/batch"
)

// A leads file that is empty, a folder, or has a duplicate id or a
// misspelt field each gives its error, naming the file and the row, and its
// exit code; an empty or unreadable file is refused before anything is
// made or enqueued (no output folder, no queue), and --allow-empty accepts
// an empty one.
func TestBatchInputErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := os.Mkdir(filepath.Join(dir, "leads"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		file      string
		extra     []string
		wantCode  int
		wantErr   []string
		wantOut   bool // the output folder is made
		wantEnded string
	}{
		{name: "empty yaml", file: write("empty.yaml", ""), wantCode: exitUsage, wantErr: []string{"empty.yaml holds no lead", "--allow-empty"}},
		{name: "empty list", file: write("list.yaml", "leads: []\n"), wantCode: exitUsage, wantErr: []string{"list.yaml holds no lead"}},
		{name: "empty csv", file: write("empty.csv", ""), wantCode: exitUsage, wantErr: []string{"empty.csv holds no lead"}},
		{name: "header only csv", file: write("header.csv", "id,topic\n"), wantCode: exitUsage, wantErr: []string{"header.csv holds no lead"}},
		{name: "empty jsonl", file: write("empty.jsonl", "\n\n"), wantCode: exitUsage, wantErr: []string{"empty.jsonl holds no lead"}},
		{name: "allowed empty", file: write("allowed.csv", "id,topic\n"), extra: []string{"--allow-empty"}, wantCode: exitOK, wantOut: true, wantEnded: "0 leads ended"},
		{name: "folder", file: filepath.Join(dir, "leads"), wantCode: exitUsage, wantErr: []string{"leads: invalid lead: is a folder, not a leads file"}},
		{name: "missing", file: filepath.Join(dir, "missing.csv"), wantCode: exitUsage, wantErr: []string{"missing.csv"}},
		{name: "duplicate id", file: write("dup.csv", "id,topic\na,breast cancer\nb,prostate cancer\nA,breast cancer\n"), wantCode: exitUsage, wantOut: true,
			wantErr: []string{`dup.csv: row 4: id: "A" names the same folder as the lead of row 2`, "1 invalid row skipped"}, wantEnded: "2 leads ended"},
		{name: "misspelt field", file: write("typo.yaml", "- id: a\n  topic: breast cancer\n- id: b\n  topc: prostate cancer\n"), wantCode: exitUsage, wantOut: true,
			wantErr: []string{`typo.yaml: row 4: topc: unknown field; did you mean "topic"?`}, wantEnded: "1 lead ended"},
		{name: "misspelt column", file: write("typo.csv", "id,topc\na,breast cancer\n"), wantCode: exitUsage,
			wantErr: []string{`unknown column "topc"; did you mean "topic"?`}},
		{name: "own file name", file: write("own.jsonl", `{"id":"summary.json","topic":"breast cancer"}`+"\n"+`{"id":"`+strings.Repeat("x", 256)+`","topic":"breast cancer"}`+"\n"+`{"id":"ok","topic":"breast cancer"}`+"\n"), wantCode: exitUsage, wantOut: true,
			wantErr: []string{`own.jsonl: row 1: id: "summary.json" is the name of a file the batch writes`, "own.jsonl: row 2: id: is 256 bytes as a folder name; at most 255", "2 invalid rows skipped"}, wantEnded: "1 lead ended"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			a, stdout, stderr := testApp(nil)
			err := runApp(context.Background(), a, append([]string{"batch", "--offline", "--out", out, "--log-level", "warn", tt.file}, tt.extra...))
			if code := exitCode(err); code != tt.wantCode {
				t.Fatalf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, err, tt.wantCode, stdout, stderr)
			}
			said := stderr.String() + stdout.String()
			if err != nil {
				said += err.Error()
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(said, w) {
					t.Errorf("output lacks %q:\n%s", w, said)
				}
			}
			if _, err := os.Stat(out); (err == nil) != tt.wantOut {
				t.Errorf("output folder made = %v, want %v", err == nil, tt.wantOut)
			}
			if _, err := os.Stat(filepath.Join(out, batch.DatabaseFile)); !tt.wantOut && err == nil {
				t.Error("a queue was made for a refused file")
			}
			if tt.wantEnded != "" && !strings.Contains(stdout.String(), tt.wantEnded) {
				t.Errorf("stdout %q lacks %q", stdout, tt.wantEnded)
			}
		})
	}
}
