package mcpserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/configs"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/mcpserver"
	"github.com/citeloop/citeloop/oracles/all"
)

// The instructions and the tool descriptions say which oracles answer,
// from the running configuration: never Crossref when it is not used, and
// the corpus offline.
func TestDescriptionsFollowTheConfiguration(t *testing.T) {
	online := func(use []string, policy string) *engine.Engine {
		cfg := configs.Default()
		cfg.Oracles.Use, cfg.Oracles.Policy = use, policy
		e, err := engine.New(cfg, engine.Deps{Registry: all.Backends()})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		name      string
		opts      mcpserver.Options
		want, not []string
		openWorld bool
	}{
		{name: "Europe PMC alone", opts: mcpserver.Options{Engine: online([]string{"europepmc"}, "any_of")},
			want: []string{"Europe PMC", "not_found (no record has this DOI"}, not: []string{"Crossref", "corpus"}, openWorld: true},
		{name: "Europe PMC and Crossref, any_of", opts: mcpserver.Options{Engine: online([]string{"europepmc", "crossref"}, "any_of")},
			want: []string{"Europe PMC and Crossref (found if any of them finds it)"}, not: []string{"corpus"}, openWorld: true},
		{name: "require", opts: mcpserver.Options{Engine: online([]string{"crossref", "doiorg"}, "require")},
			want: []string{"Crossref and doi.org (found only if every one of them finds it)"}, not: []string{"Europe PMC and", "corpus"}, openWorld: true},
	}
	off, err := engine.EmbeddedOffline()
	if err != nil {
		t.Fatal(err)
	}
	tests = append(tests, struct {
		name      string
		opts      mcpserver.Options
		want, not []string
		openWorld bool
	}{name: "offline", opts: mcpserver.Options{Engine: online([]string{"europepmc", "crossref"}, "any_of"), Offline: off},
		want: []string{"the embedded corpus of 34 Europe PMC records", "unknown (not in the offline corpus)"}, not: []string{"Crossref", "fabricated"}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, err := mcpserver.New(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			cs, _ := connect(t, srv)
			tools, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			text := cs.InitializeResult().Instructions
			for _, tool := range tools.Tools {
				if tool.Name == "check_citations" || tool.Name == "verify_quote" {
					text += "\n" + tool.Description
				}
				if ow := tool.Annotations.OpenWorldHint; ow == nil || *ow != tt.openWorld {
					t.Errorf("%s: openWorldHint %v, want %v", tool.Name, ow, tt.openWorld)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("the descriptions lack %q:\n%s", w, text)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(text, n) {
					t.Errorf("the descriptions say %q:\n%s", n, text)
				}
			}
		})
	}
}
