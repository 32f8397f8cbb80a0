package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/all"
)

// labSettings are the keys of the oracles.labmirror section: the oracle's
// own, decoded by its own type; citeloop's configs package never knows
// them.
type labSettings struct {
	// Prefixes are the DOI prefixes the mirror holds; it cannot answer for
	// others.
	Prefixes []string `yaml:"prefixes"`
}

// Validate is called on the decoded section; its error names the key.
func (s labSettings) Validate() error {
	if len(s.Prefixes) == 0 {
		return oracles.Invalid("prefixes", "must list at least one DOI prefix")
	}
	return nil
}

// labOracle is a Go user's own oracle: here it answers from the corpus
// shipped with citeloop, as a lab's local mirror of Europe PMC would. Any
// type with Name and Lookup (the oracles.Oracle contract) plugs in.
type labOracle struct {
	mirror   oracles.Oracle
	prefixes []string
}

func (labOracle) Name() string { return "labmirror" }

func (o labOracle) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split("labmirror", dois)
	var held []string
	for _, d := range valid {
		if o.holds(d) {
			held = append(held, d)
			continue
		}
		out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: "labmirror",
			Err: fmt.Errorf("labmirror: %s is outside the mirror: %w", d, oracles.ErrUnavailable)}
	}
	for d, r := range o.mirror.Lookup(ctx, held) {
		r.Oracle = "labmirror"
		out[d] = r
	}
	return out
}

func (o labOracle) holds(d string) bool {
	for _, p := range o.prefixes {
		if strings.HasPrefix(d, p) {
			return true
		}
	}
	return false
}

// newLabOracle builds the oracle from its decoded settings.
func newLabOracle(s labSettings, _ oracles.Env) (oracles.Oracle, error) {
	off, err := engine.EmbeddedOffline()
	if err != nil {
		return nil, err
	}
	return labOracle{mirror: off.Oracle(), prefixes: s.Prefixes}, nil
}

// A program outside cmd/citeloop adds its own oracle with one registry
// line, configures it in its own section of a YAML file, names it in
// oracles.use, and runs check and an offline brief through it, nothing
// forked.
func Example_ownOracle() {
	dir, err := os.MkdirTemp("", "citeloop-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	reg := all.Backends() // citeloop's oracles
	// The one line: register the oracle under its name, with its settings'
	// defaults and its constructor.
	err = reg.Register("labmirror", oracles.NewPlugin(func() labSettings { return labSettings{} }, newLabOracle))
	if err != nil {
		panic(err)
	}

	// The configuration file has the oracle's own section.
	config := filepath.Join(dir, "citeloop.yaml")
	yaml := "oracles:\n  use: [labmirror]\n  labmirror:\n    prefixes: [10.1002/]\n"
	if err := os.WriteFile(config, []byte(yaml), 0o644); err != nil {
		panic(err)
	}
	cfg, err := engine.LoadConfig(config, os.LookupEnv)
	if err != nil {
		panic(err)
	}
	e, err := engine.New(cfg, engine.Deps{Registry: reg, Agents: engine.OfflineAgents, Now: fixedNow})
	if err != nil {
		panic(err)
	}

	// check: the DOIs cited in a text.
	checker, err := e.Checker(engine.CheckOptions{})
	if err != nil {
		panic(err)
	}
	rep := checker.Check(context.Background(), []check.Document{{Name: "notes.md",
		Text: "Screening (doi:10.1002/hpja.70052), one outside the corpus the mirror serves (doi:10.1002/hpja.99999) and one the mirror lacks (doi:10.1111/ans.70196)."}})
	for _, r := range rep.DOIs {
		fmt.Println(r.DOI, r.Verdict, r.Oracle)
	}

	// An offline brief: sources are a DOI list the oracle fills in, the
	// gate asks the same oracle, the agents are the offline ones.
	sources := filepath.Join(dir, "sources.txt")
	if err := os.WriteFile(sources, []byte("10.1002/hpja.70052\n10.1002/hpja.70059\n10.1002/cncr.35944\n"), 0o644); err != nil {
		panic(err)
	}
	b, err := e.NewBriefer(engine.BriefOptions{SourcesFile: sources})
	if err != nil {
		panic(err)
	}
	res, files, err := b.RunLead(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
	if err != nil {
		panic(err)
	}
	p, err := b.Publish(filepath.Join(dir, "brief"), res, files, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Reason, len(res.Ledger.Entries), "sources,", len(p.Paths), "files written")

	// The section is decoded strictly by the oracle's own type: a typo is
	// reported with its key, before anything runs.
	if err := os.WriteFile(config, []byte(strings.Replace(yaml, "prefixes", "prefixs", 1)), 0o644); err != nil {
		panic(err)
	}
	cfg, err = engine.LoadConfig(config, os.LookupEnv)
	if err != nil {
		panic(err)
	}
	_, err = engine.New(cfg, engine.Deps{Registry: reg})
	fmt.Println(strings.TrimPrefix(err.Error(), config+": ")) // the error starts with the file
	// Output:
	// 10.1002/hpja.70052 found labmirror
	// 10.1002/hpja.99999 unknown labmirror
	// 10.1111/ans.70196 unknown labmirror
	// verified 3 sources, 4 files written
	// invalid configuration: oracles.labmirror.prefixs: line 4: unknown key (did you mean prefixes?)
}
