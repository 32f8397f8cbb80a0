package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/citeloop/citeloop/agents"
	agentsall "github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
)

// labProvider is a Go user's own model provider: a lab's model server,
// say. It owns its environment variable, as the shipped providers own
// theirs: it reads LAB_MODEL_TOKEN through the host's lookup.
type labProvider struct{ calls *labCalls }

func (labProvider) Missing(_ agents.ModelConfig, lookup func(string) (string, bool)) string {
	if v, _ := lookup("LAB_MODEL_TOKEN"); v != "" {
		return ""
	}
	return "LAB_MODEL_TOKEN"
}

func (p labProvider) NewModel(_ context.Context, c agents.ModelConfig, _ func(string) (string, bool)) (agents.Model, error) {
	return labModel{name: c.Model, calls: p.calls}, nil
}

// labCalls counts the calls each model answers.
type labCalls struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *labCalls) add(model string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[model]++
}

// labModel answers as a careful model would: as the writer, one claim per
// source for the first two sources of the prompt, each quoting eight words
// of it verbatim; as the skeptic, no objection.
type labModel struct {
	name  string
	calls *labCalls
}

var labSource = regexp.MustCompile(`<source id="[^"]+" doi="([^"]+)">\n([\s\S]*?)\n</source>`)

func (m labModel) Name() string { return m.name }

func (m labModel) Generate(_ context.Context, req agents.Request) (agents.Response, error) {
	m.calls.add(m.name)
	text := `{"objections":[]}`
	if req.SchemaName == "draft" {
		var claims []contract.Claim
		for i, s := range labSource.FindAllStringSubmatch(req.User, 2) {
			claims = append(claims, contract.Claim{ID: fmt.Sprintf("c%d", i+1), Text: "A finding.",
				Citations: []contract.Citation{{DOI: s[1], Quote: plainWords(s[2], 8)}}})
		}
		d, err := json.Marshal(contract.Draft{Title: "Cancer screening", Sections: []contract.Section{{Heading: "Findings", Claims: claims}}})
		if err != nil {
			return agents.Response{}, err
		}
		text = string(d)
	}
	return agents.Response{Text: text, FinishReason: agents.FinishStop}, nil
}

// plainWords returns the first n consecutive words of s that hold no
// markup.
func plainWords(s string, n int) string {
	words := strings.Fields(s)
	for i := 0; i+n <= len(words); i++ {
		if q := strings.Join(words[i:i+n], " "); !strings.ContainsAny(q, "<>") && strings.Contains(s, q) {
			return q
		}
	}
	return ""
}

// A program outside cmd/citeloop adds its own model provider with one
// registry line, names it in the agents section of its configuration, and
// writes a brief with it: the provider says what it needs from the
// environment, builds the models, and the gate checks their draft like any
// other.
func Example_ownModelProvider() {
	dir, err := os.MkdirTemp("", "citeloop-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	calls := &labCalls{n: map[string]int{}}
	providers := agentsall.Providers() // citeloop's model providers
	// The one line: register the provider under the name the
	// configuration uses.
	if err := providers.Register("lab", labProvider{calls: calls}); err != nil {
		panic(err)
	}

	config := filepath.Join(dir, "citeloop.yaml")
	yaml := "agents:\n  writer:\n    provider: lab\n    model: lab-writer\n  skeptic:\n    provider: lab\n    model: lab-skeptic\n"
	if err := os.WriteFile(config, []byte(yaml), 0o644); err != nil {
		panic(err)
	}
	cfg, err := engine.LoadConfig(config, nil)
	if err != nil {
		panic(err)
	}
	// The gate asks the corpus shipped with citeloop, registered as the
	// configured oracle, so the example needs no network.
	off, err := engine.EmbeddedOffline()
	if err != nil {
		panic(err)
	}
	reg := oracles.NewRegistry()
	if err := reg.Register("europepmc", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return off.Oracle(), nil })); err != nil {
		panic(err)
	}
	sources := filepath.Join(dir, "sources.txt")
	if err := os.WriteFile(sources, []byte("10.1002/hpja.70052\n10.1002/hpja.70059\n10.1002/cncr.35944\n"), 0o644); err != nil {
		panic(err)
	}

	for _, env := range []map[string]string{{}, {"LAB_MODEL_TOKEN": "t0k"}} {
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		e, err := engine.New(cfg, engine.Deps{Registry: reg, Providers: providers, LookupEnv: lookup, Now: fixedNow})
		if err != nil {
			panic(err)
		}
		b, err := e.NewBriefer(engine.BriefOptions{SourcesFile: sources})
		if err != nil {
			fmt.Println(strings.TrimPrefix(err.Error(), config+": "))
			continue
		}
		res, _, err := b.RunLead(context.Background(), contract.Lead{Topic: "cancer screening", AnyTopicWord: true})
		if err != nil {
			panic(err)
		}
		fmt.Println(res.Reason, "after", calls.n["lab-writer"], "writer and", calls.n["lab-skeptic"], "skeptic call(s)")
	}
	// Output:
	// invalid configuration: no model credentials: the writer (lab lab-writer) needs LAB_MODEL_TOKEN; the skeptic (lab lab-skeptic) needs LAB_MODEL_TOKEN; or pass --offline to run without a model
	// verified after 1 writer and 1 skeptic call(s)
}
