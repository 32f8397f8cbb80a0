package verify_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/verify"
)

// A brief signed before its stamp bound every file (testdata/legacy) is
// unknown (no file digests): neither ok, for its files cannot be
// confirmed, nor changed, for nothing says they were edited. Its
// signature still holds.
func TestBriefWrittenBeforeFilesWereBound(t *testing.T) {
	dir := t.TempDir()
	entries, err := os.ReadDir(filepath.Join("testdata", "legacy"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata", "legacy", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{PublicKey: key.Public().(ed25519.PublicKey)})
	if r.Status != verify.Unknown || !slices.Equal(codes(r), []string{"no_file_digests"}) || !r.SignatureChecked {
		t.Fatalf("%s %+v, want unknown with no_file_digests only, signature checked", r.Status, r.Findings)
	}
	if !strings.Contains(r.Findings[0].Detail, "unknown (no file digests)") {
		t.Errorf("detail %q does not say unknown (no file digests)", r.Findings[0].Detail)
	}
	// An edit the old checks catch is still caught.
	replaceOnce(t, filepath.Join(dir, "draft.json"), `"quote": "`, `"quote": "x`)
	if r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{}); r.Status != verify.Changed || !slices.Contains(codes(r), "draft_changed") {
		t.Errorf("edited legacy draft: %s %v, want changed with draft_changed", r.Status, codes(r))
	}
}

// A brief written by another version of the renderer is not rendered
// again: its files are checked by their signed digests, and verify says
// so.
func TestOtherRendererVerifiesByDigests(t *testing.T) {
	pub := testKey.Public().(ed25519.PublicKey)
	dir := writeBrief(t, testKey)
	path := filepath.Join(dir, "brief.json")
	restamp(t, path, "render/0123456789abcdef")
	r := verify.Brief(context.Background(), path, verify.Options{PublicKey: pub})
	if r.Status != verify.OK || r.Rerendered || !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "signed digests") }) {
		t.Fatalf("%s %+v rerendered %v notes %v; want ok by signed digests", r.Status, r.Findings, r.Rerendered, r.Notes)
	}
	replaceOnce(t, filepath.Join(dir, "brief.md"), "increased substantially", "decreased substantially")
	if r := verify.Brief(context.Background(), path, verify.Options{PublicKey: pub}); r.Status != verify.Changed || !names(r, "file_changed", "brief.md") {
		t.Errorf("edited brief.md: %s %+v, want file_changed brief.md", r.Status, r.Findings)
	}
}

// restamp replaces the stamp of the brief.json at path with one naming
// renderer, signed again with testKey: the brief of another renderer
// version with the same bytes.
func restamp(t *testing.T, path, renderer string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Stamp contract.Stamp `json:"stamp"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	s := brief.Sign(b.Stamp.WithFiles(renderer, b.Stamp.KeyID, b.Stamp.Files), testKey)
	stamp, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	bare, err := brief.WithoutStamp(data)
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.Replace(bare, []byte(`"stamp": null`), append([]byte(`"stamp": `), stamp...), 1)
	if bytes.Equal(out, bare) {
		t.Fatal("setup: no stamp replaced")
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
