package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckCachesFoundAnswers: found answers persist under the user's cache
// folder, so a second check makes no request; --no-cache asks again.
func TestCheckCachesFoundAnswers(t *testing.T) {
	srv, requests := fakeCrossrefServer(t, map[string]string{doiA: crossrefWork(doiA, "Charges ride the spin wave", false)}, nil)
	dir := t.TempDir()
	cfg := checkConfig(t, dir, "any_of", srv.URL, "")
	doc := writeFile(t, dir, "refs.md", "doi:"+doiA+"\n")
	env := map[string]string{"XDG_CACHE_HOME": filepath.Join(dir, "cache")}
	tests := []struct {
		name         string
		args         []string
		wantRequests int64
	}{
		{"first check asks", nil, 1},
		{"second check reads the cache", nil, 0},
		{"--no-cache asks again", []string{"--no-cache"}, 1},
	}
	for _, tt := range tests {
		requests.Store(0)
		code, stdout, _, err := runCheckCLI(t, env, "", append([]string{"--config", cfg, "check", doc}, tt.args...)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d (%v)\n%s", tt.name, code, err, stdout)
		}
		if n := requests.Load(); n != tt.wantRequests {
			t.Errorf("%s: %d requests, want %d", tt.name, n, tt.wantRequests)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "cache", "citeloop", "oracles")); err != nil {
		t.Errorf("no cache folder: %v", err)
	}
}
