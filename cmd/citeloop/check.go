package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/engine"
)

type checkOptions struct {
	json    bool
	offline bool
}

func newCheckCmd(a *app) *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "check FILE... (- for stdin)",
		Short: "Verify every DOI cited in documents against the oracles",
		Long: `check extracts every DOI from the given files (Markdown, plain text, BibTeX,
RIS, CSL JSON, CFF; "-" reads stdin) and looks each one up with the oracles
and policy of the configuration (oracles.use, oracles.policy). It prints one
line per distinct DOI: found, not_found, invalid, retracted or unknown.

Exit codes: 0 every DOI found; 3 some DOI not found, invalid or retracted;
4 some DOI unknown because an oracle could not answer (unknown wins over 3);
2 a file cannot be read or the configuration is invalid.`,
		Example: `  citeloop check paper.bib
  citeloop check --json references.md notes.txt
  pandoc -t plain draft.docx | citeloop check -`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("check: name at least one file (or - for stdin)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), a, &o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the report as JSON")
	f.BoolVar(&o.offline, "offline", false, "check against the embedded corpus of Europe PMC records instead of the network")
	return cmd
}

// checkReport is the whole `check --json` answer.
type checkReport struct {
	Files    []string          `json:"files"`
	Summary  map[string]int    `json:"summary"`
	ExitCode int               `json:"exit_code"`
	DOIs     []engine.CheckRow `json:"dois"`
}

func runCheck(ctx context.Context, a *app, o *checkOptions, files []string) error {
	docs, err := engine.ReadDocuments(a.stdin, files)
	if err != nil {
		return err
	}
	eng, err := a.engine(a.cfg)
	if err != nil {
		return err
	}
	var opts engine.CheckOptions
	if o.offline {
		if opts.Offline, err = engine.EmbeddedOffline(); err != nil {
			return fmt.Errorf("check: load the embedded corpus: %w", err)
		}
	}
	rep, err := eng.Check(ctx, docs, opts)
	if err != nil {
		return err
	}
	// Unknown wins over not verified (engine.CheckReport.Status).
	code := map[engine.CheckStatus]int{engine.AllFound: exitOK, engine.NotVerified: exitNotVerified, engine.Unknown: exitOracleUnavailable}[rep.Status()]
	if o.json {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(checkReport{Files: rep.Files, Summary: rep.Summary, ExitCode: code, DOIs: rep.DOIs}); err != nil {
			return fmt.Errorf("check: write report: %w", err)
		}
	} else if err := rep.WriteText(a.stdout); err != nil {
		return fmt.Errorf("check: write report: %w", err)
	}
	if code == exitOK {
		return nil
	}
	return &exitError{code: code, err: fmt.Errorf("check: %s", rep.Problem())}
}
