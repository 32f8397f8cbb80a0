package europepmc

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/oracles"
)

// DOIQuery builds the query for a batch of normalised DOIs:
// DOI:"a" OR DOI:"b". Every DOI must have passed doi.Normalize, which
// rejects the characters that could break out of the quotes.
func DOIQuery(dois []string) string {
	var b strings.Builder
	for i, d := range dois {
		if i > 0 {
			b.WriteString(" OR ")
		}
		b.WriteString(`DOI:"`)
		b.WriteString(d)
		b.WriteString(`"`)
	}
	return b.String()
}

// Lookup answers every DOI in dois; see oracles.Oracle. Invalid DOIs are
// answered Unknown without any request; valid ones are asked in batches of
// BatchSize, several batches at once. A batch that fails leaves all its
// DOIs Unknown with the cause. Found preprints that link their published
// version by Europe PMC id ("Preprint of"), and papers that link their
// preprint so ("Preprint in"), get its DOI from one more search per batch,
// sent as soon as that batch is answered (see resolvePublished). TotalBudget bounds each batch from the moment
// it may start, not the whole call: a file of 20,000 DOIs takes as long as
// the rate limit says, and none comes back unknown for waiting its turn.
func (c *Client) Lookup(ctx context.Context, dois []string) map[string]oracles.Result {
	valid, out := oracles.Split(Name, dois)
	if len(valid) == 0 {
		return out
	}
	if err := ctx.Err(); err != nil {
		maps.Copy(out, oracles.UnknownAll(Name, valid, fmt.Errorf("europepmc: lookup %d DOIs: %w", len(valid), err)))
		return out
	}

	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		slots = make(chan struct{}, c.parallel)
	)
	for start := 0; start < len(valid); start += c.batch {
		batch := valid[start:min(start+c.batch, len(valid))]
		wg.Go(func() {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				mu.Lock()
				defer mu.Unlock()
				maps.Copy(out, oracles.UnknownAll(Name, batch, fmt.Errorf("europepmc: lookup %d DOIs: %w", len(batch), ctx.Err())))
				return
			}
			bctx, cancel := oracles.WithBudget(ctx, c.budget)
			got := c.lookupBatch(bctx, batch)
			cancel()
			<-slots
			// The batch's versions are searched as soon as it is answered,
			// while the other batches are in flight: the search is in the
			// same round, not one more round after all of them.
			c.resolvePublished(ctx, got)
			mu.Lock()
			defer mu.Unlock()
			maps.Copy(out, got)
		})
	}
	wg.Wait()
	return out
}

// lookupBatch asks one query for batch and matches returned records to the
// asked DOIs by exact normalised DOI.
func (c *Client) lookupBatch(ctx context.Context, batch []string) map[string]oracles.Result {
	query := DOIQuery(batch)
	pageSize := min(2*len(batch), maxPageSize)
	records := map[string]*oracles.Record{}
	asked := make(map[string]bool, len(batch))
	for _, d := range batch {
		asked[d] = true
	}

	cursor := "*"
	complete := false
	seen := 0        // records received on earlier pages
	var short string // why a finished answer is incomplete, if it is
	var stray string // a returned DOI that was not asked
	for page := 0; page < maxLookupPages; page++ {
		resp, err := c.search(ctx, query, pageSize, cursor)
		if err == nil && resp.ResultList.Result == nil {
			// {"hitCount":1,"resultList":{}} is not a zero-hit answer:
			// Europe PMC always sends "result", empty or not.
			err = &oracles.BadResponseError{Oracle: Name, StatusCode: 200, Reason: "search response has no resultList.result"}
		}
		if err != nil {
			c.log.Debug("batch unknown", zap.Int("dois", len(batch)), zap.Int("page", page+1))
			return oracles.UnknownAll(Name, batch, fmt.Errorf("europepmc: lookup %d DOIs: %w", len(batch), err))
		}
		got := resp.ResultList.Result
		for _, r := range got {
			rec := r.Record()
			if !asked[rec.DOI] {
				// A free-text or unrelated hit never counts, and a record
				// with another DOI means the answer is not one to this
				// query: what it lacks proves nothing.
				if rec.DOI != "" && stray == "" {
					stray = rec.DOI
				}
				continue
			}
			records[rec.DOI] = merge(records[rec.DOI], rec)
		}
		if len(got) < pageSize || resp.NextCursorMark == "" || resp.NextCursorMark == cursor {
			complete = true
			// The last page must hold every hit not yet received, up to a
			// page: fewer, or no cursor with hits still due, is a cut answer.
			remaining := *resp.HitCount - seen
			switch {
			case len(got) < min(remaining, pageSize):
				short = fmt.Sprintf("hitCount %d but %d records received", *resp.HitCount, seen+len(got))
			case resp.NextCursorMark == "" && seen+len(got) < *resp.HitCount:
				short = fmt.Sprintf("hitCount %d but %d records received and no nextCursorMark", *resp.HitCount, seen+len(got))
			}
			break
		}
		seen += len(got)
		cursor = resp.NextCursorMark
	}

	out := make(map[string]oracles.Result, len(batch))
	found := 0
	for _, d := range batch {
		switch rec, ok := records[d]; {
		case ok:
			found++
			out[d] = oracles.Result{DOI: d, Status: oracles.Found, Oracle: Name, Record: rec}
		case !complete:
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: Name,
				Err: &oracles.BadResponseError{Oracle: Name, StatusCode: 200,
					Reason: fmt.Sprintf("DOI query still paging after %d pages", maxLookupPages)}}
		case short != "":
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: Name,
				Err: &oracles.BadResponseError{Oracle: Name, StatusCode: 200, Reason: "incomplete answer: " + short}}
		case stray != "":
			out[d] = oracles.Result{DOI: d, Status: oracles.Unknown, Oracle: Name,
				Err: &oracles.BadResponseError{Oracle: Name, StatusCode: 200,
					Reason: fmt.Sprintf("answer holds a record for %q, which was not asked", stray)}}
		default:
			out[d] = oracles.Result{DOI: d, Status: oracles.NotFound, Oracle: Name}
		}
	}
	c.log.Debug("batch answered", zap.Int("dois", len(batch)), zap.Int("found", found), zap.Bool("complete", complete))
	return out
}

// merge keeps one record per DOI when Europe PMC returns several (the same
// article from two sources): the first non-preprint record wins, and any
// retraction or erratum flag on either is kept, so a warning is never lost.
func merge(have *oracles.Record, next oracles.Record) *oracles.Record {
	if have == nil {
		return &next
	}
	keep := *have
	if keep.Preprint && !next.Preprint {
		keep = next
	}
	keep.Retracted = have.Retracted || next.Retracted
	keep.RetractionNotice = have.RetractionNotice || next.RetractionNotice
	keep.Erratum = have.Erratum || next.Erratum
	keep.Corrected = have.Corrected || next.Corrected
	return &keep
}
