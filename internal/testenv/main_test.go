package main

import (
	"bytes"
	"strings"
	"testing"
)

// The scan finds the tests of each requirement in this module, and the
// report says what is missing on a machine with nothing.
func TestReportOnABareMachine(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, "../..", func(string) string { return "" }); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"PostgreSQL: MISSING", "batch.TestOpenPostgresConcurrentlyOnAnEmptyDatabase", "MCP Inspector: MISSING", "cmd/citeloop.TestMCPInspector",
		"verify.", "go test -short also skips",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	needs, _, err := scan("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range requirements {
		if len(needs[req.name]) == 0 {
			t.Errorf("no test found that needs %s", req.name)
		}
	}
}
