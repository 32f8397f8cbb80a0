package verify_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/internal/atomicfile"
	"github.com/citeloop/citeloop/verify"
)

// testKey signs the briefs of the tamper tests.
var testKey = ed25519.NewKeyFromSeed([]byte(strings.Repeat("k", ed25519.SeedSize)))

// A tampering: what is done to a signed brief folder, and the finding
// that must name it.
type tampering struct {
	name string
	file string // the file edited, and the one the finding must name
	edit func(t *testing.T, path string)
	code string
}

func replaceWith(old, new string) func(*testing.T, string) {
	return func(t *testing.T, path string) { replaceOnce(t, path, old, new) }
}

func appendText(s string) func(*testing.T, string) {
	return func(t *testing.T, path string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, s...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// flipByte changes one byte in the middle of the file.
func flipByte(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := len(data) / 2
	for data[i] < 'a' || data[i] > 'y' {
		i++
	}
	data[i]++
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tamperings are the edits of what people read that verify missed before
// issue 23, one byte in every other file, and files added or removed.
var tamperings = []tampering{
	{name: "a claim in brief.md", file: "brief.md", edit: replaceWith("increased substantially", "decreased substantially"), code: "file_changed"},
	{name: "the same claim in brief.html", file: "brief.html", edit: replaceWith("increased substantially", "decreased substantially"), code: "file_changed"},
	{name: "a claim in brief.json", file: "brief.json", edit: replaceWith(`"text": "Screening intentions`, `"text": "Screening plans`), code: "file_changed"},
	{name: "the title in brief.json", file: "brief.json", edit: replaceWith(`"title": "Sourced brief: cancer screening"`, `"title": "Sourced brief: cancer cures"`), code: "file_changed"},
	{name: "an invented quote in brief.md", file: "brief.md", edit: replaceWith("(a study of Chinese-Australians). [1]\n", "(a study of Chinese-Australians). [1]\n\n> [1] \"Screening halves mortality in every trial we examined\"\n"), code: "file_changed"},
	{name: "a fabricated reference appended to brief.md", file: "brief.md", edit: appendText("4. Doe J (2024). A paper that does not exist. [doi:10.9999/made.up](https://doi.org/10.9999/made.up)\n"), code: "file_changed"},
	{name: "one byte of brief.md", file: "brief.md", edit: flipByte, code: "file_changed"},
	{name: "brief.md cut after a line", file: "brief.md", edit: func(t *testing.T, path string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data[:bytes.IndexByte(data, '\n')+1], 0o644); err != nil {
			t.Fatal(err)
		}
	}, code: "file_changed"},
	{name: "one byte of brief.html", file: "brief.html", edit: flipByte, code: "file_changed"},
	{name: "one byte of brief.bib", file: "brief.bib", edit: flipByte, code: "file_changed"},
	{name: "one byte of brief.ris", file: "brief.ris", edit: flipByte, code: "file_changed"},
	{name: "one byte of brief.csl.json", file: "brief.csl.json", edit: flipByte, code: "file_changed"},
	{name: "a space in brief.json", file: "brief.json", edit: replaceWith(`"kind": "`, `"kind":  "`), code: "file_changed"},
	{name: "a newline at the end of draft.json", file: "draft.json", edit: appendText("\n"), code: "file_changed"},
	{name: "a space in ledger.json", file: "ledger.json", edit: replaceWith(`"entries": [`, `"entries":  [`), code: "file_changed"},
	{name: "brief.html removed", file: "brief.html", edit: func(t *testing.T, path string) {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}, code: "missing_file"},
}

// Every tampering of a signed brief folder fails it, naming the file (and,
// for a file rendered again, its line); an untouched folder verified three
// times stays ok.
func TestTamperingNamesTheFile(t *testing.T) {
	pub := testKey.Public().(ed25519.PublicKey)
	for _, tt := range tamperings {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeBrief(t, testKey)
			tt.edit(t, filepath.Join(dir, tt.file))
			r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{PublicKey: pub})
			if r.Status != verify.Changed || !names(r, tt.code, tt.file) {
				t.Errorf("status %s, findings %+v; want changed with %s naming %s", r.Status, r.Findings, tt.code, tt.file)
			}
			if tt.code == "file_changed" && tt.file != "brief.json" && !slices.ContainsFunc(r.Findings, func(f verify.Finding) bool { return f.File == tt.file && f.Line > 0 }) {
				t.Errorf("no line named for %s: %+v", tt.file, r.Findings)
			}
		})
	}
	t.Run("untouched, three times", func(t *testing.T) {
		dir := writeBrief(t, testKey)
		for i := range 3 {
			r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{PublicKey: pub})
			if r.Status != verify.OK || !r.Rerendered || len(r.Findings) > 0 {
				t.Fatalf("pass %d: %s %+v %v, want ok, rendered again", i+1, r.Status, r.Findings, r.Notes)
			}
		}
	})
}

// names reports whether r has a finding with code about file.
func names(r verify.Result, code, file string) bool {
	return slices.ContainsFunc(r.Findings, func(f verify.Finding) bool { return f.Code == code && f.File == file })
}

// A brief file the stamp does not list is extra; companions (outcome.json,
// a watch's files) are not brief files; an export written later by verify
// --export is checked by rendering it again.
func TestFilesBesideTheBrief(t *testing.T) {
	pub := testKey.Public().(ed25519.PublicKey)
	write := func(t *testing.T, path, data string) {
		t.Helper()
		if err := atomicfile.WriteFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	check := func(t *testing.T, dir string) verify.Result {
		t.Helper()
		return verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{PublicKey: pub})
	}
	t.Run("companions", func(t *testing.T) {
		dir := writeBriefIn(t, testKey, []brief.Format{brief.Markdown, brief.JSON})
		for _, name := range []string{"outcome.json", verify.StateFile, verify.ReportJSONFile, verify.ReportHTMLFile, "notes.txt"} {
			write(t, filepath.Join(dir, name), "{}")
		}
		if r := check(t, dir); r.Status != verify.OK {
			t.Errorf("%s %+v, want ok", r.Status, r.Findings)
		}
	})
	t.Run("a brief file not listed", func(t *testing.T) {
		dir := writeBriefIn(t, testKey, []brief.Format{brief.Markdown, brief.JSON})
		write(t, filepath.Join(dir, "brief.html"), "<p>added later</p>")
		if r := check(t, dir); r.Status != verify.Changed || !names(r, "extra_file", "brief.html") {
			t.Errorf("%s %+v, want changed with extra_file brief.html", r.Status, r.Findings)
		}
	})
	t.Run("an export written later", func(t *testing.T) {
		dir := writeBriefIn(t, testKey, []brief.Format{brief.Markdown, brief.JSON})
		f, err := verify.Export(filepath.Join(dir, "brief.json"), brief.BibTeX)
		if err != nil {
			t.Fatal(err)
		}
		write(t, f.Name, string(f.Data))
		r := check(t, dir)
		if r.Status != verify.OK || !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "brief.bib") }) {
			t.Errorf("%s %+v %v, want ok with a note on brief.bib", r.Status, r.Findings, r.Notes)
		}
		flipByte(t, f.Name)
		if r := check(t, dir); r.Status != verify.Changed || !names(r, "file_changed", "brief.bib") {
			t.Errorf("edited later export: %s %+v, want file_changed brief.bib", r.Status, r.Findings)
		}
	})
}
