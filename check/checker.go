package check

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/check/compare"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// The policies for references without a DOI (Options.NoDOI).
const (
	// NoDOIError makes a no_doi row fail the check: the default.
	NoDOIError = "error"
	// NoDOIWarn makes it a warning, for bibliographies that cite software
	// and books, which mostly have no DOI.
	NoDOIWarn = "warn"
)

// DefaultWindow is how many references Stream settles at a time: their
// DOIs are looked up and their searches run together, then their rows are
// written in input order and forgotten.
const DefaultWindow = 2000

// Options tune a Checker. The zero value checks online with the default
// settings and logs nothing.
type Options struct {
	// Offline says the oracle answers from a small local corpus: a DOI it
	// does not hold is unknown ("not in the offline corpus"), never
	// not_found, and nothing is searched by title.
	Offline bool
	// TitleSimilarity is the token-set similarity a search hit's title
	// must reach to be compared with an entry; DefaultTitleSimilarity when
	// zero.
	TitleSimilarity float64
	// Compare are the field-by-field comparison's settings (year gap, long
	// author lists); compare's defaults when zero.
	Compare compare.Options
	// NoDOI is NoDOIError (the default when empty) or NoDOIWarn.
	NoDOI string
	// Window is how many references are settled at a time; DefaultWindow
	// when zero.
	Window int
	// Progress, when set, is called as references are answered with how
	// many of the total have been; from several goroutines, never at once.
	Progress func(done, total int)
	// Logger gets one line of counts per check; default zap.NewNop().
	Logger *zap.Logger
	// Now is the clock a cached answer's age is read by; default time.Now.
	Now func() time.Time
}

// Checker checks the references documents cite: the DOIs against one
// oracle, the entries without a DOI (and the papers mismatching entries
// describe) by title in every searcher. Build it once per configuration;
// Check is safe to call from many goroutines.
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
	if opts.Window <= 0 {
		opts.Window = DefaultWindow
	}
	if opts.NoDOI == "" {
		opts.NoDOI = NoDOIError
	}
	if opts.Offline {
		searchers = nil
	}
	return &Checker{oracle: oracle, searchers: searchers, opts: opts}
}

// errNotInCorpus is the reason an offline check gives for a DOI outside its
// corpus: the corpus is small, so absence proves nothing.
var errNotInCorpus = errors.New("not in the offline corpus")

// Check is Stream with every row kept in the report.
func (c *Checker) Check(ctx context.Context, docs []Document) Report {
	var rows []Row
	rep, _ := c.Stream(ctx, docs, func(r Row) error {
		rows = append(rows, r)
		return nil
	})
	rep.DOIs = rows
	if rep.DOIs == nil {
		rep.DOIs = []Row{}
	}
	return rep
}

// item is one reference of a document: a DOI cited (found) or an entry
// without one (entry). Items are settled in input order.
type item struct {
	doc   int32
	line  int32
	found int32 // index in the document's DOIs, or -1
	entry *bib.Entry
}

