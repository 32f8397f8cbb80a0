package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies testdata/docs into a temporary module folder.
func copyTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range []string{"docs/perf.md", "docs/bench/cache.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		if err := os.WriteFile(filepath.Join(root, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "README.md"), []byte("# readme\n"), 0o644)
	return root
}

func TestRenderWritesTheTable(t *testing.T) {
	root := copyTree(t)
	if err := run(root, true, ""); err == nil || !strings.Contains(err.Error(), "1 tables differ") {
		t.Fatalf("check of a stale doc: err = %v", err)
	}
	if err := run(root, false, ""); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(root, "docs", "perf.md"))
	want := "# Perf\n\nBefore.\n\n<!-- bench: cache -->\n" +
		"Measured with `go test -run '^$' -bench WarmLookup -count 2 -cpu 1 ./oracles/cache` at commit 1946ea9 on linux/amd64, 2 cores, AMD EPYC (load average 1.02); the mean of 2 runs.\n\n" +
		"| benchmark | sec/op | DOIs/s |\n|---|---:|---:|\n" +
		"| WarmLookup/store | 500 ms | 39,091 |\n" +
		"| WarmLookup/file-per-doi | 759 ms | 26,344 |\n" +
		"<!-- /bench -->\n\nAfter.\n"
	if string(got) != want {
		t.Errorf("doc =\n%s\nwant\n%s", got, want)
	}
	if err := run(root, true, ""); err != nil {
		t.Errorf("check after render: %v", err)
	}
}

func TestAMissingOutputIsAnError(t *testing.T) {
	root := copyTree(t)
	os.Remove(filepath.Join(root, "docs", "bench", "cache.txt"))
	if err := run(root, true, ""); err == nil || !strings.Contains(err.Error(), "bench cache") {
		t.Errorf("err = %v, want one naming the bench", err)
	}
}

// The project's own docs hold the tables their committed outputs make.
func TestProjectDocsMatchTheirBenchOutput(t *testing.T) {
	stale, err := render(filepath.Join("..", ".."), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stale {
		t.Errorf("%s: run go run ./internal/benchdoc", s)
	}
}
