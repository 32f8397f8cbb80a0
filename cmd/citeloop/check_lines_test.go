package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckMarkdownMismatchSuggestsNeverFixes: a Markdown reference line
// citing a real DOI of another paper is a mismatch; the title search names
// the line's paper, but --fix leaves a Markdown file as it was.
func TestCheckMarkdownMismatchSuggestsNeverFixes(t *testing.T) {
	const (
		wrong = "10.5555/deep.1"
		right = "10.5555/magnon.1"
	)
	s := newTitleSearchServer(t, epmcResult(wrong, "Deep learning for protein folding", "2020", "Müller H.")+","+
		epmcResult(right, "Charges ride the spin wave: magnon drag in thin films", "2020", "Müller H, Okafor A."), "")
	dir := t.TempDir()
	cfg := writeFile(t, dir, "citeloop.yaml", fmt.Sprintf("oracles:\n  use: [europepmc]\n  europepmc:\n    base_url: %s/epmc\n    timeout: 1s\n    max_attempts: 1\n    rate_per_second: 1000\n", s.srv.URL))
	text := "# References\n\n1. Müller, H., & Okafor, A. (2020). Charges ride the spin wave. *Phys. Rev. B*, 12, 1–5.\n   https://doi.org/" + wrong + "\n"
	doc := writeFile(t, dir, "refs.md", text)
	out := filepath.Join(dir, "fixed.md")
	code, stdout, stderr, err := runCheckCLI(t, nil, "", "--config", cfg, "check", "--json", "--fix", out, doc)
	var rep checkReport
	if jerr := json.Unmarshal([]byte(stdout), &rep); jerr != nil || len(rep.DOIs) != 1 {
		t.Fatalf("%v (%v)\n%s\n%s", jerr, err, stdout, stderr)
	}
	row := rep.DOIs[0]
	if code != exitNotVerified || row.Verdict != "mismatch" || row.SuggestedDOI != right || row.Entry == nil || row.Entry.Label != "line 3" {
		t.Errorf("exit %d, row %+v; want mismatch suggesting %s for line 3", code, row, right)
	}
	if !strings.Contains(row.Error, `entry "Charges ride the spin wave" (2020), record "Deep learning for protein folding" (2020)`) {
		t.Errorf("error %q: want both titles and years", row.Error)
	}
	got, rerr := os.ReadFile(out)
	if rerr != nil || string(got) != text {
		t.Errorf("--fix wrote %q (%v), want the Markdown file unchanged", got, rerr)
	}
	if orig, _ := os.ReadFile(doc); string(orig) != text {
		t.Error("the input changed")
	}
}