// Stream reads each document once (bib.Parse), then settles its references
// a window at a time, in input order: each distinct DOI is looked up once
// and compared, field by field, with every entry that cites it; each entry
// without a DOI is searched by title; each reference line that could not
// be read is not_checked. A row is passed to emit as soon as its window is
// settled, and then forgotten: memory holds the documents, one window, and
// an index per distinct DOI. A DOI cited again later is one row, with
// every place it is cited. Stream stops at the first error of emit, or
// when ctx ends (its error); the report it returns has every count, no
// rows.
func (c *Checker) Stream(ctx context.Context, docs []Document, emit func(Row) error) (Report, error) {
	parsed := make([]bib.Document, len(docs))
	for i, d := range docs {
		parsed[i] = bib.Parse(d.Name, []byte(d.Text))
	}
	entries := entriesByDOI(parsed)
	beside := entriesBeside(parsed)
	items, more := referenceItems(docs, parsed)
	rep := Report{Files: []string{}, Summary: map[string]int{}}
	for _, v := range allVerdicts() {
		rep.Summary[v] = 0
	}
	for _, d := range docs {
		rep.Files = append(rep.Files, d.Name)
	}
	s := &settler{c: c, docs: docs, parsed: parsed, entries: entries, beside: beside, more: more, total: len(items)}
	causes := map[string]*Cause{}
	var err error
	// A document its reader cannot read whole (a CITATION.cff that is not
	// one valid YAML document, CSL JSON that does not parse) is a row of
	// its own, invalid, naming why: the references the text scan still
	// finds in it are not all of them.
	for i, p := range parsed {
		if p.Err != nil && err == nil {
			row := Row{Verdict: VerdictInvalid, Error: fmt.Sprintf("%s cannot be read whole, so some of its references may be missing: %v", docs[i].Name, p.Err)}
			rep.Summary[row.Verdict]++
			err = emit(row)
		}
	}
	for start := 0; start < len(items) && err == nil; start += c.opts.Window {
		rows := s.settle(ctx, items[start:min(start+c.opts.Window, len(items))])
		if ctx.Err() != nil {
			err = ctx.Err()
			break
		}
		for _, row := range rows {
			rep.Summary[row.Verdict]++
			if row.Warning {
				rep.Warnings++
			}
			if row.Verdict == VerdictUnknown {
				key := row.Oracle
				if causes[key] == nil {
					causes[key] = &Cause{Oracle: row.Oracle, Error: row.Error}
					rep.Causes = append(rep.Causes, Cause{})
				}
				causes[key].DOIs++
			}
			if err = emit(row); err != nil {
				break
			}
		}
	}
	rep.Causes = rep.Causes[:0]
	for _, c := range causes {
		rep.Causes = append(rep.Causes, *c)
	}
	sort.Slice(rep.Causes, func(i, j int) bool { return rep.Causes[i].Oracle < rep.Causes[j].Oracle })
	if len(rep.Causes) == 0 {
		rep.Causes = nil
	}
	fields := []zap.Field{zap.Int("files", len(docs)), zap.Int("references", len(items))}
	for _, v := range allVerdicts() {
		fields = append(fields, zap.Int(v, rep.Summary[v]))
	}
	c.opts.Logger.Info("check done", fields...)
	return rep, err
}

// entriesByDOI groups the entries with a DOI of every document (BibTeX,
// RIS, CSL JSON, CFF, .bbl items, and the Markdown or text reference lines
// refline reads), every entry of a DOI in document order: a list that
// cites one DOI twice, once for the wrong paper, is caught on either entry.
func entriesByDOI(docs []bib.Document) map[string][]*bib.Entry {
	out := map[string][]*bib.Entry{}
	for d := range docs {
		for i := range docs[d].Entries {
			e := &docs[d].Entries[i]
			if e.DOI != "" {
				out[e.DOI] = append(out[e.DOI], e)
			}
			for _, more := range e.MoreDOIs {
				out[more] = append(out[more], e)
			}
		}
	}
	return out
}

// entriesBeside groups the entries that write a DOI beside their own
// (OtherDOIs) by that DOI.
func entriesBeside(docs []bib.Document) map[string][]*bib.Entry {
	out := map[string][]*bib.Entry{}
	for d := range docs {
		for i := range docs[d].Entries {
			e := &docs[d].Entries[i]
			if e.DOI == "" {
				continue
			}
			for _, o := range e.OtherDOIs() {
				out[o] = append(out[o], e)
			}
		}
	}
	return out
}

// unrelated is the first of es for which rec, the record of a DOI it
// writes beside its own, is no related paper: not the same work under
// another version (the same title), not a notice naming it (an erratum's
// title holds the entry's), not a reference the entry's text names with
// its own title ("See also: …"). nil when every entry is related or none
// is given.
func unrelated(es []*bib.Entry, rec *oracles.Record) *bib.Entry {
	for _, e := range es {
		if !related(e, rec) {
			return e
		}
	}
	return nil
}

func related(e *bib.Entry, rec *oracles.Record) bool {
	if rec.Title == "" {
		return true
	}
	if compare.Related(e.Title, e.Text, rec.Title) {
		return true
	}
	// A notice is related when its title names no other paper: a bare
	// "Erratum" or "Correction" says nothing of which.
	return evidence.OfRecord(*rec).IsNotice() && len(strings.Fields(rec.Title)) <= 3
}

