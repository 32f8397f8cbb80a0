package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/check/compare"
	"github.com/citeloop/citeloop/cmd/citeloop/internal/progress"
	"github.com/citeloop/citeloop/engine"
)

type checkOptions struct {
	json           bool
	format         string
	offline        bool
	corpus         string
	allowEmpty     bool
	onlyProblems   bool
	noCache        bool
	similarity     float64
	noDOI          string
	yearGap        int
	longAuthorList int
	fix            string
	force          bool
	width          int
	sarif          string
}

// checkFormats are the values of check --format.
var checkFormats = check.Formats

func newCheckCmd(a *app) *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "check FILE... (- for stdin)",
		Short: "Verify every DOI cited in documents against the oracles",
		Long: `check reads every reference of the given files (Markdown, plain text, BibTeX,
RIS, CSL JSON, CFF, .bbl of BibTeX styles, biblatex or amsrefs; "-" reads
stdin, by what it holds; also MEDLINE .nbib, EndNote .enw and .xml, refer,
Zotero .rdf, CSL YAML and HTML bibliographies) and checks each one with the
oracles and policy of the configuration (oracles.use, oracles.policy). It
prints one row per distinct DOI and per reference without one: found,
not_found, invalid, retracted, mismatch, no_doi, not_checked or unknown.
UTF-16 and UTF-8 with a byte order mark are decoded. With --offline, a DOI
outside the small embedded corpus is unknown, never not_found.

Every bibliography entry and reference line that cites a DOI is compared
with its record field by field: the whole author list, the venue (with its
abbreviations and ISSNs), the year exactly (one year off only for the
record's online-first date or a preprint/published pair), volume, issue,
pages, and the title word for word. A preprint cited as a journal article
is mismatch (preprint_as_published). A reference without a DOI is looked
up by title and first author in every oracle that can search, and the
candidates compared the same way; the DOI of the single one that agrees is
suggested. --no-doi=warn makes no_doi a warning, for bibliographies that
cite software and books. A reference line that cannot be read is
not_checked and says why. --fix OUT writes a copy of the one input file
(BibTeX, RIS or CSL JSON) with those DOIs added, and mismatching DOIs
corrected where exactly one other paper fits the entry; the input is never
changed.

Exit codes: 0 every reference found and matching; 3 some not_found,
invalid, retracted, mismatch or no_doi (unless warned), or nothing to check
in any file (0 with --allow-empty); 4 some DOI unknown because an oracle
could not answer, and nothing worse; 2 a file cannot be read or the
configuration is invalid; 130 interrupted. not_checked and warned no_doi
rows leave the exit code alone.`,
		Example: `  citeloop check paper.bib
  citeloop check --format json references.md notes.txt
  citeloop check --fix refs.fixed.bib refs.bib     # suggested DOIs, in a copy
  citeloop check --only-problems --format github refs.bib  # GitHub annotations
  citeloop check --format sarif refs.bib > citeloop.sarif  # code scanning
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
			if o.noDOI != check.NoDOIError && o.noDOI != check.NoDOIWarn {
				return usageError("check: --no-doi %q: want error or warn", o.noDOI)
			}
			if o.yearGap < 0 || o.longAuthorList < 0 || o.width < 0 {
				return usageError("check: --year-gap, --long-author-list and --width want a number of 0 or more")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), a, &o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the report as JSON (same as --format json)")
	f.StringVar(&o.format, "format", "table", "output format: "+strings.Join(checkFormats, ", ")+" (github: workflow annotations; sarif: SARIF 2.1.0, for code scanning)")
	f.Float64Var(&o.similarity, "title-similarity", check.DefaultTitleSimilarity, "how similar a search hit's title must be (token-set similarity) to be compared with an entry without a DOI; the comparison itself is word for word")
	f.StringVar(&o.noDOI, "no-doi", check.NoDOIError, "what a reference without a DOI is: error (fails the check) or warn (a warning, for bibliographies that cite software and books)")
	f.IntVar(&o.yearGap, "year-gap", compare.DefaultYearGap, "how many years an entry may be from a year the record shows as another date of the work (online first, print, preprint/published pair); the record's own year must match exactly")
	f.IntVar(&o.longAuthorList, "long-author-list", compare.DefaultLongAuthorList, "the size of a record's author list above which an entry may list only its first authors without \"et al.\"")
	f.StringVar(&o.sarif, "sarif", "", "also write a SARIF 2.1.0 log to this file (for code scanning's upload-sarif), whatever --format prints")
	f.IntVar(&o.width, "width", 0, "the table's width in columns (default: the terminal's; piped, each row on one line, nothing cut)")
	f.BoolVar(&o.noCache, "no-cache", false, "ask the services again instead of reusing cached answers")
	f.BoolVar(&o.onlyProblems, "only-problems", false, "leave DOIs that were found and match out of the output (the summary still counts them)")
	f.BoolVar(&o.offline, "offline", false, "check against the embedded corpus of Europe PMC records instead of the network")
	f.StringVar(&o.corpus, "corpus", "", "with --offline: a Europe PMC resultType=core JSON file to use instead of the embedded corpus (citeloop corpus pull writes one)")
	f.StringVar(&o.fix, "fix", "", "write a copy of the input (one BibTeX, RIS or CSL JSON file) to this path with DOIs added (no_doi entries with one candidate) or corrected (mismatch entries whose title search finds one other paper); the input is never changed")
	f.BoolVar(&o.force, "force", false, "with --fix, replace the output file if it exists")
	f.BoolVar(&o.allowEmpty, "allow-empty", false, "exit 0 when the files cite no DOI at all (default: exit 3, a failed conversion looks like that)")
	return cmd
}

func runCheck(ctx context.Context, a *app, o *checkOptions, files []string) error {
	if o.corpus != "" && !o.offline {
		return usageError("--corpus is only used with --offline")
	}
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
	opts := engine.CheckOptions{Fresh: o.noCache, TitleSimilarity: o.similarity, NoDOI: o.noDOI,
		Compare: compare.Options{YearGap: o.yearGap, LongAuthorList: o.longAuthorList}}
	if o.offline {
		if opts.Offline, err = engine.OfflineFile(o.corpus); err != nil {
			return usageError("--corpus: %w", err)
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
	var rep check.Report
	var streamErr error
	if o.fix != "" {
		// --fix needs every row of its one file.
		rep = checker.Check(ctx, docs)
		if ctx.Err() != nil {
			bar.Interrupt()
		}
		bar.Close()
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("check: interrupted before every reference was checked: %w", err)
		}
		fixes, err := rep.WriteFix(docs[0], o.fix, o.force)
		if err != nil {
			return fmt.Errorf("check: %w", err)
		}
		fmt.Fprintln(a.stderr, check.FixSummary(o.fix, fixes))
		w, err := newCheckWriter(a, o)
		if err != nil {
			return err
		}
		for _, row := range rep.DOIs {
			if err := w.Row(row); err != nil {
				return fmt.Errorf("check: write report: %w", err)
			}
		}
		if err := w.Close(rep); err != nil {
			return fmt.Errorf("check: write report: %w", err)
		}
	} else {
		// Rows are written as they are settled, in input order, and
		// forgotten: a list of any size fits in memory.
		w, err := newCheckWriter(a, o)
		if err != nil {
			bar.Close()
			return err
		}
		rep, streamErr = checker.Stream(ctx, docs, w.Row)
		if ctx.Err() != nil {
			bar.Interrupt()
		}
		bar.Close()
		if err := ctx.Err(); err != nil {
			// Interrupted: the rows written were settled; no summary.
			return fmt.Errorf("check: interrupted before every reference was checked: %w", err)
		}
		if streamErr != nil {
			return fmt.Errorf("check: write report: %w", streamErr)
		}
		if err := w.Close(rep); err != nil {
			return fmt.Errorf("check: write report: %w", err)
		}
	}
	code := checkExitCode(rep.Status(), o.allowEmpty)
	if code == exitOK {
		return nil
	}
	return &exitError{code: code, err: fmt.Errorf("check: %s", rep.Problem())}
}

// newCheckWriter is the report's writer for o: paths relative to the
// working folder, the table fitted to the terminal's width (or --width),
// and with --sarif a SARIF log written to its file too.
func newCheckWriter(a *app, o *checkOptions) (check.Writer, error) {
	wo := check.WriterOptions{OnlyProblems: o.onlyProblems, Version: buildVersion(), Width: o.width,
		ExitCode: func(r check.Report) int { return checkExitCode(r.Status(), o.allowEmpty) }}
	if wd, err := os.Getwd(); err == nil {
		wo.Dir = wd
	}
	if wo.Width == 0 {
		wo.Width = terminalWidth(a.stdout)
	}
	w, err := check.NewWriter(o.format, a.stdout, wo)
	if err != nil {
		return nil, usageError("check: %v", err)
	}
	if o.sarif == "" {
		return w, nil
	}
	f, err := os.Create(o.sarif)
	if err != nil {
		return nil, fmt.Errorf("check: --sarif: %w", err)
	}
	so := wo
	so.OnlyProblems = true
	sw, _ := check.NewWriter("sarif", f, so)
	return tee{w, sw, f}, nil
}

// tee writes a report through two writers, closing the file of the second.
type tee struct {
	a, b check.Writer
	f    *os.File
}

func (t tee) Row(r check.Row) error {
	if err := t.a.Row(r); err != nil {
		return err
	}
	return t.b.Row(r)
}

func (t tee) Close(rep check.Report) error {
	err := t.a.Close(rep)
	if e := t.b.Close(rep); err == nil {
		err = e
	}
	if e := t.f.Close(); err == nil {
		err = e
	}
	return err
}

// terminalWidth is w's width in columns when it is a terminal, 0 (no
// fitting) otherwise.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil || cols <= 0 {
		return check.TableWidth
	}
	return cols
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
