package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = "github.com/citeloop/citeloop"

// layers is the house (README, Layout): each unit with its layer. A unit
// is a package with its subpackages (oracles/europepmc belongs to oracles,
// batch/report to batch); a unit not named here is refused, so a new
// top-level package must say where it stands. internal/* units are layer 0
// each on their own.
var layers = map[string]int{
	"cmd":       9,
	"mcpserver": 8,
	"engine":    7,
	"batch":     6,
	"check":     5, "verify": 5,
	"brief":    4,
	"pipeline": 3,
	"gates":    2, "collect": 2, "agents": 2,
	"oracles": 1, "bib": 1, "leads": 1, "configs": 1, "jats": 1,
	"contract": 0, "doi": 0, "internal": 0,
}

// sameLayerAllowed are the imports between units of one layer that the
// house allows: configs reads the oracles section's type.
var sameLayerAllowed = []string{"configs -> oracles"}

// unitOf is the unit of a package of the module: its top-level folder, or
// internal/<name> for the internal packages; "" for other modules.
func unitOf(importPath string) string {
	rest, ok := strings.CutPrefix(importPath, module+"/")
	if !ok {
		return ""
	}
	parts := strings.SplitN(rest, "/", 3)
	if parts[0] == "internal" && len(parts) > 1 {
		return "internal/" + parts[1]
	}
	return parts[0]
}

// layerOf is a unit's layer, -1 when the house does not place it.
func layerOf(unit string) int {
	top, _, _ := strings.Cut(unit, "/")
	if l, ok := layers[top]; ok {
		return l
	}
	return -1
}

// layerViolations lists every import, from `go list` lines
// "pkg imp1 imp2 ...", that does not run downward: to a unit of a higher
// layer, or to another unit of the same layer (but sameLayerAllowed), or
// from or to a unit the house does not place.
func layerViolations(lines []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		from := unitOf(fields[0])
		if from == "" {
			continue
		}
		if layerOf(from) < 0 {
			if !seen[from] {
				seen[from] = true
				out = append(out, from+": a unit the house does not place (add it to layers)")
			}
			continue
		}
		for _, imp := range fields[1:] {
			to := unitOf(imp)
			if to == "" || to == from {
				continue
			}
			edge := from + " -> " + to
			if seen[edge] {
				continue
			}
			seen[edge] = true
			lf, lt := layerOf(from), layerOf(to)
			switch {
			case lt < 0:
				out = append(out, edge+": a unit the house does not place")
			case lt > lf:
				out = append(out, edge+": imports upward")
			case lt == lf && !slices.Contains(sameLayerAllowed, edge):
				out = append(out, edge+": imports a unit of its own layer")
			}
		}
	}
	slices.Sort(out)
	return out
}

// The rule catches each kind of violation it is meant to, in lines made by
// hand.
func TestLayerViolations(t *testing.T) {
	m := func(s string) string { return module + "/" + s }
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{name: "downward only", lines: []string{
			m("cmd/citeloop") + " " + m("engine") + " fmt",
			m("engine") + " " + m("pipeline") + " " + m("oracles/europepmc"),
			m("pipeline") + " " + m("gates") + " " + m("contract"),
			m("configs") + " " + m("oracles"),
			m("oracles/europepmc") + " " + m("oracles/httpx") + " " + m("oracles"),
		}},
		{name: "upward", lines: []string{m("gates") + " " + m("pipeline")}, want: []string{"gates -> pipeline: imports upward"}},
		{name: "upward from a subpackage", lines: []string{m("oracles/europepmc") + " " + m("collect")}, want: []string{"oracles -> collect: imports upward"}},
		{name: "to the engine from below", lines: []string{m("batch") + " " + m("engine")}, want: []string{"batch -> engine: imports upward"}},
		{name: "same layer", lines: []string{m("check") + " " + m("verify")}, want: []string{"check -> verify: imports a unit of its own layer"}},
		{name: "same layer, gate and agents", lines: []string{m("agents/offline") + " " + m("gates")}, want: []string{"agents -> gates: imports a unit of its own layer"}},
		{name: "internal units are apart", lines: []string{m("internal/phrase") + " " + m("internal/markup")}, want: []string{"internal/phrase -> internal/markup: imports a unit of its own layer"}},
		{name: "contract imports nothing above", lines: []string{m("contract") + " " + m("doi")}, want: []string{"contract -> doi: imports a unit of its own layer"}},
		{name: "an unplaced unit", lines: []string{m("newthing") + " " + m("contract"), m("gates") + " " + m("newthing")},
			want: []string{"gates -> newthing: a unit the house does not place", "newthing: a unit the house does not place (add it to layers)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, layerViolations(tt.lines)); d != "" {
				t.Errorf("violations (-want +got):\n%s", d)
			}
		})
	}
}

// goList returns `go list` lines "pkg imp1 imp2 ..." of the module's
// non-test packages (Imports leaves test files out).
func goList(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 20 {
		t.Fatalf("go list found only %d packages", len(lines))
	}
	return lines
}

// Every import of the module runs downward through the layers.
func TestImportsRunDownward(t *testing.T) {
	for _, v := range layerViolations(goList(t)) {
		t.Error(v)
	}
}

// The packages the house names are there.
func TestTheHouseHasItsPackages(t *testing.T) {
	var have []string
	for _, line := range goList(t) {
		have = append(have, strings.TrimPrefix(strings.Fields(line)[0], module+"/"))
	}
	for _, want := range []string{
		"cmd/citeloop", "mcpserver", "engine", "batch", "batch/metrics", "batch/report", "check", "check/compare", "verify",
		"brief", "pipeline", "gates", "collect", "agents", "agents/limit", "agents/all", "agents/offline",
		"oracles", "oracles/all", "oracles/cache", "oracles/snapshot", "oracles/oracletest", "oracles/httpx",
		"bib", "bib/refline", "leads", "configs", "jats", "contract", "doi", "internal/atomicfile", "internal/logging",
	} {
		if !slices.Contains(have, want) {
			t.Errorf("no package %s", want)
		}
	}
}

// proofUses finds, in the non-test Go files of the module, every use of a
// gates.Proof's Approves outside gates and brief: only gates mints a proof
// (its fields are unexported) and only brief consumes one.
func TestOnlyBriefConsumesAProof(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	fset := token.NewFileSet()
	uses := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		unit := unitOf(f[0])
		for _, name := range strings.Fields(f[2]) {
			file, err := parser.ParseFile(fset, filepath.Join(f[1], name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Approves" {
					return true
				}
				if unit != "brief" && unit != "gates" {
					t.Errorf("%s: %s consumes a proof; only brief may", fset.Position(sel.Pos()), f[0])
				}
				uses++
				return true
			})
		}
	}
	if uses == 0 {
		t.Error("no use of Proof.Approves found: the assembler must check its proof")
	}
}
