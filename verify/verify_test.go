package verify_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/verify"
)

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func codes(r verify.Result) []string {
	var out []string
	for _, f := range r.Findings {
		if !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	slices.Sort(out)
	return out
}

func TestUntouchedBriefVerifies(t *testing.T) {
	dir := writeBrief(t, nil)
	for _, o := range []struct {
		name string
		opts verify.Options
	}{{"offline", verify.Options{}}, {"online", verify.Options{Oracle: knownOracle(ledgerOf(t, dir), nil)}}} {
		t.Run(o.name, func(t *testing.T) {
			rs, err := verify.All(context.Background(), []string{filepath.Dir(dir)}, o.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 || rs[0].Status != verify.OK || rs[0].Signed {
				t.Fatalf("results = %+v, want one ok unsigned brief", rs)
			}
			if o.opts.Oracle != nil && len(rs[0].Sources) == 0 {
				t.Error("online verification looked no source up")
			}
		})
	}
}

// One byte changed anywhere that matters fails the brief, naming what.
func TestOneByteEditsAreNamed(t *testing.T) {
	tests := []struct {
		name string
		file string
		// edit returns the text to replace and its replacement, from the
		// brief folder's ledger.
		old, new string
		want     string
	}{
		{name: "quote in the draft", file: brief.DraftFile, old: `"quote": "S`, new: `"quote": "T`, want: "draft_changed"},
		{name: "quote in brief.json", file: "brief.json", old: `"quote": "S`, new: `"quote": "T`, want: "quote_not_in_source"},
		{name: "ledger text", file: brief.LedgerFile, old: `"abstract": "`, new: `"abstract": "X`, want: "ledger_changed"},
		{name: "reference in brief.md", file: "brief.md", old: "1. Kwok", new: "1. Kwak", want: "file_changed"},
		{name: "reference in brief.html", file: "brief.html", old: "Kwok C", new: "Kwok D", want: "file_changed"},
		{name: "reference in brief.json", file: "brief.json", old: `"year": 2025`, new: `"year": 2024`, want: "file_changed"},
		{name: "lead", file: "brief.json", old: `"topic": "cancer screening"`, new: `"topic": "cancer screeninG"`, want: "lead_changed"},
		{name: "time in the stamp", file: "brief.json", old: `"checked_at": "2026-11-29T12:00:00Z",
    "renderer"`, new: `"checked_at": "2026-11-29T12:00:01Z",
    "renderer"`, want: "stamp_changed"},
		{name: "time in the verdict", file: "brief.json", old: `"checked_at": "2026-11-29T12:00:00Z"
  }`, new: `"checked_at": "2026-11-28T12:00:00Z"
  }`, want: "time_changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeBrief(t, nil)
			replaceOnce(t, filepath.Join(dir, tt.file), tt.old, tt.new)
			r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{})
			if r.Status != verify.Changed || !slices.Contains(codes(r), tt.want) {
				t.Errorf("status %s, findings %v, want changed with %s: %+v", r.Status, codes(r), tt.want, r.Findings)
			}
		})
	}
}

func TestSignedBrief(t *testing.T) {
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	other := ed25519.NewKeyFromSeed([]byte(strings.Repeat("x", ed25519.SeedSize)))
	dir := writeBrief(t, key)
	path := filepath.Join(dir, "brief.json")
	if r := verify.Brief(context.Background(), path, verify.Options{PublicKey: key.Public().(ed25519.PublicKey)}); r.Status != verify.OK || !r.Signed || !r.SignatureChecked {
		t.Errorf("right key: %+v, want ok, signed, checked", r)
	}
	if r := verify.Brief(context.Background(), path, verify.Options{PublicKey: other.Public().(ed25519.PublicKey)}); r.Status != verify.Changed || !slices.Contains(codes(r), "bad_signature") {
		t.Errorf("other key: %+v, want bad_signature", r)
	}
	// A forger who edits the time and recomputes the stamp digest is caught
	// only by the signature.
	var b struct {
		Stamp struct{ Digest string } `json:"stamp"`
	}
	readJSON(t, path, &b)
	replaceOnce(t, path, `"checked_at": "2026-11-29T12:00:00Z",
    "renderer"`, `"checked_at": "2026-11-30T12:00:00Z",
    "renderer"`)
	if r := verify.Brief(context.Background(), path, verify.Options{PublicKey: key.Public().(ed25519.PublicKey)}); !slices.Contains(codes(r), "bad_signature") {
		t.Errorf("edited signed brief: %v, want bad_signature", codes(r))
	}
}

func TestOnlineNews(t *testing.T) {
	dir := writeBrief(t, nil)
	l := ledgerOf(t, dir)
	retracted := knownOracle(l, func(r *oracles.Record) {
		if r.DOI == l.Entries[0].DOI {
			r.Retracted = true
		}
	})
	r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{Oracle: retracted})
	if r.Status != verify.Changed || !slices.Contains(codes(r), "source_retracted") {
		t.Errorf("retracted source: %s %v, want changed with source_retracted", r.Status, codes(r))
	}
	// By the gate's classification too: a title or type that says
	// retracted, a notice's title, with no flag.
	for name, edit := range map[string]func(*oracles.Record){
		"retracted title": func(r *oracles.Record) { r.Title = "RETRACTED: " + r.Title },
		"retracted type":  func(r *oracles.Record) { r.PubTypes = []string{"Retracted Article"} },
		"retraction note": func(r *oracles.Record) { r.PubTypes = []string{"RetractionNote"} },
	} {
		o := knownOracle(l, func(r *oracles.Record) {
			if r.DOI == l.Entries[0].DOI {
				edit(r)
			}
		})
		if r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{Oracle: o}); !slices.Contains(codes(r), "source_retracted") {
			t.Errorf("%s: %s %v, want source_retracted", name, r.Status, codes(r))
		}
	}
	corrected := knownOracle(l, func(r *oracles.Record) {
		if r.DOI == l.Entries[0].DOI {
			r.Title = "Correction to: " + r.Title
		}
	})
	if r := verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{Oracle: corrected}); !slices.Contains(codes(r), "source_corrected") {
		t.Errorf("a correction's title: %s %v, want source_corrected", r.Status, codes(r))
	}
	down := oracletestDown{}
	r = verify.Brief(context.Background(), filepath.Join(dir, "brief.json"), verify.Options{Oracle: down})
	if r.Status != verify.Unknown || slices.ContainsFunc(r.Findings, func(f verify.Finding) bool { return f.Code != "source_unknown" || f.Cause != oracles.CauseUnavailable }) {
		t.Errorf("oracle down: %s %+v, want unknown with source_unknown (oracle_unavailable) only", r.Status, r.Findings)
	}
}

// oracletestDown answers Unknown for every DOI, as an unreachable service.
type oracletestDown struct{}

func (oracletestDown) Name() string { return "europepmc" }
func (oracletestDown) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	out := map[string]oracles.Result{}
	for _, d := range dois {
		out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: "europepmc", Err: oracles.ErrUnavailable}
	}
	return out
}
