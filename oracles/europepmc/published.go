package europepmc

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.uber.org/zap"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// linkSource and linkID are what a commentCorrection link may hold to be
// searched: a source code such as MED or PPR and an id of letters and
// digits. Anything else could change the query's meaning.
var (
	linkSource = regexp.MustCompile(`^[A-Z]{3}$`)
	linkID     = regexp.MustCompile(`^[A-Za-z0-9]{1,20}$`)
)

// preprintLink is "MED 42732137" for a link to source MED, id 42732137;
// false when either part could not be searched safely.
func preprintLink(source, id string) (string, bool) {
	if !linkSource.MatchString(source) || !linkID.MatchString(id) {
		return "", false
	}
	return source + " " + id, true
}

// linkQuery is the search for the records links name: (EXT_ID:1 AND
// SRC:MED) OR (EXT_ID:2 AND SRC:MED). Links are built by preprintLink.
func linkQuery(links []string) string {
	parts := make([]string, len(links))
	for i, l := range links {
		src, id, _ := strings.Cut(l, " ")
		parts[i] = "(EXT_ID:" + id + " AND SRC:" + src + ")"
	}
	return strings.Join(parts, " OR ")
}

// linkBatch is how many links one published-version search asks for: a
// term is short, so a check's preprints fit one search, sent by POST when
// long (see Options.PostOver).
const linkBatch = 100

// resolvePublished looks up, in one search per linkBatch links, the DOIs
// of the published versions that the found preprints in out link by
// Europe PMC id (PublishedAs, "Preprint of"), and sets PublishedDOI. A
// paper's link to its preprint (PreprintAs, "Preprint in") is not
// searched: the row names the preprint by its id, and a published paper
// with a preprint is common enough that resolving it would cost a request
// in most batches. A search that fails, or a linked record without a DOI,
// leaves the id as the only name of the published version: the record's
// own answer never changes.
func (c *Client) resolvePublished(ctx context.Context, out map[string]oracles.Result) {
	var links []string
	seen := map[string]bool{}
	want := func(l string) {
		if l != "" && !seen[l] {
			seen[l] = true
			links = append(links, l)
		}
	}
	for _, r := range out {
		if r.Status != oracles.Found || r.Record == nil {
			continue
		}
		if r.Record.PublishedDOI == "" {
			want(r.Record.PublishedAs)
		}
	}
	if len(links) == 0 {
		return
	}
	dois := map[string]string{}
	failed := 0
	slices.Sort(links) // one query for one set, whatever the map's order
	for start := 0; start < len(links); start += linkBatch {
		batch := links[start:min(start+linkBatch, len(links))]
		got, err := c.linkedDOIs(ctx, batch)
		if err != nil {
			failed += len(batch)
			c.log.Debug("published versions unresolved", zap.Int("links", len(batch)), zap.Error(err))
			continue
		}
		for l, d := range got {
			dois[l] = d
		}
	}
	for _, r := range out {
		if r.Record == nil {
			continue
		}
		if d, ok := dois[r.Record.PublishedAs]; ok && r.Record.PublishedDOI == "" {
			r.Record.PublishedDOI = d
		}
	}
	c.log.Debug("published versions", zap.Int("links", len(links)), zap.Int("resolved", len(dois)), zap.Int("failed", failed))
}

// linkedDOIs returns the DOI of each record of links that the search
// returns with one.
func (c *Client) linkedDOIs(ctx context.Context, links []string) (map[string]string, error) {
	bctx, cancel := oracles.WithBudget(ctx, c.budget)
	defer cancel()
	resp, err := c.search(bctx, linkQuery(links), min(2*len(links), maxPageSize), "*")
	if err != nil {
		return nil, fmt.Errorf("europepmc: published versions of %d preprints: %w", len(links), err)
	}
	out := map[string]string{}
	for _, r := range resp.ResultList.Result {
		d, err := doi.Normalize(r.DOI)
		if err != nil {
			continue
		}
		for _, id := range []string{r.ID, r.PMID} {
			if l, ok := preprintLink(r.Source, id); ok {
				out[l] = d
			}
		}
	}
	return out, nil
}
