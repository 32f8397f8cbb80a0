package collect

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// Reasons a record is kept out of the citable ledger, the keys of
// contract.Ledger.Excluded.
const (
	ExcludedNoDOI            = "no_doi"
	ExcludedRetracted        = "retracted"
	ExcludedRetractionNotice = "retraction_notice"
	ExcludedErratum          = "erratum"
	ExcludedDuplicate        = "duplicate"
	ExcludedPreprint         = "superseded_preprint"
	ExcludedNotFound         = "not_found"
	ExcludedBudget           = "budget"
)

// Options tune every collector. Zero values take the defaults noted.
type Options struct {
	// MaxSources caps the entries of the ledger (default 12). A lead's own
	// max_sources, when set, wins.
	MaxSources int
	// MaxAbstractChars caps each abstract, in characters (Unicode code
	// points, not bytes; default 1500); a longer one is cut at the last
	// sentence end before the cap, before sealing.
	MaxAbstractChars int
	// MaxTotalChars caps the sum of the entries' texts (title and abstract,
	// see contract.Entry.Text), in characters as MaxAbstractChars (default
	// 16000).
	MaxTotalChars int
	// FetchLimit caps the records fetched from a search (default 100).
	FetchLimit int
	// IncludeRetracted keeps retracted papers and notices (retraction
	// notices, errata and corrections, expressions of concern, comments:
	// evidence.Classify) in the ledger, marked by their flags and types; by
	// default they are excluded.
	IncludeRetracted bool
	// Notices, when set, is asked about every record that may enter the
	// ledger, for what the search's index may lack: a retraction recorded
	// only in Crossref's updated-by (which Crossref backfills from
	// Retraction Watch), or a notice by Crossref's own types. It is asked
	// once per collection and batches as its service does (Crossref's
	// filter requests). A DOI it cannot answer for fails the collection
	// with an error wrapping oracles.ErrUnavailable, so the run ends
	// oracle_unavailable; a DOI it does not know is kept.
	Notices oracles.Oracle
	// Now is the clock stamped on entries (default time.Now).
	Now func() time.Time
	// Logger gets counts and ids, never text (default zap.NewNop()).
	Logger *zap.Logger
	// LookupAll looks every DOI of a sources file up, not only those
	// missing a title or an abstract. Offline it is set: the gate cannot
	// confirm a DOI the corpus does not hold, so such a source is kept out
	// as unknown (ExcludedUnknown) before any model call.
	LookupAll bool
	// FullText, when set, is asked for the open-access full text of the
	// FullTextTop best-ranked entries whose records say they have one;
	// FullTextTop 0 takes DefaultFullTextTop, a negative value fetches
	// none. FullTextConcurrency bounds the fetches in flight (default
	// DefaultFullTextConcurrency). Each full text's sections are kept in
	// the entry (contract.FullText) and its best passages for the lead,
	// at most MaxPassages (default DefaultMaxPassages) of at most
	// MaxPassageChars characters each (default DefaultMaxPassageChars),
	// are shown to the writer (contract.Entry.Passages).
	FullText            oracles.FullTexter
	FullTextTop         int
	FullTextConcurrency int
	MaxPassages         int
	MaxPassageChars     int
	// ReadResponse, when set, lets a FileCollector read a sources file that
	// is a saved search response of a service (europepmc.ReadResponse
	// reads a Europe PMC resultType=core answer); nil reads none, and such
	// a file is read as JSON Lines.
	ReadResponse ResponseReader
}

// A ResponseReader reads a saved search response of one service as hits,
// the records as that service has them. ok is false when data is not such
// a response; err, when it is one that does not decode.
type ResponseReader func(data []byte) (hits []oracles.Hit, ok bool, err error)

// Defaults matching configs.DefaultCollect.
const (
	DefaultMaxSources       = 12
	DefaultMaxAbstractChars = 1500
	DefaultMaxTotalChars    = 16000
	DefaultFetchLimit       = 100
)

