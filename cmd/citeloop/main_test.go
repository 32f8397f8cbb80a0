package main

import (
	"os"
	"testing"
)

// childEnv makes the test binary run citeloop's main, so crash tests can
// start real citeloop processes and SIGKILL them.
const childEnv = "CITELOOP_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}