// referenceItems lists every reference of the documents in input order:
// the first place each distinct DOI is cited (the other places are in
// more, by the first's index), and every entry without a DOI — one whose
// doi field is invalid is reported by that DOI instead. more maps an item
// to the locations of its DOI's later citations.
func referenceItems(docs []Document, parsed []bib.Document) ([]item, map[int][]Location) {
	var items []item
	// first maps a DOI's digest to its first item: 12 bytes a distinct DOI
	// where a string key would hold the DOI again. A digest two DOIs share
	// (a 64-bit collision) falls back to the DOI itself in firstByDOI.
	first := map[uint64]int32{}
	firstByDOI := map[string]int32{}
	lookup := func(d string) (int32, bool) {
		at, ok := first[digest(d)]
		if !ok {
			return 0, false
		}
		it := items[at]
		if parsed[it.doc].DOIs[it.found].DOI == d {
			return at, true
		}
		at, ok = firstByDOI[d]
		return at, ok
	}
	more := map[int][]Location{}
	for d := range parsed {
		var doc []item
		local := map[string]int{}
		localMore := map[int][]Location{}
		for i, f := range parsed[d].DOIs {
			loc := Location{File: docs[d].Name, Line: f.Line, Raw: f.Raw}
			if at, ok := lookup(f.DOI); ok {
				more[int(at)] = append(more[int(at)], loc)
				continue
			}
			if at, ok := local[f.DOI]; ok {
				localMore[at] = append(localMore[at], loc)
				continue
			}
			if len(parsed[d].DOIs) < 1<<16 {
				// Extraction gives each DOI of a document once; this map
				// only guards documents of fewer DOIs than it would cost.
				local[f.DOI] = i
			}
			doc = append(doc, item{doc: int32(d), line: int32(f.Line), found: int32(i)})
		}
		for i := range parsed[d].Entries {
			e := &parsed[d].Entries[i]
			if e.DOI != "" || e.RawDOI != "" || e.Software && e.Unread == "" {
				continue
			}
			doc = append(doc, item{doc: int32(d), line: int32(e.Line), found: -1, entry: e})
		}
		sort.SliceStable(doc, func(a, b int) bool { return lineKey(int(doc[a].line)) < lineKey(int(doc[b].line)) })
		for _, it := range doc {
			if it.entry == nil {
				key := parsed[d].DOIs[it.found].DOI
				if _, taken := first[digest(key)]; taken {
					firstByDOI[key] = int32(len(items))
				} else {
					first[digest(key)] = int32(len(items))
				}
			}
			items = append(items, it)
		}
		// localMore is keyed by the DOI's index in the document: find its
		// item.
		if len(localMore) > 0 {
			byFound := map[int32]int{}
			for i := len(items) - len(doc); i < len(items); i++ {
				if items[i].entry == nil {
					byFound[items[i].found] = i
				}
			}
			for at, locs := range localMore {
				more[byFound[int32(at)]] = locs
			}
		}
	}
	return items, more
}

// digest is a DOI's 64-bit FNV-1a hash.
func digest(d string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(d); i++ {
		h ^= uint64(d[i])
		h *= 1099511628211
	}
	return h
}

// lineKey sorts an item without a known line (0) after those with one.
func lineKey(line int) int {
	if line <= 0 {
		return int(^uint(0) >> 1)
	}
	return line
}

// settler settles windows of items.
type settler struct {
	c       *Checker
	docs    []Document
	parsed  []bib.Document
	entries map[string][]*bib.Entry
	// beside are the entries that write a DOI beside their own, by it.
	beside map[string][]*bib.Entry
	more   map[int][]Location
	total  int

	mu   sync.Mutex
	done int
	next int // index of the window's first item among all items
}

// progress counts n more references settled.
func (s *settler) progress(n int) {
	if s.c.opts.Progress == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done += n
	s.c.opts.Progress(s.done, s.total)
}

