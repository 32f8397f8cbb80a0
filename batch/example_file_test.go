package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/citeloop/citeloop/batch"
	"github.com/citeloop/citeloop/contract"
)

// topicRunner is a Runner that "verifies" every lead with a one-line brief:
// a stand-in for the engine's Briefer.
type topicRunner struct{}

func (topicRunner) Collect(_ context.Context, lead contract.Lead) (contract.Ledger, error) {
	return contract.Ledger{Lead: lead}, nil
}

func (topicRunner) Run(_ context.Context, lead contract.Lead, _ contract.Ledger) (batch.Record, error) {
	return batch.Record{Outcome: contract.Outcome{Reason: contract.Verified}, Files: map[string][]byte{"brief.md": []byte("# " + lead.Topic + "\n")}}, nil
}

// A Go program runs a leads file as `citeloop batch` does, without the CLI:
// load it, then RunFile into a folder holding the embedded queue.
func ExampleRunFile() {
	dir, err := os.MkdirTemp("", "citeloop-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	leads := filepath.Join(dir, "leads.yaml")
	if err := os.WriteFile(leads, []byte("- id: screening\n  topic: breast cancer\n- id: zebrafish\n  topic: fin regeneration\n"), 0o644); err != nil {
		panic(err)
	}
	f, err := batch.LoadFile(leads)
	if err != nil {
		panic(err)
	}
	out := filepath.Join(dir, "out")
	sum, err := batch.RunFile(context.Background(), f, batch.FileRun{
		Out:    out,
		Config: batch.Config{Runner: topicRunner{}, PollInterval: 20 * time.Millisecond},
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d leads ended: %v\n", sum.Ended, sum.EndReasons)
	// summary.json in out lists each lead's line.
	_, lines, err := batch.ReadSummary(out)
	if err != nil {
		panic(err)
	}
	for _, l := range lines {
		brief, _ := os.ReadFile(filepath.Join(out, l.ID, "brief.md"))
		fmt.Printf("%s %s %q\n", l.ID, l.EndReason, brief)
	}
	// Output:
	// 2 leads ended: map[verified:2]
	// screening verified "# breast cancer\n"
	// zebrafish verified "# fin regeneration\n"
}
