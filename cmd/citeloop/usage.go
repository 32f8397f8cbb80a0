package main

import (
	"fmt"
	"os"
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
// the brief: it is a file, or it cannot be created or written. It creates
// dir (as writing the brief would).
func checkOutDir(dir string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return usageError("--out %s is a file, not a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError("--out %s cannot be created: %w", dir, err)
	}
	probe, err := os.CreateTemp(dir, ".citeloop-write-check-*")
	if err != nil {
		return usageError("--out %s cannot be written: %w", dir, err)
	}
	probe.Close()
	if err := os.Remove(probe.Name()); err != nil {
		return fmt.Errorf("--out %s: remove %s: %w", dir, probe.Name(), err)
	}
	return nil
}
