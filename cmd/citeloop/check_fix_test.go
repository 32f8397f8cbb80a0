package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/bib"
)

// fixServer is a Crossref answering /works/{doi} from works and
// /works?query.bibliographic=T from search[T] (a list of items).
func fixServer(t *testing.T, works map[string]string, search map[string]string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if serveCrossrefFilter(w, r, works, nil) {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/works" {
			fmt.Fprintf(w, `{"status":"ok","message":{"items":[%s]}}`, search[r.URL.Query().Get("query.bibliographic")])
			return
		}
		body, ok := works[strings.ToLower(strings.TrimPrefix(r.URL.Path, "/works/"))]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte("Resource not found."))
			return
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestCheckFix: --fix OUT writes the copy check's report makes (check's
// tests specify the fixes in BibTeX, RIS and CSL JSON), says on stderr what
// it changed, leaves the original as it was, and still exits 3 for the
// problems it found.
func TestCheckFix(t *testing.T) {
	const (
		spin    = "Charges ride the spin wave"
		protein = "Deep learning for protein folding"
		twin    = "Twin studies of sleep"
		wrong   = "10.5555/wrong.1"
	)
	works := map[string]string{wrong: crossrefWorkMeta(wrong, "Methylphenidate exposure in adolescents", 2012, "Lindqvist")}
	search := map[string]string{
		spin:    crossrefItem("10.5555/spin.1", spin+": magnon drag", 2020),
		protein: crossrefItem("10.5555/protein.1", protein, 2019) + "," + crossrefItem(wrong, "Methylphenidate exposure in adolescents", 2012),
		twin:    crossrefItem("10.5555/twin.1", twin, 2018) + "," + crossrefItem("10.5555/twin.2", twin, 2018),
	}
	srv := fixServer(t, works, search)
	tests := []struct {
		name, file, text string
		want             map[string]string // entry title -> DOI in the fixed copy
		summary          string
		// unfixable: the copy keeps its mismatch.
		unfixable bool
	}{
		{
			name: "bibtex",
			file: "refs.bib",
			text: "@article{spin,\n  title = {" + spin + "},\n  author = {Müller, Hans},\n  year = {2020}\n}\n\n" +
				"@article{protein,\n  title = {" + protein + "},\n  author = {Müller, Hans},\n  year = {2019},\n  doi = {" + wrong + "}\n}\n\n" +
				"@article{twin,\n  title = {" + twin + "},\n  author = {Müller, Hans},\n  year = {2018}\n}\n",
			want:    map[string]string{spin: "10.5555/spin.1", protein: "10.5555/protein.1", twin: ""},
			summary: "1 DOI(s) added, 1 corrected",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := checkConfig(t, dir, "any_of", srv.URL, "")
			in := writeFile(t, dir, tt.file, tt.text)
			out := filepath.Join(dir, "fixed"+filepath.Ext(tt.file))
			code, stdout, stderr, _ := runCheckCLI(t, nil, "", "--config", cfg, "check", "--fix", out, in)
			if code != exitNotVerified || !strings.Contains(stderr, tt.summary) {
				t.Fatalf("exit %d, stderr %q, want 3 and %q\n%s", code, stderr, tt.summary, stdout)
			}
			if orig, _ := os.ReadFile(in); !bytes.Equal(orig, []byte(tt.text)) {
				t.Errorf("the original changed:\n%s", orig)
			}
			fixed, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, e := range bib.Parse(out, fixed).Entries {
				got[e.Title] = e.DOI
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("entries of the fixed copy (-want +got):\n%s\n%s", diff, fixed)
			}
			// The fixed copy checks clean of the fixed entries.
			_, stdout, _, _ = runCheckCLI(t, nil, "", "--config", cfg, "check", out)
			if strings.Contains(stdout, "mismatch") != tt.unfixable {
				t.Errorf("the fixed copy: mismatch = %v, want %v:\n%s", !tt.unfixable, tt.unfixable, stdout)
			}
		})
	}
}

// TestCheckFixRefuses: a --fix target check.FixTarget refuses (its tests
// list them) is a usage error before any lookup, as is --fix with several
// inputs; a refusal leaves every file as it was, and --force replaces an
// existing file.
func TestCheckFixRefuses(t *testing.T) {
	dir := t.TempDir()
	srv := fixServer(t, nil, nil)
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	const text = "@article{k,\n  title = {A paper},\n  year = {2020}\n}\n"
	in := writeFile(t, dir, "refs.bib", text)
	other := writeFile(t, dir, "other.bib", "keep me")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"the input itself", []string{"--fix", in, in}, "that is the input file"},
		{"an existing file", []string{"--fix", other, in}, "file exists (--force replaces it)"},
		{"two inputs", []string{"--fix", filepath.Join(dir, "new.bib"), in, other}, "name exactly one input file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, _, err := runCheckCLI(t, nil, "", append([]string{"--config", cfg, "check"}, tt.args...)...)
			if code != exitUsage || err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("exit %d, %v; want 2 and %q", code, err, tt.want)
			}
			if b, _ := os.ReadFile(in); string(b) != text {
				t.Errorf("input changed: %q", b)
			}
			if b, _ := os.ReadFile(other); string(b) != "keep me" {
				t.Errorf("existing file changed: %q", b)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "new.bib")); err == nil {
		t.Error("a refused --fix wrote its output")
	}
	// --force replaces an existing file that is not the input.
	code, _, stderr, _ := runCheckCLI(t, nil, "", "--config", cfg, "check", "--fix", other, "--force", in)
	if b, _ := os.ReadFile(other); code != exitNotVerified || string(b) != text || !strings.Contains(stderr, "0 DOI(s) added, 0 corrected") {
		t.Errorf("--force: exit %d, %q, stderr %q", code, b, stderr)
	}
}
