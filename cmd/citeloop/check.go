package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/doi/extract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
)

// maxCheckFileBytes caps one input document.
const maxCheckFileBytes = 64 << 20

// Verdicts of `check`, one per distinct DOI.
const (
	verdictFound     = "found"
	verdictNotFound  = "not_found"
	verdictInvalid   = "invalid"
	verdictRetracted = "retracted"
	verdictUnknown   = "unknown"
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

// checkLocation is where a DOI was cited.
type checkLocation struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Raw  string `json:"raw"`
}

// checkRow is the report line for one distinct DOI.
type checkRow struct {
	DOI              string          `json:"doi"`
	Verdict          string          `json:"verdict"`
	Oracle           string          `json:"oracle,omitempty"`
	Title            string          `json:"title,omitempty"`
	RetractionNotice bool            `json:"retraction_notice,omitempty"`
	Error            string          `json:"error,omitempty"`
	Locations        []checkLocation `json:"locations"`
}

// checkReport is the whole `check --json` answer.
type checkReport struct {
	Files    []string       `json:"files"`
	Summary  map[string]int `json:"summary"`
	ExitCode int            `json:"exit_code"`
	DOIs     []checkRow     `json:"dois"`
}

func runCheck(ctx context.Context, a *app, o *checkOptions, files []string) error {
	docs, err := readCheckFiles(a.stdin, files)
	if err != nil {
		return err
	}
	var rows []checkRow
	index := map[string]int{}
	// invalid are tokens extract reported whole as invalid; the oracle is
	// not asked about them.
	invalid := map[string]string{}
	for _, d := range docs {
		for _, f := range extract.Extract(d.text) {
			if f.Invalid != "" {
				invalid[f.DOI] = f.Invalid
			}
			loc := checkLocation{File: d.name, Line: f.Line, Raw: f.Raw}
			if i, ok := index[f.DOI]; ok {
				rows[i].Locations = append(rows[i].Locations, loc)
				continue
			}
			index[f.DOI] = len(rows)
			rows = append(rows, checkRow{DOI: f.DOI, Locations: []checkLocation{loc}})
		}
	}

	var oracle oracles.Oracle
	if o.offline {
		corpus, err := snapshot.Default()
		if err != nil {
			return fmt.Errorf("check: load the embedded corpus: %w", err)
		}
		oracle = snapshot.NewOracle(corpus)
	} else if oracle, err = a.oracle(); err != nil {
		return err
	}

	var dois []string
	for _, r := range rows {
		if _, bad := invalid[r.DOI]; !bad {
			dois = append(dois, r.DOI)
		}
	}
	answers := map[string]oracles.Result{}
	if len(dois) > 0 {
		answers = oracle.Lookup(ctx, dois)
	}
	if answers == nil {
		answers = map[string]oracles.Result{}
	}
	for d, why := range invalid {
		answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Err: fmt.Errorf("%w: %s", doi.ErrInvalid, why)}
	}
	summary := map[string]int{verdictFound: 0, verdictNotFound: 0, verdictInvalid: 0, verdictRetracted: 0, verdictUnknown: 0}
	for i := range rows {
		rows[i].fill(answers[rows[i].DOI])
		summary[rows[i].Verdict]++
	}
	code := checkExitCode(summary)
	a.logger.Info("check done", zap.Int("files", len(docs)), zap.Int("dois", len(rows)),
		zap.Int("found", summary[verdictFound]), zap.Int("not_found", summary[verdictNotFound]),
		zap.Int("invalid", summary[verdictInvalid]), zap.Int("retracted", summary[verdictRetracted]),
		zap.Int("unknown", summary[verdictUnknown]))

	report := checkReport{Summary: summary, ExitCode: code, DOIs: rows}
	for _, d := range docs {
		report.Files = append(report.Files, d.name)
	}
	if report.DOIs == nil {
		report.DOIs = []checkRow{}
	}
	if o.json {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			return fmt.Errorf("check: write report: %w", err)
		}
	} else if err := writeCheckTable(a.stdout, report); err != nil {
		return fmt.Errorf("check: write report: %w", err)
	}
	switch code {
	case exitOK:
		return nil
	case exitOracleUnavailable:
		return &exitError{code: code, err: fmt.Errorf("check: %d of %d DOIs unknown: an oracle could not answer", summary[verdictUnknown], len(rows))}
	default:
		bad := summary[verdictNotFound] + summary[verdictInvalid] + summary[verdictRetracted]
		return &exitError{code: code, err: fmt.Errorf("check: %d of %d DOIs not verified (not found, invalid or retracted)", bad, len(rows))}
	}
}

