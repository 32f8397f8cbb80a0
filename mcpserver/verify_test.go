package mcpserver_test

import (
	"crypto/ed25519"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
)

// writtenBrief has write_brief write a brief on the offline server and
// returns its files by name.
func writtenBrief(t *testing.T, cs *mcp.ClientSession) map[string]string {
	t.Helper()
	var out mcpserver.BriefOutput
	res := call(t, cs, "write_brief", map[string]any{"topic": "cancer screening", "any_topic_word": true, "max_sources": 3}, &out)
	if res.IsError {
		t.Fatalf("write_brief: %s", errorText(t, res))
	}
	files := map[string]string{}
	for _, f := range out.Files {
		files[f.Name] = f.Content
	}
	for _, name := range []string{"brief.json", "ledger.json", "draft.json", "brief.md"} {
		if files[name] == "" {
			t.Fatalf("write_brief gave no %s: %v", name, slices.Sorted(maps.Keys(files)))
		}
	}
	return files
}

// contents is verify_brief's input for files.
func contents(files map[string]string) map[string]any {
	return map[string]any{"brief": files["brief.json"], "ledger": files["ledger.json"], "draft": files["draft.json"], "markdown": files["brief.md"]}
}

// edited returns a copy of files with the first old in name replaced,
// failing if old is not there, so no test passes by editing nothing.
func edited(t *testing.T, files map[string]string, name, old, new string) map[string]string {
	t.Helper()
	if !strings.Contains(files[name], old) {
		t.Fatalf("setup: %q not in %s", old, name)
	}
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	out[name] = strings.Replace(files[name], old, new, 1)
	return out
}

func codesOf(b mcpserver.VerifiedBrief) []string {
	var out []string
	for _, f := range b.Findings {
		out = append(out, f.Code)
	}
	return out
}

func TestVerifyBriefContents(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	files := writtenBrief(t, cs)
	tests := []struct {
		name       string
		files      map[string]string
		offline    bool
		want       string
		wantCode   string // a finding with this code, when not ok
		wantOnline bool
	}{
		{name: "untouched, offline", files: files, offline: true, want: "ok"},
		{name: "untouched, online through the corpus", files: files, want: "ok", wantOnline: true},
		{name: "one byte of a quote in brief.json", files: edited(t, files, "brief.json", `"quote": "`, `"quote": "X`), offline: true, want: "changed", wantCode: "quote_not_in_source"},
		{name: "one byte of a quote in draft.json", files: edited(t, files, "draft.json", `"quote": "`, `"quote": "X`), offline: true, want: "changed", wantCode: "draft_changed"},
		{name: "a reference in brief.md", files: edited(t, files, "brief.md", "1. ", "1.  "), offline: true, want: "changed", wantCode: "file_changed"},
		{name: "the ledger's text", files: edited(t, files, "ledger.json", `"abstract": "`, `"abstract": "X`), offline: true, want: "changed", wantCode: "ledger_changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := contents(tt.files)
			in["offline"] = tt.offline
			var got mcpserver.VerifyOutput
			if res := call(t, cs, "verify_brief", in, &got); res.IsError {
				t.Fatal(errorText(t, res))
			}
			if got.Status != tt.want || len(got.Briefs) != 1 {
				t.Fatalf("status %s with %d briefs, want %s with one: %+v", got.Status, len(got.Briefs), tt.want, got)
			}
			b := got.Briefs[0]
			if b.Status != tt.want || b.Online != tt.wantOnline || b.Signature != "unsigned" || b.Path != "brief.json" {
				t.Errorf("brief %+v, want %s, online %v, unsigned, brief.json", b, tt.want, tt.wantOnline)
			}
			if tt.wantOnline && len(b.Sources) == 0 {
				t.Error("online verification looked no source up")
			}
			if tt.want == "ok" && len(b.Findings) != 0 {
				t.Errorf("ok with findings %+v", b.Findings)
			}
			if tt.wantCode != "" && !slices.Contains(codesOf(b), tt.wantCode) {
				t.Errorf("findings %+v, want %s", b.Findings, tt.wantCode)
			}
		})
	}
}

