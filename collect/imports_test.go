package collect

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoConcreteOracle: leads, bib, collect and check reach services only
// through the oracles contract (Oracle, Searcher): none of their non-test
// packages imports a package under oracles/ but oracles/evidence (the
// classification every oracle's records share, no service), so a backend
// plugs in without a change here.
func TestNoConcreteOracle(t *testing.T) {
	const module = "github.com/citeloop/citeloop"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}",
		module+"/leads", module+"/bib/...", module+"/collect", module+"/check").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 5 {
		t.Fatalf("go list found %d packages: %q", len(lines), lines)
	}
	for _, line := range lines {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, module+"/oracles/") && imp != module+"/oracles/evidence" {
				t.Errorf("%s imports %s", fields[0], imp)
			}
		}
	}
}
