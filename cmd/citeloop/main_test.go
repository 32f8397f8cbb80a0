package main

import (
	"os"
	"testing"
)

// childEnv makes the test binary run citeloop's main, so crash tests can
// start real citeloop processes and SIGKILL them.
const childEnv = "CITELOOP_TEST_RUN_MAIN"

// TestMain runs the binary as citeloop when a test started it as a child,
// and otherwise runs the tests with a folder for the binary the MCP tests
// build, removed at the end.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
	}
	dir, err := os.MkdirTemp("", "citeloop-bin-")
	if err != nil {
		panic(err)
	}
	mcpBinDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
