package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// labOracle is a Go user's own oracle: here it answers from the corpus
// shipped with citeloop, as a lab's local mirror of Europe PMC would. Any
// type with Name and Lookup (the oracles.Oracle contract) plugs in.
type labOracle struct{ mirror oracles.Oracle }

func (labOracle) Name() string { return "labmirror" }

func (o labOracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	out := o.mirror.Lookup(ctx, dois)
	for d, r := range out {
		r.Oracle = "labmirror"
		out[d] = r
	}
	return out
}

// A program outside cmd/citeloop adds its own oracle with one registry
// line, names it in oracles.use, and runs check and an offline brief
// through it, nothing forked.
func Example_ownOracle() {
	reg, err := engine.NewRegistry() // citeloop's oracles
	if err != nil {
		panic(err)
	}
	// The one line: register the oracle's factory under its name.
	err = reg.Register("labmirror", func(oracles.Settings) (oracles.Oracle, error) {
		off, err := engine.EmbeddedOffline()
		if err != nil {
			return nil, err
		}
		return labOracle{mirror: off.Oracle()}, nil
	})
	if err != nil {
		panic(err)
	}

	cfg := configs.Default()
	cfg.Oracles.Use = []string{"labmirror"}
	e, err := engine.New(cfg, engine.Deps{Registry: reg, Agents: engine.OfflineAgents, Now: fixedNow})
	if err != nil {
		panic(err)
	}

	// check: the DOIs cited in a text.
	rep, err := e.Check(context.Background(), []engine.Document{{Name: "notes.md",
		Text: "Screening (doi:10.1002/hpja.70052) and a made-up one (doi:10.1002/hpja.99999)."}}, engine.CheckOptions{})
	if err != nil {
		panic(err)
	}
	for _, r := range rep.DOIs {
		fmt.Println(r.DOI, r.Verdict, r.Oracle)
	}

	// An offline brief: sources are a DOI list the oracle fills in, the
	// gate asks the same oracle, the agents are the offline ones.
	dir, err := os.MkdirTemp("", "citeloop-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	sources := filepath.Join(dir, "sources.txt")
	if err := os.WriteFile(sources, []byte("10.1002/hpja.70052\n10.1002/hpja.70059\n10.1111/ans.70196\n"), 0o644); err != nil {
		panic(err)
	}
	b, err := e.NewBriefer(engine.BriefOptions{SourcesFile: sources})
	if err != nil {
		panic(err)
	}
	o := b.RunLead(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	p, err := b.Publish(filepath.Join(dir, "brief"), o, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(o.Reason, len(o.Result.Ledger.Entries), "sources,", len(p.Paths), "files written")
	// Output:
	// 10.1002/hpja.70052 found labmirror
	// 10.1002/hpja.99999 not_found labmirror
	// verified 3 sources, 3 files written
}
