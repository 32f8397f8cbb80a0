package engine_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = "github.com/citeloop/citeloop"

// topFolder is the top-level folder of a package of the module
// (pipeline/collect counts as pipeline), "" for other modules.
func topFolder(importPath string) string {
	rest, ok := strings.CutPrefix(importPath, module+"/")
	if !ok {
		return ""
	}
	top, _, _ := strings.Cut(rest, "/")
	return top
}

// folderGraph maps each top-level folder to the folders its non-test
// packages import, from `go list` lines "pkg imp1 imp2 ...".
func folderGraph(lines []string) map[string][]string {
	g := map[string][]string{}
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		from := topFolder(fields[0])
		for _, imp := range fields[1:] {
			to := topFolder(imp)
			if to == "" || to == from || slices.Contains(g[from], to) {
				continue
			}
			g[from] = append(g[from], to)
		}
	}
	return g
}

// findCycle returns one cycle of g, of any length, as the folders on it
// with the first repeated at the end; nil if g has none.
func findCycle(g map[string][]string) []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(n string) []string
	visit = func(n string) []string {
		state[n] = open
		stack = append(stack, n)
		next := slices.Clone(g[n])
		slices.Sort(next)
		for _, m := range next {
			switch state[m] {
			case open:
				i := slices.Index(stack, m)
				return append(slices.Clone(stack[i:]), m)
			case unseen:
				if c := visit(m); c != nil {
					return c
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
		return nil
	}
	var nodes []string
	for n := range g {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	for _, n := range nodes {
		if state[n] == unseen {
			if c := visit(n); c != nil {
				return c
			}
		}
	}
	return nil
}

func TestFindCycle(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{name: "one way", lines: []string{module + "/cmd/citeloop " + module + "/engine", module + "/engine " + module + "/pipeline/collect fmt"}},
		{name: "sub-folders count with their top folder", lines: []string{
			module + "/gates " + module + "/pipeline/contract", module + "/pipeline " + module + "/gates",
		}, want: []string{"gates", "pipeline", "gates"}},
		{name: "long cycle", lines: []string{
			module + "/a " + module + "/b", module + "/b/x " + module + "/c", module + "/c " + module + "/a/y",
		}, want: []string{"a", "b", "c", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, findCycle(folderGraph(tt.lines))); d != "" {
				t.Errorf("cycle (-want +got):\n%s", d)
			}
		})
	}
}

// No two top-level folders depend on each other, through any path. Test
// files are left out: `go list`'s Imports lists non-test imports only.
func TestNoCycleBetweenTopLevelFolders(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	g := folderGraph(lines)
	if len(g) < 5 {
		t.Fatalf("go list found only %d folders: %q", len(g), lines)
	}
	if c := findCycle(g); c != nil {
		t.Errorf("top-level folders import each other: %s", strings.Join(c, " -> "))
	}
	for from, tos := range g {
		if slices.Contains(tos, "cmd") {
			t.Errorf("%s imports cmd", from)
		}
		// Front ends: the CLI and the MCP server.
		if from != "cmd" && from != "mcpserver" && slices.Contains(tos, "engine") {
			t.Errorf("%s imports engine; only front ends may", from)
		}
	}
}
