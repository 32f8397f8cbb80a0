package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/citeloop/citeloop/verify"
)

// mapFS copies a brief folder into memory under sub.
func mapFS(t *testing.T, dir, sub string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[sub+e.Name()] = &fstest.MapFile{Data: data}
	}
	return m
}

// replaceIn replaces the first old in f, failing if it is not there.
func replaceIn(t *testing.T, f *fstest.MapFile, old, new string) {
	t.Helper()
	if !strings.Contains(string(f.Data), old) {
		t.Fatalf("setup: %q not in the file", old)
	}
	f.Data = []byte(strings.Replace(string(f.Data), old, new, 1))
}

// A brief held in memory verifies like the same brief on disk, and the
// same edits fail it, naming the file as it is named in the fs.FS.
func TestBriefFS(t *testing.T) {
	dir := writeBrief(t, nil)
	tests := []struct {
		name      string
		edit      func(*testing.T, fstest.MapFS)
		contents  bool // the files were sent: one not given is not checked
		want      verify.Status
		wantCodes []string
		wantIn    string // a finding's detail contains it
	}{
		{name: "untouched", want: verify.OK},
		{name: "sent without the optional renderings", edit: func(_ *testing.T, m fstest.MapFS) {
			delete(m, "b/brief.md")
			delete(m, "b/brief.html")
		}, contents: true, want: verify.OK},
		{name: "a folder without brief.md", edit: func(_ *testing.T, m fstest.MapFS) { delete(m, "b/brief.md") },
			want: verify.Changed, wantCodes: []string{"missing_file"}, wantIn: "b/brief.md"},
		{name: "one byte of a quote in brief.json", edit: func(t *testing.T, m fstest.MapFS) {
			replaceIn(t, m["b/brief.json"], `"quote": "S`, `"quote": "T`)
		}, want: verify.Changed, wantCodes: []string{"quote_not_in_source"}},
		{name: "a reference in brief.md", edit: func(t *testing.T, m fstest.MapFS) { replaceIn(t, m["b/brief.md"], "1. Kwok", "1. Kwak") }, want: verify.Changed, wantCodes: []string{"file_changed"}},
		{name: "no draft", edit: func(_ *testing.T, m fstest.MapFS) { delete(m, "b/draft.json") },
			want: verify.Changed, wantCodes: []string{"unreadable"}, wantIn: "b/draft.json"},
		{name: "ledger not JSON", edit: func(_ *testing.T, m fstest.MapFS) { m["b/ledger.json"].Data = []byte("{") },
			want: verify.Changed, wantCodes: []string{"unreadable"}, wantIn: "b/ledger.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mapFS(t, dir, "b/")
			if tt.edit != nil {
				tt.edit(t, m)
			}
			r := verify.BriefFS(context.Background(), m, "b/brief.json", verify.Options{Contents: tt.contents})
			if r.Status != tt.want || r.Path != "b/brief.json" {
				t.Errorf("status %s path %s, want %s b/brief.json: %+v", r.Status, r.Path, tt.want, r.Findings)
			}
			for _, c := range tt.wantCodes {
				if !slices.Contains(codes(r), c) {
					t.Errorf("findings %v, want %s", codes(r), c)
				}
			}
			if tt.wantIn != "" && !slices.ContainsFunc(r.Findings, func(f verify.Finding) bool { return strings.Contains(f.Detail, tt.wantIn) }) {
				t.Errorf("findings %+v do not name %s", r.Findings, tt.wantIn)
			}
		})
	}
}

// On disk, a missing file is named by its full path.
func TestBriefNamesMissingFileByPath(t *testing.T) {
	dir := writeBrief(t, nil)
	if err := os.Remove(filepath.Join(dir, "draft.json")); err != nil {
		t.Fatal(err)
	}
	r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{})
	if r.Status != verify.Changed || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Detail, filepath.Join(dir, "draft.json")) {
		t.Errorf("%+v, want one unreadable finding naming %s", r.Findings, filepath.Join(dir, "draft.json"))
	}
}
