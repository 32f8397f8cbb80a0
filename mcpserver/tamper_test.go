package mcpserver_test

import (
	"context"
	"crypto/ed25519"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
	"github.com/citeloop/citeloop/verify"
)

var signingKey = ed25519.NewKeyFromSeed([]byte(strings.Repeat("m", ed25519.SeedSize)))

// signedBrief writes a signed offline brief in every format and returns its
// files by name.
func signedBrief(t *testing.T) map[string]string {
	t.Helper()
	e, err := engine.New(configs.Default(), engine.Deps{Registry: all.Backends()})
	if err != nil {
		t.Fatal(err)
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(t.TempDir(), "key")
	priv, _, err := brief.MarshalKeyPair(signingKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, priv, 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := e.NewBriefer(engine.BriefOptions{Offline: off, SigningKeyFile: key,
		Formats: []brief.Format{brief.Markdown, brief.JSON, brief.HTML, brief.BibTeX, brief.RIS, brief.CSL}})
	if err != nil {
		t.Fatal(err)
	}
	res, files, err := b.RunLead(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	if err != nil || res.Reason != contract.Verified {
		t.Fatalf("setup: %s %s %v", res.Reason, res.Detail, err)
	}
	out := map[string]string{}
	for _, f := range files {
		out[f.Name] = string(f.Data)
	}
	return out
}

// The tamperings of verify's table, through verify_brief: from a folder
// under the root and from the files sent, each names the file.
func TestVerifyBriefNamesTheTamperedFile(t *testing.T) {
	files := signedBrief(t)
	_, pub, err := brief.MarshalKeyPair(signingKey)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(t *testing.T, fs map[string]string, name string) map[string]string {
		b := []byte(fs[name])
		i := len(b) / 2
		for b[i] < 'a' || b[i] > 'y' {
			i++
		}
		b[i]++
		return edited(t, fs, name, fs[name], string(b))
	}
	tests := []struct {
		name  string
		edit  func(t *testing.T, fs map[string]string) map[string]string
		file  string
		code  string
		inDir bool // only a folder can have a file removed or added
	}{
		{name: "a claim in brief.md", file: "brief.md", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string {
			return edited(t, fs, "brief.md", "increased substantially", "decreased substantially")
		}},
		{name: "a claim in brief.html", file: "brief.html", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string {
			return edited(t, fs, "brief.html", "increased substantially", "decreased substantially")
		}},
		{name: "the title in brief.json", file: "brief.json", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string {
			return edited(t, fs, "brief.json", `"title": "Sourced brief: cancer screening"`, `"title": "Sourced brief: cancer cures"`)
		}},
		{name: "a reference appended to brief.md", file: "brief.md", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string {
			out := edited(t, fs, "brief.md", "", "")
			out["brief.md"] += "4. Doe J (2024). Made up. [doi:10.9999/made.up](https://doi.org/10.9999/made.up)\n"
			return out
		}},
		{name: "one byte of brief.bib", file: "brief.bib", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string { return flip(t, fs, "brief.bib") }},
		{name: "one byte of brief.ris", file: "brief.ris", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string { return flip(t, fs, "brief.ris") }},
		{name: "one byte of brief.csl.json", file: "brief.csl.json", code: "file_changed", edit: func(t *testing.T, fs map[string]string) map[string]string { return flip(t, fs, "brief.csl.json") }},
		{name: "brief.html removed", file: "brief.html", code: "missing_file", inDir: true, edit: func(t *testing.T, fs map[string]string) map[string]string {
			out := edited(t, fs, "brief.html", "", "")
			delete(out, "brief.html")
			return out
		}},
	}
	rootDir := t.TempDir()
	cs, _ := connect(t, newServer(t, mcpserver.Options{Root: rootDir}, nil))
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := tt.edit(t, files)
			dir := filepath.Join(rootDir, strings.Repeat("d", i+1))
			writeFolder(t, dir, fs)
			ins := map[string]map[string]any{"path": {"path": filepath.Base(dir)}}
			if !tt.inDir {
				ins["files"] = map[string]any{"files": filesOf(fs)}
			}
			for how, in := range ins {
				in["offline"], in["public_key"] = true, string(pub)
				var got mcpserver.VerifyOutput
				if res := call(t, cs, "verify_brief", in, &got); res.IsError {
					t.Fatal(errorText(t, res))
				}
				if got.Status != "changed" || !slices.ContainsFunc(got.Briefs[0].Findings, func(f verify.Finding) bool { return f.Code == tt.code && f.File == tt.file }) {
					t.Errorf("%s: %s %+v, want changed with %s naming %s", how, got.Status, got.Briefs[0].Findings, tt.code, tt.file)
				}
			}
		})
	}
	t.Run("untouched, three times, both ways", func(t *testing.T) {
		dir := filepath.Join(rootDir, "untouched")
		writeFolder(t, dir, files)
		for range 3 {
			for how, in := range map[string]map[string]any{"path": {"path": "untouched"}, "files": {"files": filesOf(files)}} {
				in["offline"], in["public_key"] = true, string(pub)
				var got mcpserver.VerifyOutput
				if res := call(t, cs, "verify_brief", in, &got); res.IsError {
					t.Fatal(errorText(t, res))
				}
				if b := got.Briefs[0]; got.Status != "ok" || !b.Rerendered || b.Signature != "signature_ok" {
					t.Fatalf("%s: %+v, want ok, rendered again, signature_ok", how, got)
				}
			}
		}
	})
}

// filesOf is verify_brief's files input.
func filesOf(fs map[string]string) []mcpserver.BriefFile {
	var out []mcpserver.BriefFile
	for _, name := range slices.Sorted(maps.Keys(fs)) {
		out = append(out, mcpserver.BriefFile{Name: name, Content: fs[name]})
	}
	return out
}
