package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/collect"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/internal/atomicfile"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles/corpuspull"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/httpx"
)

type corpusPullOptions struct {
	topics, orcids []string
	any            bool
	since, until   string
	max            int
	out            string
}

func newCorpusCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Build an offline corpus from Europe PMC, for --offline --corpus",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCorpusPullCmd(a))
	return cmd
}

func newCorpusPullCmd(a *app) *cobra.Command {
	var o corpusPullOptions
	cmd := &cobra.Command{
		Use:   "pull (--topic TEXT | --orcid ID)... --out FILE [flags]",
		Short: "Save Europe PMC's records for topics or ORCIDs as a corpus file",
		Long: `corpus pull searches live Europe PMC once per --topic and per --orcid, as
brief would (a topic's words must all match, or any with --any), and saves
the records, exactly as Europe PMC sent them, as one resultType=core search
response in FILE: the form of the embedded corpus. A record found by several
searches is kept once. Then, with no network:

  citeloop brief --offline --corpus FILE --topic TEXT --out DIR
  citeloop check --offline --corpus FILE refs.bib
  citeloop verify --corpus FILE DIR

FILE is written whole or not at all, and read back as a corpus before the
command ends; the records' full texts are not saved (abstracts only, as in
the embedded corpus). CITELOOP_EUROPEPMC_URL replaces Europe PMC's address
(a mirror, or a recorded server in tests).

Exit codes: 0 FILE written; 2 a bad flag; 4 Europe PMC could not answer
(nothing written).`,
		Example: `  citeloop corpus pull --topic "breast cancer" --topic "lung cancer" --out onc.json
  citeloop corpus pull --orcid 0000-0002-1825-0097 --since 2020 --out mine.json
  citeloop brief --offline --corpus onc.json --topic "lung cancer" --out brief/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runCorpusPull(cmd.Context(), a, &o) },
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.topics, "topic", nil, "a topic to search for, as brief's --topic (repeatable)")
	f.StringArrayVar(&o.orcids, "orcid", nil, "an author's ORCID iD whose papers to search for (repeatable)")
	f.BoolVar(&o.any, "any", false, "match records with any topic word (default: all of them)")
	f.StringVar(&o.since, "since", "", "earliest first publication date, YYYY-MM-DD (or YYYY)")
	f.StringVar(&o.until, "until", "", "latest first publication date, YYYY-MM-DD (or YYYY)")
	f.IntVar(&o.max, "max", 100, "most records kept per search")
	f.StringVarP(&o.out, "out", "o", "", "the corpus file to write (required)")
	return cmd
}

// searches are the pull's queries, each built as brief builds a lead's.
func (o *corpusPullOptions) searches() ([]corpuspull.Search, error) {
	var out []corpuspull.Search
	// A lead is checked as brief checks it (dates, ORCID checksum,
	// topic words), then written as brief's search would be.
	query := func(l contract.Lead, flag string) (string, error) {
		l.Since, l.Until, l.AnyTopicWord = o.since, o.until, o.any
		v, err := leads.ValidateLead(l)
		if err != nil {
			return "", usageError("%s: %v", flag, err)
		}
		return europepmc.QueryString(collect.BuildQuery(v)), nil
	}
	for _, t := range o.topics {
		q, err := query(contract.Lead{Topic: t}, "--topic "+t)
		if err != nil {
			return nil, err
		}
		out = append(out, corpuspull.Search{Label: fmt.Sprintf("topic %q", t), Query: q})
	}
	for _, id := range o.orcids {
		q, err := query(contract.Lead{ORCID: id}, "--orcid "+id)
		if err != nil {
			return nil, err
		}
		out = append(out, corpuspull.Search{Label: "ORCID " + strings.TrimSpace(id), Query: q})
	}
	return out, nil
}

func runCorpusPull(ctx context.Context, a *app, o *corpusPullOptions) error {
	if o.out == "" {
		return usageError("--out is required: the corpus file to write")
	}
	if len(o.topics)+len(o.orcids) == 0 {
		return usageError("give at least one --topic or --orcid to search for")
	}
	if o.max < 1 {
		return usageError("--max must be at least 1, got %d", o.max)
	}
	searches, err := o.searches()
	if err != nil {
		return err
	}
	base := strings.TrimSpace(a.getenv(europepmc.URLEnv))
	data, pulled, err := corpuspull.Pull(ctx, corpuspull.Options{
		BaseURL: base, HTTP: &http.Client{Timeout: 60 * time.Second}, Max: o.max, Now: a.now,
		UserAgent: httpx.UserAgent(brief.Version(), a.cfg.Oracles.Contact),
	}, searches)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &exitError{code: exitOracleUnavailable, err: fmt.Errorf("%w; nothing written", err)}
	}
	off, err := engine.LoadOffline(data)
	if err != nil {
		return fmt.Errorf("corpus pull: the pulled corpus does not read back: %w", err)
	}
	if err := atomicfile.WriteFile(o.out, data); err != nil {
		return &exitError{code: exitOutputUnwritable, err: fmt.Errorf("corpus pull: %w", err)}
	}
	for _, s := range pulled.Searches {
		fmt.Fprintf(a.stdout, "%s: %d hits, %d records kept\n", s.Label, s.HitCount, s.Kept)
	}
	fmt.Fprintf(a.stdout, "wrote %s: %d records\n", o.out, off.Len())
	if reg, err := a.registry(); err == nil {
		if cov, err := offlineCoverage(ctx, a.cfg, reg, off); err == nil {
			fmt.Fprintf(a.stdout, "in it, %s\n", strings.Replace(cov.Sentence(), "the offline corpus holds ", "", 1))
		}
	}
	fmt.Fprintf(a.stdout, "use it: citeloop brief --offline --corpus %s --topic TEXT --out DIR\n", o.out)
	return nil
}
