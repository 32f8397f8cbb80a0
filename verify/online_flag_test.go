package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/verify"
)

// A result says whether it was checked online: with an oracle, yes;
// without, no.
func TestResultSaysOnline(t *testing.T) {
	dir := writeBrief(t, nil)
	path := filepath.Join(dir, "brief.json")
	if r := verify.Brief(context.Background(), path, verify.Options{}); r.Online {
		t.Errorf("offline verify says online")
	}
	l := ledgerOf(t, dir)
	if r := verify.Brief(context.Background(), path, verify.Options{Oracle: knownOracle(l, nil)}); !r.Online || r.Status != verify.OK {
		t.Errorf("online verify: online %v, status %s %+v", r.Online, r.Status, r.Findings)
	}
}

// A draft.json with bytes appended is a finding that names draft.json.
func TestEditedDraftJSONIsNamed(t *testing.T) {
	dir := writeBrief(t, nil)
	md := filepath.Join(dir, "draft.json")
	data, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(md, append(data, []byte("{not json")...), 0o644); err != nil {
		t.Fatal(err)
	}
	r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{})
	if r.Status == verify.OK {
		t.Fatalf("an edited draft.json verified")
	}
	found := false
	for _, f := range r.Findings {
		if f.File == "draft.json" || strings.Contains(f.Detail, "draft.json") {
			found = true
		}
	}
	if !found {
		t.Errorf("no finding names draft.json: %+v", r.Findings)
	}
}
