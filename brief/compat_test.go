package brief_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/pipeline"
)

var update = flag.Bool("update", false, "rewrite the files in testdata/compat")

// compatNow is the clock of the runs whose files testdata/compat holds.
func compatNow() time.Time { return time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC) }

// compare checks got against testdata/compat/name, byte for byte.
func compare(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "compat", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if name == brief.BriefFile(brief.JSON) {
		// The stamp names the renderer's version, derived from this
		// package's code, so it moves with any edit: compare the stamp's
		// file digests, and the rest byte for byte.
		if g, w := stampOf(t, got), stampOf(t, want); !slices.Equal(g.Files, w.Files) || g.Renderer != brief.RendererVersion() {
			t.Errorf("%s: stamp files %v, renderer %s; want %v, %s", name, g.Files, g.Renderer, w.Files, brief.RendererVersion())
		}
		got, want = withoutStamp(t, got), withoutStamp(t, want)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

func stampOf(t *testing.T, data []byte) contract.Stamp {
	t.Helper()
	var b struct {
		Stamp contract.Stamp `json:"stamp"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	return b.Stamp
}

func withoutStamp(t *testing.T, data []byte) []byte {
	t.Helper()
	out, err := brief.WithoutStamp(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The files a brief and a failure report are written as stay byte for byte
// what they were when testdata/compat was recorded: every format of a
// signed brief, and the failure report of a run that hit its cap.
func TestWrittenFilesKeepTheirBytes(t *testing.T) {
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	gate := gates.New(oracleOf{}, gates.WithClock(compatNow))
	run := func(ds ...contract.Draft) pipeline.Result {
		r := pipeline.Runner{Collector: collected(ledger()), Writer: &drafts{list: ds}, Skeptic: noObjections{},
			Gate: gate, MaxIterations: 3, Now: compatNow}
		res, err := r.Run(context.Background(), contract.Lead{Topic: "cancer screening"})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}

	ok := run(fabricated, good)
	if ok.Reason != contract.Verified {
		t.Fatalf("run ended %s (%s)", ok.Reason, ok.Detail)
	}
	prov := brief.Provenance{Oracles: []string{"fake"}, Policy: "first", Version: "compat",
		Models: []brief.Model{{Role: "writer", Provider: "scripted", Name: "w"}, {Role: "skeptic", Provider: "scripted", Name: "s"}}}
	files, err := brief.Assemble([]brief.Format{brief.Markdown, brief.JSON, brief.HTML, brief.BibTeX, brief.RIS, brief.CSL},
		ok, brief.WithSigningKey(key), brief.WithProvenance(prov))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		compare(t, f.Name, f.Data)
	}

	capped := run(fabricated, fabricated2, fabricated3)
	if capped.Reason != contract.IterationCap {
		t.Fatalf("run ended %s (%s)", capped.Reason, capped.Detail)
	}
	report, err := brief.RenderReport(capped)
	if err != nil {
		t.Fatal(err)
	}
	compare(t, brief.ReportFile, report)
}
