package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/configs"
)

func TestConfigInitWritesTheExampleOnce(t *testing.T) {
	dir := t.TempDir()
	a, stdout, _ := testApp(nil)
	a.userConfigDir = func() (string, error) { return dir, nil }
	if err := runApp(context.Background(), a, []string{"config", "init"}); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "citeloop", "config.yaml")
	if got := strings.TrimSpace(stdout.String()); got != want {
		t.Errorf("config init printed %q, want %q", got, want)
	}
	data, err := os.ReadFile(want)
	if err != nil || string(data) != string(configs.Example()) {
		t.Fatalf("config init wrote %d bytes (%v), want the example", len(data), err)
	}

	// A second init refuses and leaves the user's edits alone.
	edited := []byte("pipeline:\n  max_iterations: 5\n")
	if err := os.WriteFile(want, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	a, _, _ = testApp(nil)
	a.userConfigDir = func() (string, error) { return dir, nil }
	err = runApp(context.Background(), a, []string{"config", "init"})
	if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second init: exit %d (%v), want %d and already exists", code, err, exitUsage)
	}
	if data, _ := os.ReadFile(want); string(data) != string(edited) {
		t.Errorf("second init changed the file: %q", data)
	}

	// The file found there is the one used when --config is not given.
	a, _, _ = testApp(nil)
	a.userConfigDir = func() (string, error) { return dir, nil }
	if err := runApp(context.Background(), a, []string{"brief", "--offline", "--topic", "breast cancer", "-o", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if a.cfg.Pipeline.MaxIterations != 5 {
		t.Errorf("max_iterations = %d, want 5 from %s", a.cfg.Pipeline.MaxIterations, want)
	}
}

func TestConfigFileOrder(t *testing.T) {
	userDir := t.TempDir()
	userFile := filepath.Join(userDir, "citeloop", "config.yaml")
	tests := []struct {
		name     string
		flag     string
		env      string
		userFile bool
		want     string
	}{
		{"--config wins", "flag.yaml", "env.yaml", true, "flag.yaml"},
		{"then CITELOOP_CONFIG", "", "env.yaml", true, "env.yaml"},
		{"then the user's file", "", "", true, userFile},
		{"else none", "", "", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll(filepath.Dir(userFile))
			if tt.userFile {
				if err := os.MkdirAll(filepath.Dir(userFile), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(userFile, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			a, _, _ := testApp(map[string]string{"CITELOOP_CONFIG": tt.env})
			a.configPath = tt.flag
			a.userConfigDir = func() (string, error) { return userDir, nil }
			if got := a.configFile(); got != tt.want {
				t.Errorf("configFile() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestConfigInitToConfigFlagAndBadConfigErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "c.yaml")
	a, _, _ := testApp(nil)
	if err := runApp(context.Background(), a, []string{"config", "init", "--config", path}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("config init --config did not write %s: %v", path, err)
	}

	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("oracles:\n  polcy: any_of\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, _, _ = testApp(nil)
	err := runApp(context.Background(), a, []string{"--config", bad, "brief", "--offline", "--topic", "x", "-o", t.TempDir()})
	if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), `oracles.polcy: line 2: unknown key "polcy"; did you mean "policy"?`) || !strings.Contains(err.Error(), bad) {
		t.Errorf("bad config: exit %d (%v), want %d naming the file, the key and the nearest", code, err, exitUsage)
	}
}
