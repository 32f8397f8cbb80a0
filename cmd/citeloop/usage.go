package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
)

// modelFlags are the flags that choose or tune a model; --offline uses none.
var modelFlags = []string{"writer-model", "skeptic-model", "writer-provider", "skeptic-provider", "model-timeout"}

// offlineModelFlags is the usage error for model flags given with
// --offline, which would otherwise be silently ignored; nil when none is.
func offlineModelFlags(fs *pflag.FlagSet) error {
	var given []string
	for _, name := range modelFlags {
		if fs.Changed(name) {
			given = append(given, "--"+name)
		}
	}
	if len(given) == 0 {
		return nil
	}
	return usageError("--offline uses no model, so %s would be ignored: drop --offline to use a model, or drop %s", strings.Join(given, ", "), strings.Join(given, ", "))
}

// checkOutDir fails before any network or model call when dir cannot hold
// the brief: it is a file, or it (or, when it does not exist yet, the
// nearest directory above it) cannot be written. It creates nothing: a run
// that fails leaves no directory behind.
func checkOutDir(dir string) error {
	probeDir := dir
	for {
		fi, err := os.Stat(probeDir)
		if err == nil && !fi.IsDir() {
			if probeDir == dir {
				return usageError("--out %s is a file, not a directory", dir)
			}
			return usageError("--out %s cannot be created: %s is a file", dir, probeDir)
		}
		if err == nil {
			break
		}
		// Not there (or under a file): look at the directory above.
		parent := filepath.Dir(probeDir)
		if parent == probeDir {
			break
		}
		probeDir = parent
	}
	probe, err := os.CreateTemp(probeDir, ".citeloop-write-check-*")
	if err != nil {
		return usageError("--out %s cannot be written: %w", dir, err)
	}
	probe.Close()
	if err := os.Remove(probe.Name()); err != nil {
		return fmt.Errorf("--out %s: remove %s: %w", dir, probe.Name(), err)
	}
	return nil
}
