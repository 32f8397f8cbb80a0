package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/engine"
)

type checkOptions struct {
	json         bool
	format       string
	offline      bool
	allowEmpty   bool
	onlyProblems bool
	noCache      bool
	similarity   float64
	fix          string
	force        bool
}

// checkFormats are the values of check --format.
var checkFormats = []string{"table", "json", "csv", "github", "sarif"}

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

Bibliography entries (BibTeX, RIS, CSL JSON, CFF references) and Markdown or
text reference lines whose title and year can be told apart (APA, Harvard,
Vancouver, Nature, quoted titles) are compared with the record of their DOI
(mismatch: title, year or first author disagree); other lines are not. A
BibTeX, RIS or CSL JSON entry, or a CFF reference other than software, with
a title and no DOI is no_doi; it is looked up by title and first author in
Europe PMC and, when configured, Crossref, and the DOI of the single
qualifying candidate is suggested. --fix OUT writes a copy of the one input
file (BibTeX, RIS or CSL JSON) with those DOIs added, and mismatching DOIs
corrected where exactly one other paper fits the entry; the input is never
changed.

Exit codes: 0 every DOI found and matching; 3 some DOI not_found, invalid,
retracted, erratum, mismatch or no_doi, or no DOI in any file (0 with
--allow-empty); 4 some DOI unknown because an oracle could not answer, and
nothing worse; 2 a file cannot be read or the configuration is invalid;
130 interrupted.`,
		Example: `  citeloop check paper.bib
  citeloop check --format json references.md notes.txt
  citeloop check --fix refs.fixed.bib refs.bib             # suggested DOIs written into a copy
  citeloop check --only-problems --format github refs.bib   # annotations in GitHub Actions
  citeloop check --format sarif refs.bib > citeloop.sarif   # code scanning
  pandoc -t plain draft.docx | citeloop check -`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("check: name at least one file (or - for stdin)")
			}
			if !slices.Contains(checkFormats, o.format) {
				return usageError("check: --format %q: want one of %s", o.format, strings.Join(checkFormats, ", "))
			}
			if o.json {
				o.format = "json"
			}
			if o.fix != "" && len(args) != 1 {
				return usageError("check: --fix writes one fixed copy: name exactly one input file, got %d", len(args))
			}
			if o.similarity <= 0 || o.similarity > 1 {
				return usageError("check: --title-similarity %v: want a number in (0, 1]", o.similarity)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), a, &o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the report as JSON (same as --format json)")
	f.StringVar(&o.format, "format", "table", "output format: "+strings.Join(checkFormats, ", ")+" (github: workflow annotations; sarif: SARIF 2.1.0)")
	f.Float64Var(&o.similarity, "title-similarity", check.DefaultTitleSimilarity, "for bibliography entries and reference lines: the token-set similarity of the entry's title and the record's below which the DOI is a mismatch")
	f.BoolVar(&o.noCache, "no-cache", false, "ask the services again instead of reusing cached answers")
	f.BoolVar(&o.onlyProblems, "only-problems", false, "leave DOIs that were found and match out of the output (the summary still counts them)")
	f.BoolVar(&o.offline, "offline", false, "check against the embedded corpus of Europe PMC records instead of the network")
	f.StringVar(&o.fix, "fix", "", "write a copy of the input (one BibTeX, RIS or CSL JSON file) to this path with DOIs added (no_doi entries with one candidate) or corrected (mismatch entries whose title search finds one other paper); the input is never changed")
	f.BoolVar(&o.force, "force", false, "with --fix, replace the output file if it exists")
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "exit 0 when the files cite no DOI at all (default: exit 3, a failed conversion looks like that)")
	return cmd
}

// checkReport is the whole `check --json` answer.
type checkReport struct {
	Files    []string       `json:"files"`
	Summary  map[string]int `json:"summary"`
	ExitCode int            `json:"exit_code"`
	DOIs     []check.Row    `json:"dois"`
}

func runCheck(ctx context.Context, a *app, o *checkOptions, files []string) error {
	if o.fix != "" {
		if err := check.FixTarget(files[0], o.fix, o.force); err != nil {
			return err
		}
	}
	docs, err := check.ReadDocuments(a.stdin, files)
	if err != nil {
		return err
	}
	cfg := a.cfg
	if cfg.Oracles.Cache.Dir == "" {
		cfg.Oracles.Cache.Dir = userCacheDir(a.getenv)
	}
	eng, err := a.engine(cfg)
	if err != nil {
		return err
	}
	opts := engine.CheckOptions{Fresh: o.noCache, TitleSimilarity: o.similarity}
	if o.offline {
		if opts.Offline, err = engine.EmbeddedOffline(); err != nil {
			return fmt.Errorf("check: load the embedded corpus: %w", err)
		}
	}
	// Until the first DOIs are answered the total is not known: the bar
	// says "0/?", what it waits for and for how long, never "0/0".
	bar := progress.New(a.stderr, progress.Options{Label: "check"})
	bar.Status("asking the oracles")
	opts.Progress = func(done, total int) {
		bar.Status("")
		bar.SetTotal(total)
		bar.Add("", done-bar.Count(""))
	}
	checker, err := eng.Checker(opts)
	if err != nil {
		bar.Close()
		return err
	}
	rep := checker.Check(ctx, docs)
	if ctx.Err() != nil {
		bar.Interrupt()
	}
	bar.Close()
	if err := ctx.Err(); err != nil {
		// Interrupted: the lookups in flight came back unknown; a table of
		// them would read as an outage, so print none.
		return fmt.Errorf("check: interrupted before every DOI was looked up: %w", err)
	}
	if o.fix != "" {
		fixes, err := rep.WriteFix(docs[0], o.fix, o.force)
		if err != nil {
			return fmt.Errorf("check: %w", err)
		}
		fmt.Fprintln(a.stderr, check.FixSummary(o.fix, fixes))
	}
	code := checkExitCode(rep.Status(), o.allowEmpty)
	if err := writeCheckReport(a, o, rep, code); err != nil {
		return fmt.Errorf("check: write report: %w", err)
	}
	if code == exitOK {
		return nil
	}
	return &exitError{code: code, err: fmt.Errorf("check: %s", rep.Problem())}
}

// checkExitCode maps a report's status to the exit code: a wrong citation
// (3) wins over an unanswered one (4), see check.Report.Status.
func checkExitCode(s check.Status, allowEmpty bool) int {
	switch s {
	case check.AllFound:
		return exitOK
	case check.Empty:
		if allowEmpty {
			return exitOK
		}
		return exitNotVerified
	case check.Unknown:
		return exitOracleUnavailable
	default:
		return exitNotVerified
	}
}

// writeCheckReport prints rep in o.format, paths relative to the working
// folder.
func writeCheckReport(a *app, o *checkOptions, rep check.Report, code int) error {
	if wd, err := os.Getwd(); err == nil {
		rep = rep.RelativeTo(wd)
	}
	if o.onlyProblems {
		rep = rep.OnlyProblems()
	}
	switch o.format {
	case "json":
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(checkReport{Files: rep.Files, Summary: rep.Summary, ExitCode: code, DOIs: rep.DOIs})
	case "csv":
		return rep.WriteCSV(a.stdout)
	case "github":
		return rep.WriteGitHub(a.stdout)
	case "sarif":
		return rep.WriteSARIF(a.stdout, buildVersion())
	default:
		return rep.WriteText(a.stdout)
	}
}

// buildVersion is the module version the binary was built from, "devel"
// for a local build.
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// userCacheDir is where check keeps found answers between runs when the
// configuration names no oracles.cache.dir: $XDG_CACHE_HOME/citeloop/oracles,
// else ~/.cache/citeloop/oracles; "" (no disk cache) when neither is set.
func userCacheDir(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "citeloop", "oracles")
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".cache", "citeloop", "oracles")
	}
	return ""
}
