package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/verify"
)

type watchOptions struct {
	json      bool
	failOn    string
	corpus    string
	publicKey string
}

func newWatchCmd(a *app) *cobra.Command {
	var o watchOptions
	cmd := &cobra.Command{
		Use:   "watch DIR",
		Short: "Re-verify the briefs under DIR online, reporting what is new",
		Long: `watch verifies every brief under DIR online (as verify does), remembers what
it reported in DIR/` + verify.StateFile + ` so each retraction or correction is
reported once, and writes DIR/` + verify.ReportJSONFile + ` and DIR/` + verify.ReportHTMLFile + `.

Exit codes: 0 with or without news; 3 with --fail-on news when there is news;
4 when an oracle could not answer for some source (and no news to fail on);
2 DIR holds no brief or its state file is unreadable.

Nightly, from cron:
  17 3 * * * citeloop watch /srv/briefs --fail-on news || mail -s watch \
      you@example.org < /srv/briefs/watch-report.json   (one crontab line)`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatch(cmd.Context(), a, &o, args[0])
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the report as JSON")
	f.StringVar(&o.failOn, "fail-on", "", `"news": exit 3 when a source was retracted or corrected since the last run`)
	f.StringVar(&o.publicKey, "public-key", "", "Ed25519 public key file to check signatures with")
	f.StringVar(&o.corpus, "corpus", "", corpusLookupHelp)
	return cmd
}

func runWatch(ctx context.Context, a *app, o *watchOptions, dir string) error {
	if o.failOn != "" && o.failOn != "news" {
		return usageError("--fail-on: want news, got %q", o.failOn)
	}
	vo, err := verifyOptionsOf(a, false, o.corpus, o.publicKey)
	if err != nil {
		return err
	}
	rep, err := verify.Watch(ctx, dir, vo, a.now())
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{code: exitInterrupted, err: err}
		}
		return usageError("watch: %v", err)
	}
	a.logger.Info("watched", zap.Int("briefs", len(rep.Briefs)), zap.Int("news", rep.News), zap.Int("unknown", rep.Unknown))
	if o.json {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		for _, b := range rep.Briefs {
			for _, n := range b.News {
				fmt.Fprintf(a.stdout, "news    %s: %s\n", b.Path, n.Detail)
			}
		}
		for _, b := range rep.Briefs {
			for _, f := range b.Findings {
				if f.Code == "source_unknown" {
					fmt.Fprintf(a.stdout, "unknown %s: %s\n", b.Path, f.Detail)
				}
			}
		}
		fmt.Fprintf(a.stdout, "%d brief(s), %d with news, %d unknown; report: %s\n", len(rep.Briefs), rep.News, rep.Unknown, filepath.Join(dir, verify.ReportHTMLFile))
	}
	switch {
	case o.failOn == "news" && rep.News > 0:
		return &exitError{code: exitNotVerified, err: fmt.Errorf("watch: %d brief(s) with news", rep.News)}
	case rep.Unknown > 0:
		return &exitError{code: exitOracleUnavailable, err: fmt.Errorf("watch: an oracle could not answer for %d brief(s)", rep.Unknown)}
	}
	return nil
}
