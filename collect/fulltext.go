package collect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/jats"
	"github.com/citeloop/citeloop/oracles"
)

// Defaults of the full-text step.
const (
	// DefaultFullTextTop is how many of the best-ranked entries with an
	// open-access full text have it fetched (collect.full_text_top).
	DefaultFullTextTop = 3
	// DefaultFullTextConcurrency is how many full texts are fetched at
	// once; the oracle's own rate limit and retries still apply to each.
	DefaultFullTextConcurrency = 2
)

// fullTexts fetches, reads and attaches the full text of the first top
// entries whose records say they have one (oracles.Record.OpenAccess),
// concurrently within ft's limits. An entry whose full text cannot be had
// (any "no full text" answer, an outage, a body that is not JATS) is marked
// not checked, with the reason: its quotes must then be in the abstract.
// A full text changes nothing else of the entry: its abstract and hash are
// those of the search record.
func (b *ledgerBuilder) fullTexts(ctx context.Context, open map[string]bool, opts Options) {
	if opts.FullText == nil || opts.FullTextTop < 0 {
		return
	}
	var todo []int
	for i, e := range b.ledger.Entries {
		if len(todo) < opts.FullTextTop && e.PMCID != "" && open[e.DOI] {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		return
	}
	sem := make(chan struct{}, max(1, opts.FullTextConcurrency))
	results := make([]*contract.FullText, len(todo))
	var wg sync.WaitGroup
	for k, i := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			e := b.ledger.Entries[i]
			results[k] = fetchFullText(ctx, opts.FullText, e.PMCID, e.DOI)
		}()
	}
	wg.Wait()
	// Passages share the prompt budget (MaxTotalChars) with the titles
	// and abstracts: what is left after them goes to the best-ranked
	// entries' passages first; a passage that does not fit is left out
	// whole, never cut, and noted.
	left := opts.MaxTotalChars
	for _, e := range b.ledger.Entries {
		left -= utf8.RuneCountInString(e.Text())
	}
	checked, dropped := 0, 0
	for k, i := range todo {
		e := &b.ledger.Entries[i]
		e.FullText = results[k]
		if e.FullText.Checked() {
			checked++
			for _, p := range selectPassages(e.FullText.Sections, e.Text(), BuildQuery(b.ledger.Lead).Terms, opts.MaxPassages, opts.MaxPassageChars) {
				if n := utf8.RuneCountInString(p.Text); n <= left {
					e.Passages = append(e.Passages, p)
					left -= n
				} else {
					dropped++
				}
			}
		} else {
			b.note("%s (%s): full text not checked (%s); its quotes must be in the abstract", e.ID, e.PMCID, e.FullText.Reason)
		}
	}
	if dropped > 0 {
		b.note("%d full-text passage(s) did not fit the prompt budget of %d characters and were left out whole", dropped, opts.MaxTotalChars)
	}
	logging.FromContext(ctx, opts.Logger).Info("full texts", zap.Int("asked", len(todo)), zap.Int("checked", checked))
}

// fetchFullText asks ft for the full text of the entry with pmcid and doi,
// and reads it as that entry's (ReadFullTextOf). It never fails: what it
// cannot read is a full text not checked.
func fetchFullText(ctx context.Context, ft oracles.FullTexter, pmcid, doi string) *contract.FullText {
	res, err := ft.FullText(ctx, pmcid)
	if err != nil {
		reason := "unavailable: " + err.Error()
		if errors.Is(err, oracles.ErrNoFullText) {
			reason = "no full text: " + err.Error()
		}
		return &contract.FullText{Status: contract.FullTextNotChecked, Reason: reason, ID: pmcid}
	}
	return ReadFullTextOf(res, doi)
}

// ReadFullTextOf reads res as the full text of the article with doi (and
// the PMCID res was asked for, res.ID): the front matter must name that
// article, by its DOI or its PMCID, and name no other. A full text that
// names another article, or none, is not checked: it cannot be told to be
// the cited paper's, so none of its words may back a quote.
func ReadFullTextOf(res oracles.FullText, doi string) *contract.FullText {
	f, front := readFullText(res)
	if !f.Checked() {
		return f
	}
	if why := otherArticle(front, doi, res.ID); why != "" {
		*f = contract.FullText{Status: contract.FullTextNotChecked, Reason: why, Oracle: f.Oracle, ID: f.ID, Hash: f.Hash}
	}
	return f
}

// otherArticle says why front does not identify the article with doi and
// pmcid ("" when it does): an identifier it holds differs, or it holds
// neither.
func otherArticle(front articleIDs, doi, pmcid string) string {
	sameDOI := front.doi != "" && doi != "" && contract.FoldID(front.doi) == contract.FoldID(doi)
	samePMC := front.pmcid != "" && pmcid != "" && contract.FoldID(front.pmcid) == contract.FoldID(pmcid)
	switch {
	case front.doi != "" && doi != "" && !sameDOI:
		return fmt.Sprintf("the full text is of another article: its front matter names DOI %s, the record %s", front.doi, doi)
	case front.pmcid != "" && pmcid != "" && !samePMC:
		return fmt.Sprintf("the full text is of another article: its front matter names %s, the record %s", front.pmcid, pmcid)
	case !sameDOI && !samePMC:
		return "the full text's front matter names neither the record's DOI nor its PMCID, so it cannot be told to be this article's"
	}
	return ""
}

// articleIDs are the identifiers a full text's front matter gives.
type articleIDs struct{ doi, pmcid string }

// ReadFullText reads a full text as the ledger keeps it: its sections with
// their paths, kinds and hashes (texts held in memory only), its form and
// licence. A body that is not a JATS article is a full text not checked.
func ReadFullText(res oracles.FullText) *contract.FullText {
	f, _ := readFullText(res)
	return f
}

// readFullText is ReadFullText with the identifiers the front matter gives.
func readFullText(res oracles.FullText) (*contract.FullText, articleIDs) {
	hash := res.Hash
	if hash == "" {
		hash = oracles.ContentHash(res.Body)
	}
	f := &contract.FullText{Oracle: res.Oracle, ID: res.ID, Hash: hash}
	a, err := jats.Read(bytes.NewReader(res.Body))
	if err != nil {
		f.Status, f.Reason = contract.FullTextNotChecked, fmt.Sprintf("unreadable: %v", err)
		return f, articleIDs{}
	}
	f.Status, f.Form, f.License = contract.FullTextChecked, string(a.Form), a.License

	for _, s := range a.Sections {
		f.Sections = append(f.Sections, contract.TextSection{Path: s.Path, Kind: string(s.Kind), Hash: s.Hash(), Text: s.Text, Raw: s.Raw})
	}
	return f, articleIDs{doi: a.DOI, pmcid: a.PMCID}
}