func (o Options) withDefaults() Options {
	if o.MaxSources <= 0 {
		o.MaxSources = DefaultMaxSources
	}
	if o.MaxAbstractChars <= 0 {
		o.MaxAbstractChars = DefaultMaxAbstractChars
	}
	if o.MaxTotalChars <= 0 {
		o.MaxTotalChars = DefaultMaxTotalChars
	}
	if o.FetchLimit <= 0 {
		o.FetchLimit = DefaultFetchLimit
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	if o.FullTextTop == 0 {
		o.FullTextTop = DefaultFullTextTop
	}
	if o.FullTextConcurrency <= 0 {
		o.FullTextConcurrency = DefaultFullTextConcurrency
	}
	if o.MaxPassages <= 0 {
		o.MaxPassages = DefaultMaxPassages
	}
	if o.MaxPassageChars <= 0 {
		o.MaxPassageChars = DefaultMaxPassageChars
	}
	return o
}

// ledgerBuilder accumulates what was excluded while docs become entries.
type ledgerBuilder struct {
	ledger contract.Ledger
	// cut lists identifiers per reason, for the notes.
	cut map[string][]string
}

func newLedgerBuilder(lead contract.Lead) *ledgerBuilder {
	return &ledgerBuilder{
		ledger: contract.Ledger{Lead: lead, Entries: []contract.Entry{}, Excluded: map[string]int{}},
		cut:    map[string][]string{},
	}
}

func (b *ledgerBuilder) exclude(reason, id string) {
	b.ledger.Excluded[reason]++
	b.cut[reason] = append(b.cut[reason], id)
}

func (b *ledgerBuilder) note(format string, args ...any) {
	b.ledger.Notes = append(b.ledger.Notes, fmt.Sprintf(format, args...))
}

// reasonText words each exclusion reason for the notes.
var reasonText = map[string]string{
	ExcludedNoDOI:            "had no DOI and cannot be cited",
	ExcludedRetracted:        "are retracted",
	ExcludedRetractionNotice: "are retraction notices",
	ExcludedErratum:          "are errata or corrections",
	ExcludedConcern:          "are expressions of concern",
	ExcludedComment:          "are comments or replies only",
	ExcludedDuplicate:        "duplicated another record's DOI",
	ExcludedPreprint:         "are preprints whose published version is kept",
	ExcludedNotFound:         "were not found by any oracle",
	ExcludedUnknown:          "are unknown: the offline corpus does not hold them, which proves nothing",
	ExcludedBudget:           "did not fit the prompt budget",
	ExcludedNoText:           "had neither title nor abstract to show the writer",
}

// finish writes one note per exclusion reason and drops an empty map.
func (b *ledgerBuilder) finish() contract.Ledger {
	reasons := make([]string, 0, len(b.cut))
	for r := range b.cut {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		ids := b.cut[r]
		more := ""
		if len(ids) > 5 {
			more = fmt.Sprintf(" and %d more", len(ids)-5)
			ids = ids[:5]
		}
		b.note("%d record(s) left out: %s (%s%s)", len(b.cut[r]), reasonText[r], strings.Join(ids, ", "), more)
	}
	if len(b.ledger.Excluded) == 0 {
		b.ledger.Excluded = nil
	}
	return b.ledger
}

// docLabel names a hit in notes: its DOI, else its PMID, else its
// service's id, else its title.
func docLabel(d oracles.Hit) string {
	switch {
	case d.Record.DOI != "":
		return d.Record.DOI
	case d.Record.PMID != "":
		return "PMID " + d.Record.PMID
	case d.ID != "":
		return strings.TrimSpace(d.Record.Source + " " + d.ID)
	default:
		return fmt.Sprintf("%q", truncateRunes(d.Record.Title, 40))
	}
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// build turns search hits into the ledger: clean text, drop what may not be
// cited (asking the notices oracle, if any), merge duplicates, rank, cut to
// the budget, number and seal. It fails only when the notices oracle
// cannot answer.
func build(ctx context.Context, lead contract.Lead, docs []oracles.Hit, origin string, opts Options) (contract.Ledger, error) {
	return newLedgerBuilder(lead).build(ctx, docs, origin, opts)
}

func (b *ledgerBuilder) build(ctx context.Context, docs []oracles.Hit, origin string, opts Options) (contract.Ledger, error) {
	lead := b.ledger.Lead
	var withDOI []oracles.Hit
	for _, d := range docs {
		d.Record.Title = contract.CleanText(d.Record.Title)
		d.Record.Abstract = contract.CleanText(d.Record.Abstract)
		if d.Record.DOI == "" {
			b.exclude(ExcludedNoDOI, docLabel(d))
			continue
		}
		withDOI = append(withDOI, d)
	}
	merged := b.merge(withDOI)
	var notices map[string]evidence.Class
	if opts.Notices != nil {
		var err error
		if notices, err = askNotices(ctx, opts.Notices, merged); err != nil {
			return contract.Ledger{}, err
		}
	}
	kept := b.filterFlags(merged, notices, opts.IncludeRetracted)
	rankBM25(kept, BuildQuery(lead).Terms)
	b.budget(kept, lead, origin, opts)
	open := map[string]bool{}
	for _, d := range kept {
		open[d.Record.DOI] = d.Record.OpenAccess
	}
	b.fullTexts(ctx, open, opts)
	return b.finish(), nil
}

// budget keeps the best-ranked docs within the limits and makes them
// entries S1..Sn. An abstract longer than MaxAbstractChars characters is cut
// at a sentence end before sealing, so the hash covers what the writer sees.
// Sizes are counted in characters (runes), as the notes report them.
// Ranking stops at the first entry that would overflow MaxTotalChars: the
// ledger keeps the top of the ranking, never a lower-ranked filler.
func (b *ledgerBuilder) budget(docs []oracles.Hit, lead contract.Lead, origin string, opts Options) {
	maxSources := opts.MaxSources
	if lead.MaxSources > 0 {
		maxSources = lead.MaxSources
	}
	now := opts.Now().UTC()
	total := 0
	full := false
	for _, d := range docs {
		if full || len(b.ledger.Entries) >= maxSources {
			b.exclude(ExcludedBudget, d.Record.DOI)
			continue
		}
		abstract, cut := truncateSentence(d.Record.Abstract, opts.MaxAbstractChars)
		e := contract.Entry{
			DOI: d.Record.DOI, PMID: d.Record.PMID, PMCID: d.Record.PMCID,
			Title: d.Record.Title, Authors: d.Record.Authors, Journal: d.Record.Journal,
			Year: d.Record.Year, Abstract: abstract, PubTypes: d.Record.PubTypes,
			Retracted: d.Record.Retracted, RetractionNotice: d.Record.RetractionNotice,
			Erratum: d.Record.Erratum, Preprint: d.Record.Preprint,
			Origin: origin, RetrievedAt: now,
		}
		size := utf8.RuneCountInString(e.Text())
		if total+size > opts.MaxTotalChars {
			full = true
			b.exclude(ExcludedBudget, d.Record.DOI)
			continue
		}
		total += size
		e.ID = fmt.Sprintf("S%d", len(b.ledger.Entries)+1)
		e.Seal()
		if cut {
			b.note("%s (%s): abstract cut from %d to %d characters at a sentence end", e.ID, e.DOI,
				utf8.RuneCountInString(d.Record.Abstract), utf8.RuneCountInString(abstract))
		}
		b.ledger.Entries = append(b.ledger.Entries, e)
	}
}

// truncateSentence cuts s to at most max characters (runes, not bytes),
// ending after the last sentence end (". ", "! ", "? ") that fits; with none,
// at the last space; with none, after the max-th rune. A cut never splits a
// UTF-8 sequence. It reports whether it cut.
func truncateSentence(s string, max int) (string, bool) {
	if max < 0 {
		max = 0
	}
	// limit is the byte offset just after the max-th rune; next that of the
	// rune after it, which shows whether a sentence ends at the cap.
	limit, next, n := len(s), len(s), 0
	for i := range s {
		if n == max {
			limit = i
		} else if n == max+1 {
			next = i
			break
		}
		n++
	}
	if limit == len(s) {
		return s, false
	}
	// The markers are ASCII, which never occurs inside a multi-byte
	// sequence, so scanning bytes finds only whole-rune boundaries.
	head := s[:next]
	best := -1
	for i := 0; i+1 < len(head); i++ {
		if (head[i] == '.' || head[i] == '!' || head[i] == '?') && head[i+1] == ' ' {
			best = i + 1
		}
	}
	if best > 0 {
		return s[:best], true
	}
	if i := strings.LastIndexByte(s[:limit], ' '); i > 0 {
		return s[:i], true
	}
	return s[:limit], true
}
