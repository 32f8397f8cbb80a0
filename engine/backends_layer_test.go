package engine_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// notBackends are the packages under oracles/ and agents/ that are no
// concrete backend: the shared layers, the list packages, the decorators,
// the evidence classification and the offline agents. Every other package there is one (a new oracle
// or model provider is caught without being listed).
var notBackends = []string{
	"oracles/httpx", "oracles/cache", "oracles/oracletest", "oracles/all", "oracles/evidence",
	"agents/all", "agents/limit", "agents/offline",
}

// isBackend reports whether importPath is a concrete oracle or model
// backend, or a package inside one (oracles/europepmc/europepmctest).
func isBackend(importPath string) bool {
	rest, ok := strings.CutPrefix(importPath, module+"/")
	if !ok {
		return false
	}
	unit, sub, ok := strings.Cut(rest, "/")
	if !ok || (unit != "oracles" && unit != "agents") {
		return false
	}
	backend, _, _ := strings.Cut(sub, "/")
	return !slices.Contains(notBackends, unit+"/"+backend)
}

// aboveBackends are the packages that may import any backend: the
// composition root and the front ends, which build the registries.
func aboveBackends(importPath string) bool {
	top := unitOf(importPath)
	return top == "engine" || top == "cmd" || top == "mcpserver"
}

// backendImports returns the imports of a concrete backend made below the
// engine from outside the backend's unit, as "from -> to", from `go list`
// lines "pkg imp1 imp2 ...". A unit may import its own backends
// (oracles/snapshot -> oracles/europepmc, oracles/all -> every oracle).
func backendImports(lines []string) []string {
	var out []string
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 || aboveBackends(fields[0]) {
			continue
		}
		for _, imp := range fields[1:] {
			if isBackend(imp) && unitOf(imp) != unitOf(fields[0]) {
				out = append(out, fields[0]+" -> "+imp)
			}
		}
	}
	return out
}

func TestBackendImports(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{name: "a feature imports an oracle backend",
			lines: []string{module + "/batch " + module + "/oracles/crossref " + module + "/oracles"},
			want:  []string{module + "/batch -> " + module + "/oracles/crossref"}},
		{name: "a feature imports a model backend",
			lines: []string{module + "/pipeline " + module + "/agents/gemini " + module + "/agents"},
			want:  []string{module + "/pipeline -> " + module + "/agents/gemini"}},
		{name: "a new backend nobody listed",
			lines: []string{module + "/check " + module + "/oracles/openalex"},
			want:  []string{module + "/check -> " + module + "/oracles/openalex"}},
		{name: "a backend's own subpackage",
			lines: []string{module + "/collect " + module + "/oracles/europepmc/europepmctest"},
			want:  []string{module + "/collect -> " + module + "/oracles/europepmc/europepmctest"}},
		{name: "within the unit: snapshot over europepmc, the list packages",
			lines: []string{
				module + "/oracles/snapshot " + module + "/oracles/europepmc",
				module + "/oracles/all " + module + "/oracles/crossref " + module + "/oracles/europepmc",
				module + "/agents/all " + module + "/agents/gemini " + module + "/agents/openai",
			}},
		{name: "the shared layers and decorators are no backends",
			lines: []string{module + "/pipeline " + module + "/oracles/cache " + module + "/oracles/httpx " + module + "/agents/limit " + module + "/agents/offline"}},
		{name: "the composition root and the front ends build the registries",
			lines: []string{
				module + "/engine " + module + "/oracles/europepmc " + module + "/agents/gemini",
				module + "/cmd/citeloop " + module + "/agents/all " + module + "/oracles/all",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, backendImports(tt.lines)); d != "" {
				t.Errorf("backend imports (-want +got):\n%s", d)
			}
		})
	}
}

// pendingBackendImports are known imports that break the rule, each with
// the change that removes it; the test fails once one is gone, so the list
// only shrinks.
var pendingBackendImports = []string{}

// Below the engine nothing imports a concrete oracle or model backend
// outside the backend's own unit: features take the oracles.Oracle and
// agents interfaces, and main builds the registries from oracles/all and
// agents/all. Test files are left out.
func TestNoBackendBelowTheEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := backendImports(strings.Split(strings.TrimSpace(string(out)), "\n"))
	for _, imp := range got {
		if !slices.Contains(pendingBackendImports, imp) {
			t.Errorf("%s: below the engine, import the interface (oracles.Oracle, agents.Provider), not a backend", imp)
		}
	}
	for _, imp := range pendingBackendImports {
		if !slices.Contains(got, imp) {
			t.Errorf("%s is gone: remove it from pendingBackendImports", imp)
		}
	}
}
