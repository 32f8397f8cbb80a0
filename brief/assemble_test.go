package brief_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/pipeline"
)

// Only the gate's proof for the exact draft and ledger renders a brief: a
// zero proof, a proof for another draft or ledger, and a run that did not
// end verified are refused.
func TestAssembleRefusesWithoutTheProofOfThisDraft(t *testing.T) {
	res := verified(t, ledger(), oracleOf{}, good)
	otherLedger := ledger()
	otherLedger.Entries = otherLedger.Entries[:2]
	tests := []struct {
		name    string
		give    func(pipeline.Result) pipeline.Result
		wantErr error
	}{
		{name: "the gate's proof", give: func(r pipeline.Result) pipeline.Result { return r }},
		{name: "zero proof", give: func(r pipeline.Result) pipeline.Result { r.Proof = gates.Proof{}; return r }, wantErr: gates.ErrNoProof},
		{name: "proof for another draft", give: func(r pipeline.Result) pipeline.Result { r.Draft = fabricated; return r }, wantErr: gates.ErrStaleProof},
		{name: "proof for another ledger", give: func(r pipeline.Result) pipeline.Result { r.Ledger = otherLedger; return r }, wantErr: gates.ErrStaleProof},
		{name: "not verified", give: func(r pipeline.Result) pipeline.Result { r.Reason = contract.NoProgress; return r }, wantErr: brief.ErrNotVerified},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := brief.Assemble([]brief.Format{brief.Markdown}, tt.give(res))
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("Assemble: %v, want %v", err, tt.wantErr)
			}
			if err != nil && files != nil {
				t.Errorf("a refused assembly rendered %d files", len(files))
			}
			if err == nil && (len(files) != 3 || files[0].Name != brief.LedgerFile || files[1].Name != brief.DraftFile || files[2].Name != "brief.md") {
				t.Errorf("files = %v, want ledger.json, draft.json then brief.md", files)
			}
		})
	}
}

// Every run that does not end verified renders no brief, whatever it
// holds: the loop's proof is zero for each of them.
func TestAssembleRefusesEveryOtherEnding(t *testing.T) {
	for _, tt := range []struct {
		name   string
		drafts []contract.Draft
		want   contract.EndReason
	}{
		{name: "fabricated every pass", drafts: []contract.Draft{fabricated, fabricated2, fabricated3}, want: contract.IterationCap},
		{name: "same fabrication twice", drafts: []contract.Draft{fabricated}, want: contract.NoProgress},
		{name: "writer abstains", drafts: []contract.Draft{{Refused: true, Missing: "trials", Sections: []contract.Section{}}}, want: contract.Refused},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := run(t, ledger(), oracleOf{}, tt.drafts...)
			if res.Reason != tt.want {
				t.Fatalf("run ended %s (%s), want %s", res.Reason, res.Detail, tt.want)
			}
			if _, err := brief.Assemble([]brief.Format{brief.Markdown, brief.JSON}, res); err == nil {
				t.Errorf("a %s run assembled a brief", res.Reason)
			}
		})
	}
}

func TestWriteBriefClearsStaleFormats(t *testing.T) {
	res := verified(t, ledger(), oracleOf{}, good)
	dir := t.TempDir()
	for _, stale := range []string{"brief.html", brief.ReportFile} {
		if err := os.WriteFile(filepath.Join(dir, stale), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assemble(t, dir, res, brief.Markdown)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != "brief.md,draft.json,ledger.json" {
		t.Errorf("files after assembling md = %v, want only brief.md, draft.json and ledger.json", names)
	}
	if !brief.HasBrief(dir, []brief.Format{brief.Markdown}) {
		t.Error("HasBrief(md) = false after assembling md")
	}
	if brief.HasBrief(dir, []brief.Format{brief.Markdown, brief.JSON}) {
		t.Error("HasBrief(md,json) = true with no brief.json")
	}
}