func TestVerifyBriefSignature(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	files := writtenBrief(t, cs)
	_, pub, err := brief.MarshalKeyPair(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	in := contents(files)
	in["offline"], in["public_key"] = true, string(pub)
	var got mcpserver.VerifyOutput
	if res := call(t, cs, "verify_brief", in, &got); res.IsError {
		t.Fatal(errorText(t, res))
	}
	// A key given for an unsigned brief fails it: the signature was asked for.
	if got.Status != "changed" || got.Briefs[0].Signature != "unsigned" || !slices.Contains(codesOf(got.Briefs[0]), "bad_signature") {
		t.Errorf("unsigned brief checked with a key: %+v, want changed, unsigned, bad_signature", got)
	}
	in["public_key"] = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"
	if got := errorText(t, call(t, cs, "verify_brief", in, nil)); !strings.HasPrefix(got, "bad_input: ") || !strings.Contains(got, "public_key") {
		t.Errorf("broken key: %q, want bad_input naming public_key", got)
	}
}

func TestVerifyBriefRefusesBadInput(t *testing.T) {
	cs, _ := connect(t, newServer(t, mcpserver.Options{MaxInput: 64}, nil))
	tests := []struct {
		name string
		give map[string]any
		want string
	}{
		{"brief over the cap", map[string]any{"brief": strings.Repeat("x", 65), "ledger": "{}", "draft": "{}"}, "input_too_large: brief is 65 bytes; this server accepts at most 64 (--max-input)"},
		{"key over the cap", map[string]any{"path": "b", "public_key": strings.Repeat("k", 100)}, "input_too_large: public_key is 100 bytes; this server accepts at most 64 (--max-input)"},
		{"nothing", map[string]any{}, "bad_input: give files (as write_brief returns them), or brief, ledger and draft (the brief folder's brief.json, ledger.json and draft.json), or a path under the server's root"},
		{"no draft", map[string]any{"brief": "{}", "ledger": "{}"}, "bad_input: draft.json is missing: verify needs brief.json, ledger.json and draft.json together (it recomputes the digests brief.json binds)"},
		{"a file not of a brief", map[string]any{"files": []map[string]string{{"name": "outcome.json", "content": "{}"}}}, "bad_input: files: \"outcome.json\" is not a file of a brief (want ledger.json, draft.json, brief.md, brief.json, brief.html, brief.bib, brief.ris, brief.csl.json)"},
		{"files and fields", map[string]any{"brief": "{}", "files": []map[string]string{{"name": "brief.md", "content": "x"}}}, "bad_input: give the files, or brief, ledger, draft and markdown, not both"},
		{"both", map[string]any{"brief": "{}", "path": "b"}, "bad_input: give the brief's contents or a path, not both"},
		{"path without root", map[string]any{"path": "b"}, `path_refused: path refused: "b": this server was started without --root, so it reads no files; pass the content instead`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errorText(t, call(t, cs, "verify_brief", tt.give, nil)); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// writeFolder writes files into dir.
func writeFolder(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestVerifyBriefPath(t *testing.T) {
	files := writtenBrief(t, connectOffline(t))
	base := t.TempDir()
	rootDir := filepath.Join(base, "root")
	writeFolder(t, filepath.Join(rootDir, "briefs", "good"), files)
	writeFolder(t, filepath.Join(rootDir, "briefs", "edited"), edited(t, files, "brief.json", `"quote": "`, `"quote": "X`))
	writeFolder(t, filepath.Join(base, "outside"), files)
	if err := os.MkdirAll(filepath.Join(rootDir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "outside"), filepath.Join(rootDir, "escape")); err != nil {
		t.Fatal(err)
	}
	// A brief folder inside the root whose ledger.json links out of it.
	writeFolder(t, filepath.Join(rootDir, "linked"), map[string]string{"brief.json": files["brief.json"], "draft.json": files["draft.json"]})
	if err := os.Symlink(filepath.Join(base, "outside", "ledger.json"), filepath.Join(rootDir, "linked", "ledger.json")); err != nil {
		t.Fatal(err)
	}
	// A brief.json that is a folder is a folder to search, with no brief.
	if err := os.MkdirAll(filepath.Join(rootDir, "odd", "brief.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, newServer(t, mcpserver.Options{Root: rootDir}, nil))
	ok := []struct {
		name      string
		path      string
		want      string
		wantPaths []string
	}{
		{name: "a brief folder", path: "briefs/good", want: "ok", wantPaths: []string{"briefs/good/brief.json"}},
		{name: "its brief.json", path: "briefs/good/brief.json", want: "ok", wantPaths: []string{"briefs/good/brief.json"}},
		{name: "absolute", path: filepath.Join(rootDir, "briefs", "good"), want: "ok", wantPaths: []string{filepath.Join(rootDir, "briefs", "good", "brief.json")}},
		{name: "the edited one", path: "briefs/edited", want: "changed", wantPaths: []string{"briefs/edited/brief.json"}},
		{name: "a tree: the worst status", path: "briefs", want: "changed", wantPaths: []string{"briefs/edited/brief.json", "briefs/good/brief.json"}},
	}
	for _, tt := range ok {
		t.Run(tt.name, func(t *testing.T) {
			var got mcpserver.VerifyOutput
			if res := call(t, cs, "verify_brief", map[string]any{"path": tt.path, "offline": true}, &got); res.IsError {
				t.Fatal(errorText(t, res))
			}
			var paths []string
			for _, b := range got.Briefs {
				paths = append(paths, b.Path)
				if b.Status == "changed" && !slices.Contains(codesOf(b), "quote_not_in_source") {
					t.Errorf("%s: findings %+v, want quote_not_in_source", b.Path, b.Findings)
				}
			}
			if got.Status != tt.want || !slices.Equal(paths, tt.wantPaths) {
				t.Errorf("status %s, paths %v; want %s, %v", got.Status, paths, tt.want, tt.wantPaths)
			}
		})
	}
	refused := []struct {
		name, path, want string
	}{
		{name: "dot-dot", path: "../outside", want: "path_refused: "},
		{name: "absolute outside", path: filepath.Join(base, "outside"), want: "path_refused: "},
		{name: "symlink out of the root", path: "escape", want: "path_refused: "},
		{name: "missing", path: "nope", want: "path_refused: "},
		{name: "a file linked out of the root", path: "linked", want: "path_refused: path refused: "},
		{name: "a brief.json that is a folder", path: "odd/brief.json", want: "bad_input: \"odd/brief.json\": no brief.json found"},
		{name: "no brief in it", path: "empty", want: "bad_input: \"empty\": no brief.json found"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			got := errorText(t, call(t, cs, "verify_brief", map[string]any{"path": tt.path, "offline": true}, nil))
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("got %q, want it to start %q", got, tt.want)
			}
		})
	}
}

// A file under the root larger than the cap is refused, not reported as
// an edited brief.
func TestVerifyBriefPathOverTheCap(t *testing.T) {
	files := writtenBrief(t, connectOffline(t))
	rootDir := t.TempDir()
	writeFolder(t, filepath.Join(rootDir, "b"), files)
	limit := len(files["ledger.json"]) + 1
	if len(files["brief.json"]) <= limit {
		t.Fatalf("setup: brief.json (%d bytes) is not larger than ledger.json (%d)", len(files["brief.json"]), len(files["ledger.json"]))
	}
	cs, _ := connect(t, newServer(t, mcpserver.Options{Root: rootDir, MaxInput: int64(limit)}, nil))
	got := errorText(t, call(t, cs, "verify_brief", map[string]any{"path": "b", "offline": true}, nil))
	if !strings.HasPrefix(got, "input_too_large: ") || !strings.Contains(got, "brief.json") {
		t.Errorf("got %q, want input_too_large naming brief.json", got)
	}
}

// When the oracle cannot answer, the brief is unknown: never ok, and not
// a tool error, since the files did verify.
func TestVerifyBriefOracleOutage(t *testing.T) {
	files := writtenBrief(t, connectOffline(t))
	var hits atomic.Int64
	epmc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	t.Cleanup(epmc.Close)
	cfg := configs.Default()
	cfg.Oracles.Use = []string{"europepmc"}
	cfg.Oracles.Set("europepmc", "base_url", epmc.URL)
	cfg.Oracles.Set("europepmc", "max_attempts", "1")
	cfg.Oracles.Cache.Dir = t.TempDir()
	eng, err := engine.New(cfg, engine.Deps{Registry: all.Backends()})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcpserver.New(mcpserver.Options{Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, srv)
	var got mcpserver.VerifyOutput
	if res := call(t, cs, "verify_brief", contents(files), &got); res.IsError {
		t.Fatal(errorText(t, res))
	}
	if got.Status != "unknown" || len(got.Briefs) != 1 || !got.Briefs[0].Online {
		t.Fatalf("outage: %+v, want one unknown online brief", got)
	}
	for _, f := range got.Briefs[0].Findings {
		if f.Code != "source_unknown" || f.Cause != "oracle_unavailable" {
			t.Errorf("outage: finding %+v, want only source_unknown, oracle_unavailable", f)
		}
	}
	if len(got.Briefs[0].Findings) == 0 || hits.Load() == 0 {
		t.Errorf("outage: %d findings, %d requests; want findings from real requests", len(got.Briefs[0].Findings), hits.Load())
	}
}

// connectOffline connects to a fresh offline server.
func connectOffline(t *testing.T) *mcp.ClientSession {
	t.Helper()
	cs, _ := connect(t, newServer(t, mcpserver.Options{}, nil))
	return cs
}
