// Package browsertest runs headless Chromium for the tests that open what
// citeloop renders for people (the HTML brief, the watch report, the batch
// report). A test without Chromium is skipped locally and fails in CI
// (CI=true), whose .ci/run installs Debian's chromium.
package browsertest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"
	"time"
)

// Chromium returns the path of a Chromium binary, or skips (locally) or
// fails (CI=true) t when there is none.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed; .ci/run installs it (apt-get install -y chromium)")
	}
	t.Skip("chromium is not installed: apt-get install -y chromium to run this test")
	return ""
}

// Run opens url in headless Chromium with extra flags (--dump-dom,
// --screenshot=FILE, ...), network and background services off, a fresh
// profile, and returns what it printed on stdout.
func Run(t testing.TB, bin, url string, extra ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir=" + t.TempDir()}, extra...)
	cmd := exec.CommandContext(ctx, bin, append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %s %v: %v\n%s", url, extra, err, stderr.String())
	}
	return out
}
