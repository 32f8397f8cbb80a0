package check

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// Options tune a Checker. The zero value checks online with the default
// title similarity and logs nothing.
type Options struct {
	// Offline says the oracle answers from a small local corpus: a DOI it
	// does not hold is unknown ("not in the offline corpus"), never
	// not_found, and nothing is searched by title.
	Offline bool
	// TitleSimilarity is the token-set similarity below which an entry's
	// title and its DOI's record name different papers;
	// DefaultTitleSimilarity when zero.
	TitleSimilarity float64
	// Progress, when set, is called as DOIs are answered with how many of
	// the total have been; from several goroutines, never at once.
	Progress func(done, total int)
	// Logger gets one line of counts per check; default zap.NewNop().
	Logger *zap.Logger
	// Now is the clock a cached answer's age is read by; default time.Now.
	Now func() time.Time
}

// Checker checks the DOIs documents cite against one oracle and, for an
// entry without a DOI or with the DOI of another paper, searches by title
// in every searcher. Build it once per configuration; Check is safe to
// call from many goroutines.
type Checker struct {
	oracle    oracles.Oracle
	searchers []oracles.Searcher
	opts      Options
}

// New returns a checker asking oracle and searching searchers, in order
// (the oracles of oracles.use that can search, see oracles.Searcher).
func New(oracle oracles.Oracle, searchers []oracles.Searcher, opts Options) *Checker {
	if opts.TitleSimilarity <= 0 {
		opts.TitleSimilarity = DefaultTitleSimilarity
	}
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Offline {
		searchers = nil
	}
	return &Checker{oracle: oracle, searchers: searchers, opts: opts}
}

// errNotInCorpus is the reason an offline check gives for a DOI outside its
// corpus: the corpus is small, so absence proves nothing.
var errNotInCorpus = errors.New("not in the offline corpus")

// Check reads each document once (bib.Parse), looks each distinct DOI up
// once, compares every bibliography entry and reference line with the
// record of its DOI, and searches by title for the entries without a DOI
// and for the papers mismatching entries describe. Every answer, an
// unreachable oracle's included, is in the report.
func (c *Checker) Check(ctx context.Context, docs []Document) Report {
	var rows []Row
	index := map[string]int{}
	// invalid are tokens extract reported whole as invalid; the oracle is
	// not asked about them.
	invalid := map[string]string{}
	// Each document is read once: its DOIs make the rows, its entries are
	// compared with the records and, without a DOI, searched by title.
	parsed := make([]bib.Document, len(docs))
	for i, d := range docs {
		parsed[i] = bib.Parse(d.Name, []byte(d.Text))
		for _, f := range parsed[i].DOIs {
			if f.Invalid != "" {
				invalid[f.DOI] = f.Invalid
			}
			loc := Location{File: d.Name, Line: f.Line, Raw: f.Raw}
			if i, ok := index[f.DOI]; ok {
				rows[i].Locations = append(rows[i].Locations, loc)
				continue
			}
			index[f.DOI] = len(rows)
			rows = append(rows, Row{DOI: f.DOI, Locations: []Location{loc}})
		}
	}
	var dois []string
	for _, r := range rows {
		if _, bad := invalid[r.DOI]; !bad {
			dois = append(dois, r.DOI)
		}
	}
	answers := lookupChunks(ctx, c.oracle, dois, c.opts.Progress)
	if c.opts.Offline {
		for d, res := range answers {
			if res.Status == oracles.NotFound {
				answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: res.Oracle, Err: errNotInCorpus}
			}
		}
	}
	for d, why := range invalid {
		answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Err: fmt.Errorf("%w: %s", doi.ErrInvalid, why)}
	}
	summary := map[string]int{}
	for _, v := range allVerdicts() {
		summary[v] = 0
	}
	entries := entriesByDOI(parsed)
	threshold := c.opts.TitleSimilarity
	// compared is, per DOI cited by one entry only, the entry the row
	// reports: a correction is searched for it. A DOI cited by several
	// entries gets none, as --fix could not tell which entry to change.
	compared := map[string]bib.Entry{}
	for i := range rows {
		res := answers[rows[i].DOI]
		rows[i].fill(res, c.opts.Now())
		if es := entries[rows[i].DOI]; len(es) > 0 && rows[i].Verdict == VerdictFound && res.Record != nil {
			e, why := firstMismatch(es, res.Record, threshold)
			if len(es) == 1 {
				compared[rows[i].DOI] = e
			}
			rows[i].Entry = entryOf(e)
			if why != "" {
				rows[i].Verdict = VerdictMismatch
				rows[i].Error = fmt.Sprintf("%s: entry %q (%d), record %q (%d)", why, cleanTitle(e.Title), e.Year, rows[i].Title, res.Record.Year)
				if len(es) > 1 {
					rows[i].Error = fmt.Sprintf("%s (%s, one of %d entries citing this DOI)", rows[i].Error, e.Label, len(es))
				}
			}
		}
		summary[rows[i].Verdict]++
	}
	suggestCorrections(ctx, c.searchers, rows, compared, threshold)
	if missing := entriesWithoutDOI(docs, parsed); len(missing) > 0 {
		for _, row := range noDOIRows(ctx, c.searchers, missing, threshold) {
			if c.opts.Offline {
				row.Error = "no DOI; not searched offline"
			}
			summary[row.Verdict]++
			rows = append(rows, row)
		}
	}
	fields := []zap.Field{zap.Int("files", len(docs)), zap.Int("dois", len(rows))}
	for _, v := range allVerdicts() {
		fields = append(fields, zap.Int(v, summary[v]))
	}
	c.opts.Logger.Info("check done", fields...)
	report := Report{Files: []string{}, Summary: summary, DOIs: rows}
	for _, d := range docs {
		report.Files = append(report.Files, d.Name)
	}
	if report.DOIs == nil {
		report.DOIs = []Row{}
	}
	return report
}
