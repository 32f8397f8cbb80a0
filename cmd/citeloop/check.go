package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/engine"
)

type checkOptions struct {
	json       bool
	offline    bool
	allowEmpty bool
}

func newCheckCmd(a *app) *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "check FILE... (- for stdin)",
		Short: "Verify every DOI cited in documents against the oracles",
		Long: `check extracts every DOI from the given files (Markdown, plain text, BibTeX,
RIS, CSL JSON, CFF; "-" reads stdin) and looks each one up with the oracles
and policy of the configuration (oracles.use, oracles.policy). It prints one
line per distinct DOI: found, not_found, invalid, retracted, erratum,
mismatch, no_doi or unknown. UTF-16 and UTF-8 with a byte order mark are
decoded. With --offline, a DOI outside the small embedded corpus is unknown,
never not_found.

Exit codes: 0 every DOI found and matching; 3 some DOI not_found, invalid,
retracted, erratum, mismatch or no_doi, or no DOI in any file (0 with
--allow-empty); 4 some DOI unknown because an oracle could not answer, and
nothing worse; 2 a file cannot be read or the configuration is invalid;
130 interrupted.`,
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
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "exit 0 when the files cite no DOI at all (default: exit 3, a failed conversion looks like that)")
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
	if err := ctx.Err(); err != nil {
		// Interrupted: the lookups in flight came back unknown; a table of
		// them would read as an outage, so print none.
		return fmt.Errorf("check: interrupted before every DOI was looked up: %w", err)
	}
	code := checkExitCode(rep.Status(), o.allowEmpty)
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

// checkExitCode maps a report's status to the exit code: a wrong citation
// (3) wins over an unanswered one (4), see engine.CheckReport.Status.
func checkExitCode(s engine.CheckStatus, allowEmpty bool) int {
	switch s {
	case engine.AllFound:
		return exitOK
	case engine.Empty:
		if allowEmpty {
			return exitOK
		}
		return exitNotVerified
	case engine.Unknown:
		return exitOracleUnavailable
	default:
		return exitNotVerified
	}
}
