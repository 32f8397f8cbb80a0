package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/oracles/cache"
)

func newCacheCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cache (path | clear)",
		Short: "Show or clear the on-disk cache of oracle answers",
		Long: `The cache keeps oracle answers in one SQLite store: in oracles.cache.dir,
or, when that is empty, in $XDG_CACHE_HOME/citeloop/oracles (else
~/.cache/citeloop/oracles), where check keeps it. Answers are keyed by each
oracle's identity (its name, base URL and every setting that can change an
answer) and the DOI, so a mirror's answers are never served for the real
service. Found answers are reused for oracles.cache.ttl (a week), not_found
answers for oracles.cache.negative_ttl (an hour), unknown answers never.
check --no-cache asks again without clearing it; verify and watch never read it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "path",
		Short: "Print the cache store's file",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			dir, err := cacheDir(a)
			if err != nil {
				return err
			}
			fmt.Fprintln(a.stdout, cache.Path(dir))
			return nil
		},
	}, &cobra.Command{
		Use:   "clear",
		Short: "Remove every cached answer, old-format cache files included",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			dir, err := cacheDir(a)
			if err != nil {
				return err
			}
			removed, err := cache.Clear(dir)
			if err != nil {
				return err
			}
			for _, p := range removed {
				fmt.Fprintln(a.stderr, "removed", p)
			}
			return nil
		},
	})
	return cmd
}

// cacheDir is the cache's folder: oracles.cache.dir, else the user cache
// folder check uses.
func cacheDir(a *app) (string, error) {
	if d := a.cfg.Oracles.Cache.Dir; d != "" {
		return d, nil
	}
	if d := userCacheDir(a.getenv); d != "" {
		return d, nil
	}
	return "", usageError("cache: no cache folder: set oracles.cache.dir, XDG_CACHE_HOME or HOME")
}