// fill sets the verdict from the oracle's answer. A missing answer is
// unknown, never found.
func (r *checkRow) fill(res oracles.Result) {
	r.Oracle = res.Oracle
	switch res.Status {
	case oracles.Found:
		r.Verdict = verdictFound
		if res.Record != nil {
			r.Title = cleanTitle(res.Record.Title)
			r.RetractionNotice = res.Record.RetractionNotice
			if res.Record.Retracted {
				r.Verdict = verdictRetracted
			}
		}
	case oracles.NotFound:
		r.Verdict = verdictNotFound
	default:
		r.Verdict = verdictUnknown
		if errors.Is(res.Err, doi.ErrInvalid) {
			r.Verdict = verdictInvalid
		}
		if res.Err != nil {
			r.Error = res.Err.Error()
		} else {
			r.Error = "no answer"
		}
	}
}

// checkExitCode: unknown wins, then anything not verified, else OK.
func checkExitCode(summary map[string]int) int {
	switch {
	case summary[verdictUnknown] > 0:
		return exitOracleUnavailable
	case summary[verdictNotFound]+summary[verdictInvalid]+summary[verdictRetracted] > 0:
		return exitNotVerified
	default:
		return exitOK
	}
}

type checkDoc struct{ name, text string }

// readCheckFiles reads every input before any lookup, so that a bad path
// fails fast (exit 2) and costs no request.
func readCheckFiles(stdin io.Reader, files []string) ([]checkDoc, error) {
	var docs []checkDoc
	usedStdin := false
	for _, name := range files {
		var (
			b   []byte
			err error
		)
		if name == "-" {
			if usedStdin {
				return nil, usageError("check: - (stdin) given twice")
			}
			usedStdin = true
			b, err = io.ReadAll(io.LimitReader(stdin, maxCheckFileBytes+1))
			name = "<stdin>"
		} else {
			b, err = readLimited(name)
		}
		if err != nil {
			return nil, usageError("check: read %s: %v", name, err)
		}
		if len(b) > maxCheckFileBytes {
			return nil, usageError("check: %s is larger than %d bytes", name, maxCheckFileBytes)
		}
		docs = append(docs, checkDoc{name: name, text: string(b)})
	}
	return docs, nil
}

func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New("is a directory")
	}
	return io.ReadAll(io.LimitReader(f, maxCheckFileBytes+1))
}

// writeCheckTable prints one aligned line per DOI and a summary line.
func writeCheckTable(w io.Writer, r checkReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DOI\tVERDICT\tORACLE\tTITLE\tWHERE")
	for _, row := range r.DOIs {
		title := row.Title
		if title == "" {
			title = "-"
		}
		if row.RetractionNotice {
			title = "[retraction notice] " + title
		}
		where := fmt.Sprintf("%s:%d", row.Locations[0].File, row.Locations[0].Line)
		if n := len(row.Locations); n > 1 {
			where += fmt.Sprintf(" (+%d)", n-1)
		}
		oracle := row.Oracle
		if oracle == "" {
			oracle = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", row.DOI, row.Verdict, oracle, truncateRunes(title, 60), where)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	s := r.Summary
	_, err := fmt.Fprintf(w, "%d DOIs in %d file(s): %d found, %d not_found, %d invalid, %d retracted, %d unknown\n",
		len(r.DOIs), len(r.Files), s[verdictFound], s[verdictNotFound], s[verdictInvalid], s[verdictRetracted], s[verdictUnknown])
	return err
}

// cleanTitle makes an API's title safe for a terminal: control characters
// (escape sequences included) become spaces, runs of space collapse.
func cleanTitle(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\t' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
