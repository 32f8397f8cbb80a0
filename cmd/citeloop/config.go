package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/configs"
)

// userConfigFile is where citeloop looks for its configuration when neither
// --config nor CITELOOP_CONFIG names one: <user config dir>/citeloop/config.yaml
// (~/.config on Linux, ~/Library/Application Support on macOS, %AppData% on
// Windows).
func (a *app) userConfigFile() (string, error) {
	if a.userConfigDir == nil {
		return "", errors.New("no user config directory")
	}
	dir, err := a.userConfigDir()
	if err != nil {
		return "", fmt.Errorf("user config directory: %w", err)
	}
	return filepath.Join(dir, "citeloop", "config.yaml"), nil
}

// configFile is the configuration file to load: --config, else
// CITELOOP_CONFIG, else the user's config file when it exists, else none
// (the defaults).
func (a *app) configFile() string {
	if a.configPath != "" {
		return a.configPath
	}
	if p := a.getenv("CITELOOP_CONFIG"); p != "" {
		return p
	}
	if p, err := a.userConfigFile(); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

func newConfigCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Write the example configuration file",
		Long: `Without --config, citeloop reads its configuration from CITELOOP_CONFIG, else
from <user config dir>/citeloop/config.yaml when it exists (~/.config/citeloop
on Linux, ~/Library/Application Support/citeloop on macOS), else it uses the
defaults.`,
		Args: cobra.NoArgs,
		// Writing a configuration must not need a valid one.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE:              func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "init",
		Short: "Write the documented example configuration (refuses to overwrite)",
		Long: `init writes the documented example configuration (every key, its default
and why) to --config, else to <user config dir>/citeloop/config.yaml, and
prints its path. An existing file is never overwritten.`,
		Example: `  citeloop config init
  citeloop config init --config ./citeloop.yaml`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return configInit(a) },
	})
	return cmd
}

// configInit writes configs.Example to the config path, never over a file.
func configInit(a *app) error {
	path := a.configPath
	if path == "" {
		p, err := a.userConfigFile()
		if err != nil {
			return usageError("config init: %v; name the file with --config", err)
		}
		path = p
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return usageError("config init: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return usageError("config init: %s already exists; not overwritten (remove it first, or name another file with --config)", path)
	} else if err != nil {
		return usageError("config init: %w", err)
	}
	if _, err := f.Write(configs.Example()); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("config init: write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("config init: write %s: %w", path, err)
	}
	fmt.Fprintln(a.stdout, path)
	return nil
}