// settle answers one window of items and returns its rows in order.
func (s *settler) settle(ctx context.Context, window []item) []Row {
	base := s.next
	s.next += len(window)
	rows := make([]Row, len(window))
	var dois []string
	for i, it := range window {
		if it.entry == nil {
			f := s.parsed[it.doc].DOIs[it.found]
			rows[i] = Row{DOI: f.DOI, Locations: append([]Location{{File: s.docs[it.doc].Name, Line: f.Line, Raw: f.Raw}}, s.more[base+i]...)}
			if f.Invalid != "" {
				rows[i].Verdict, rows[i].Error = VerdictInvalid, f.Invalid
				continue
			}
			dois = append(dois, f.DOI)
		}
	}
	// The DOI-less entries are searched while the DOIs are looked up.
	var wg sync.WaitGroup
	slots := make(chan struct{}, checkParallel)
	for i, it := range window {
		if it.entry == nil {
			continue
		}
		loc := Location{File: s.docs[it.doc].Name, Line: it.entry.Line, Raw: it.entry.Label}
		if it.entry.Unread != "" {
			rows[i] = notChecked(*it.entry, loc)
			continue
		}
		if it.entry.Title == "" {
			// A bibliography entry read whole that gives neither a DOI
			// nor a title: a reference without a DOI all the same.
			rows[i] = Row{Verdict: VerdictNoDOI, Entry: entryOf(*it.entry), Error: "no DOI, and no title to search it by", Locations: []Location{loc},
				Warning: s.c.opts.NoDOI == NoDOIWarn}
			continue
		}
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			rows[i] = s.c.noDOIRow(ctx, *it.entry, loc)
			s.progress(1)
		})
	}
	answers := lookupChunks(ctx, s.c.oracle, dois, func(n int) { s.progress(n) })
	wg.Wait()
	if s.c.opts.Offline {
		for d, res := range answers {
			if res.Status == oracles.NotFound {
				answers[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: res.Oracle, Err: errNotInCorpus}
			}
		}
	}
	for i, it := range window {
		if it.entry != nil || rows[i].Verdict == VerdictInvalid {
			continue
		}
		res, ok := answers[rows[i].DOI]
		if !ok {
			res = oracles.Result{DOI: rows[i].DOI, Status: oracles.Unknown, Oracle: s.c.oracle.Name(), Err: errors.New("no answer")}
		}
		rows[i].fill(res, s.c.opts.Now())
		es := s.entries[rows[i].DOI]
		if len(es) == 0 && rows[i].Verdict == VerdictFound && res.Record != nil {
			if e := unrelated(s.beside[rows[i].DOI], res.Record); e != nil {
				rows[i].Entry = entryOf(*e)
				rows[i].Verdict = VerdictMismatch
				rows[i].Error = fmt.Sprintf("%s writes this DOI beside its own, but it is another paper (“%s”): not its erratum, version or a reference it names", e.Label, cleanTitle(res.Record.Title))
				rows[i].Mismatches = []Mismatch{{Field: "doi", Entry: e.Label, Record: cleanTitle(res.Record.Title), Why: "another paper's DOI written in the entry"}}
				rows[i].Locations = placeFirst(rows[i].Locations, e.Line)
			}
			continue
		}
		if len(es) == 0 || rows[i].Verdict != VerdictFound || res.Record == nil {
			continue
		}
		e, cmp := firstMismatch(es, res.Record, s.c.opts.Compare)
		rows[i].Entry = entryOf(*e)
		rows[i].Notes = cmp.Notes
		if !cmp.OK() {
			rows[i].mismatch(cmp, *e, len(es))
			rows[i].Locations = placeFirst(rows[i].Locations, e.Line)
			if len(es) == 1 {
				// Only a DOI cited by one entry gets a correction: --fix
				// could not tell which of several entries to change.
				wg.Go(func() {
					slots <- struct{}{}
					defer func() { <-slots }()
					s.c.suggestCorrection(ctx, &rows[i], *e)
				})
			}
		}
	}
	wg.Wait()
	return rows
}

// placeFirst moves the first location on line to the front: a mismatch
// row points at the entry that does not fit, in the table and in a
// GitHub annotation, not at the first place its DOI is cited.
func placeFirst(locs []Location, line int) []Location {
	for k, l := range locs {
		if l.Line == line {
			if k > 0 {
				locs = slices.Clone(locs)
				copy(locs[1:k+1], locs[:k])
				locs[0] = l
			}
			break
		}
	}
	return locs
}

// firstMismatch returns the first of es that does not describe rec, with
// its comparison; when every entry does, the first entry and its.
func firstMismatch(es []*bib.Entry, rec *oracles.Record, o compare.Options) (*bib.Entry, compare.Result) {
	var firstRes compare.Result
	for i, e := range es {
		res := comparison(*e, rec, o)
		if !res.OK() {
			return e, res
		}
		if i == 0 {
			firstRes = res
		}
	}
	return es[0], firstRes
}

// notChecked is the row of a reference that could not be read and cites no
// DOI: nothing could be looked up, and it says why.
func notChecked(e bib.Entry, loc Location) Row {
	why := e.Unread
	if why == "" {
		why = "no title and no DOI to look up"
	}
	return Row{Verdict: VerdictNotChecked, Entry: entryOf(e), Error: fmt.Sprintf("not read as a reference: %s", why), Locations: []Location{loc}}
}
